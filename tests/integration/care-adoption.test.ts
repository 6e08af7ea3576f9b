import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as careAction } from "#app/routes/petadmin/pet-care";
import { type CookieJar, createTestEnv, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** Going home with the record (issue 45): whenever a pet is marked adopted, the adopter's e-mail carries its care. */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

interface Mail {
  subject: string;
  text: string;
  attachments: string | null;
}
const outboxTo = async (to: string) => {
  await t.settle();
  return (
    await t.env.DB.prepare('select subject, text, attachments from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<Mail>()
  ).results;
};
const care = (petId: number, fields: Record<string, string>) =>
  respond(t, careAction, withCookies(postForm(`/petadmin/pets/${petId}/care`, fields), staff), { id: String(petId) });
const petVersion = async (petId: number) =>
  String(
    (await t.env.DB.prepare("select version from pets where id = ?").bind(petId).first<{ version: number }>())!.version,
  );

async function petWithCare(name: string) {
  const pet = await insertPet(t.env.DB, { name, species: "Dog", sex: "Female" });
  await care(pet.id, {
    intent: "vaccination",
    disease: "rabies",
    givenOn: "2026-11-20",
    nextDueOn: "2099-11-20",
    lot: "SECRET-LOT",
    version: "0",
  });
  await care(pet.id, { intent: "vaccination", disease: "dhpp", givenOn: "2026-11-21", version: "1" });
  await care(pet.id, { intent: "fixed", fixed: "yes", fixedOn: "2026-11-01", version: "2" });
  await care(pet.id, { intent: "chip", chipNumber: "985112003456789", version: "3" });
  await care(pet.id, { intent: "note", kind: "note", text: "Shy with the vet", version: "4" });
  return pet;
}

function expectCareSummary(mail: Mail | undefined, petName: string) {
  expect(mail).toBeDefined();
  const text = mail!.text;
  expect(text).toContain(`${petName}'s care record, to keep:`);
  expect(text).toContain("- Rabies: given November 20, 2026, next due November 20, 2099");
  expect(text).toContain("- DHPP: given November 21, 2026");
  expect(text).toContain("Spayed on November 1, 2026.");
  expect(text).toContain("Microchip number: 985112003456789");
  expect(text).toContain("on HomeAgain's page below");
  expect(text).toContain("https://www.homeagain.com/");
  expect(text).toContain("https://www.petmicrochiplookup.org/");
  // Staff-only parts of the record never go out.
  expect(text).not.toContain("SECRET-LOT");
  expect(text).not.toContain("Shy with the vet");
  const attachments = JSON.parse(mail!.attachments ?? "[]") as { filename: string; content: string }[];
  expect(attachments.map((attachment) => attachment.filename)).toEqual(["rabies-due-2099-11-20.ics"]);
  expect(attachments[0]!.content).toContain("BEGIN:VCALENDAR");
  expect(attachments[0]!.content).toMatch(/DTSTART;VALUE=DATE:20991120/);
}

describe("the adoption e-mail", () => {
  it("carries the care summary and a calendar file when staff mark the application adopted", async () => {
    const pet = await petWithCare("Willow");
    const adopter = await createAccount(t.env.DB, { firstName: "Ada" });
    const jar = await signedIn(t, adopter);
    const sent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
    );
    const id = Number(sent.headers.get("Location")!.split("=")[1]);
    const staffPost = (fields: Record<string, string>) =>
      respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), {
        id: String(id),
      });
    expect((await staffPost({ intent: "approve", version: "1" })).status).toBe(302);
    const approved = (await outboxTo(adopter.email)).at(-1);
    expect(approved?.text).not.toContain("care record");
    expect((await staffPost({ intent: "adopt", version: "2" })).status).toBe(302);
    const adopted = (await outboxTo(adopter.email)).at(-1);
    expect(adopted?.subject).toBe("Your application to adopt Willow: adopted");
    expectCareSummary(adopted, "Willow");
  });

  it("carries it when staff mark the pet adopted on its page, with no application", async () => {
    const pet = await petWithCare("Hazel");
    const adopter = await createAccount(t.env.DB, { firstName: "Bo" });
    const marked = await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", {
          intent: "adopt",
          petId: String(pet.id),
          version: await petVersion(pet.id),
          email: adopter.email,
        }),
        staff,
      ),
    );
    expect(marked.status).toBe(302);
    const mails = await outboxTo(adopter.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Hazel's care record"]);
    expectCareSummary(mails[0], "Hazel");
  });

  it("says what little is known for a pet with no care record, and still goes", async () => {
    const pet = await insertPet(t.env.DB, { name: "Plain", species: "Cat", sex: "Male" });
    const adopter = await createAccount(t.env.DB);
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(pet.id), version: "1", email: adopter.email }),
        staff,
      ),
    );
    const [mail] = await outboxTo(adopter.email);
    expect(mail?.text).toContain("Vaccinations:\n- None on record.");
    expect(mail?.text).not.toContain("Microchip number");
    expect(mail?.attachments).toBeNull();
  });
});
