import { describe, expect, it } from "vitest";
import { i18nFor } from "#app/locales/catalogs.server";
import { signature, type Email } from "#app/lib/email/emails";
import { careCalendars, careSummaryText, withCareSummary, type CareSummary } from "#app/lib/care/care-email";

const care: CareSummary = {
  fixed: "yes",
  fixedOn: "2026-11-01",
  fixedDueOn: null,
  chipNumber: "900012345678901",
  vaccinations: [
    { disease: "fvrcp", otherName: null, givenOn: "2026-08-01", nextDueOn: "2026-09-01" },
    { disease: "fvrcp", otherName: null, givenOn: "2026-09-01", nextDueOn: "2027-09-01" },
    { disease: "rabies", otherName: null, givenOn: "2026-09-02", nextDueOn: null },
  ],
};
const pet = { id: 7, name: "Miso", sex: "Female" };

describe("the care summary of the adoption e-mail", () => {
  it("lists the latest dose of each vaccine, spay, and sends an unknown maker's chip to the AAHA lookup", () => {
    const text = careSummaryText(pet, care, i18nFor("en"));
    expect(text).toContain("- FVRCP: given September 1, 2026, next due September 1, 2027");
    expect(text).not.toContain("August 1, 2026");
    expect(text).toContain("- Rabies: given September 2, 2026\n");
    expect(text).toContain("Spayed on November 1, 2026.");
    expect(text).toContain("the AAHA lookup below tells which registry holds the chip");
    expect(text).toContain("https://www.petmicrochiplookup.org/");
  });

  it("speaks the adopter's language", () => {
    const text = careSummaryText(pet, care, i18nFor("es"));
    expect(text).toContain("La ficha de salud de Miso, para que la guardes:");
    expect(text).toContain("- FVRCP: puesta el 1 de septiembre de 2026, próxima dosis el 1 de septiembre de 2027");
    expect(text).toContain("Esterilizada el 1 de noviembre de 2026.");
  });

  it("attaches one calendar file per next due date still to come, and keeps the signature last", () => {
    expect(careCalendars(pet, care, "2026-11-28", "shelter.example").map((file) => file.filename)).toEqual([
      "fvrcp-due-2027-09-01.ics",
    ]);
    expect(careCalendars(pet, care, "2027-09-02", "shelter.example")).toEqual([]);
    const email: Email = { to: "a@example.com", subject: "Adopted", text: `Hello,\n\nNews.${signature}` };
    const withCare = withCareSummary(email, pet, care, "2026-11-28", "shelter.example", i18nFor("en"));
    expect(withCare.text.startsWith("Hello,\n\nNews.\n\nMiso's care record, to keep:")).toBe(true);
    expect(withCare.text.endsWith(signature)).toBe(true);
    expect(withCare.attachments).toHaveLength(1);
  });
});
