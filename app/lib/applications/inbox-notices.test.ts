import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { messages as enMessages } from "#app/locales/en/messages.po";
import { messages as esMessages } from "#app/locales/es/messages.po";
import { newApplicationNotice, newContactMessageNotice } from "./application-emails";
import { newFosterNotice } from "../foster/foster-emails";
import { newVolunteerNotice } from "../volunteer/volunteer-emails";

const i18nFor = (locale: "en" | "es") =>
  setupI18n({ locale, messages: { [locale]: locale === "en" ? enMessages : esMessages } });
const applicant = { name: "Robin Reyes", email: "robin@example.com" };
const link = "https://shelter.example/petadmin/inbox/x/1";

describe("the shelter's own notices, in its inbox's language (shelter.inboxLanguage)", () => {
  it("are in English for an English-speaking shelter", () => {
    const en = i18nFor("en");
    const application = newApplicationNotice(
      applicant,
      "Luna",
      { fullName: "Robin Reyes", phone: "707 555 0100" },
      link,
      en,
    );
    expect(application).toMatchObject({
      to: shelter.email,
      subject: "New adoption application for Luna from Robin Reyes",
    });
    expect(application.text).toContain(
      "Robin Reyes (robin@example.com) applied to adopt Luna.\n\nFull name: Robin Reyes\nPhone: 707 555 0100",
    );
    expect(application.text).toContain(`Open it in the inbox:\n\n${link}`);
    expect(newContactMessageNotice({ ...applicant, message: "Hi" }, link, en).subject).toBe(
      "New message from Robin Reyes",
    );
    expect(newFosterNotice(applicant, "Luna", link, en).text).toContain("applied to foster (asking about Luna).");
    expect(newVolunteerNotice({ ...applicant, role: "event-planning" }, link, en).subject).toBe(
      "New volunteer application: Event Planning",
    );
  });

  it("are in Spanish for a Spanish-speaking one, with no English left", () => {
    const es = i18nFor("es");
    const application = newApplicationNotice(applicant, "Luna", { fullName: "Robin Reyes" }, link, es);
    expect(application.subject).toBe("Nueva solicitud de adopción de Luna de parte de Robin Reyes");
    expect(application.text).toContain("Robin Reyes (robin@example.com) solicitó adoptar a Luna.");
    expect(application.text).toContain("Nombre completo: Robin Reyes");
    expect(application.text).toContain("Ábrela en la bandeja de entrada:");
    const message = newContactMessageNotice({ ...applicant, message: "Hola" }, link, es);
    expect(message.subject).toBe("Nuevo mensaje de Robin Reyes");
    expect(message.text).toContain("Robin Reyes (robin@example.com) escribió:\n\nHola");
    const foster = newFosterNotice(applicant, null, link, es);
    expect(foster.subject).toBe("Nueva solicitud de hogar temporal de Robin Reyes");
    expect(foster.text).toContain("solicitó ser familia de acogida.");
    const volunteer = newVolunteerNotice({ ...applicant, role: "event-planning" }, link, es);
    expect(volunteer.subject).toBe("Nueva solicitud de voluntariado: Organización de eventos");
    for (const email of [application, message, foster, volunteer])
      expect(`${email.subject}\n${email.text.replace(link, "")}`).not.toMatch(/\b(applied|inbox|New |wrote)\b/);
  });
});
