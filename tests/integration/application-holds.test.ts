import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as myAction, loader as myLoader } from "#app/routes/adopt/applications";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { crons, runScheduled } from "#server/scheduled";
import { shelter } from "#app/config/shelter";
import { formatHoldEnd } from "#app/lib/visits/business-hours";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { i18nFor } from "#app/locales/catalogs.server";

/**
 * An application and its pet's hold are one state (issue 22, part 1; decision 032 as amended): every
 * way a hold ends moves the application that made it, and no move of an application changes a pet
 * that moved on since the page was read.
 */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
const applicationRow = (id: number) =>
  t.env.DB.prepare("select * from adoption_applications where id = ?")
    .bind(id)
    .first<{ status: string; version: number }>();
const petRow = (id: number) =>
  t.env.DB.prepare("select * from pets where id = ?").bind(id).first<Record<string, unknown>>();
const eventsOf = async (id: number) =>
  (
    await rows<{ status: string }>("select status from application_events where application_id = ? order by id", id)
  ).map((row) => row.status);
const outboxTo = async (to: string) => {
  await t.settle();
  return rows<{ subject: string; text: string }>(
    'select subject, text from outbox_messages where "to" = ? order by id',
    to,
  );
};

const staffPost = (id: number, fields: Record<string, string>) =>
  respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), { id: String(id) });
const petPost = (petId: number, fields: Record<string, string>) =>
  respond(t, editAction, withCookies(postForm("/petadmin/edit", { petId: String(petId), ...fields }), staff));
const version = async (petId: number) => String((await petRow(petId))!.version);
const myApplications = async (jar: CookieJar) =>
  (await respond(t, myLoader, withCookies(getRequest("/applications"), jar))).data as {
    applications: { id: number; status: string; heldForYou: boolean; heldSince: string | null }[];
  };

async function applicant(firstName: string) {
  const account = await createAccount(t.env.DB, { firstName, lastName: "Adopter" });
  return { account, jar: await signedIn(t, account) };
}
async function applyFor(jar: CookieJar, petId: number) {
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`/adopt/apply?pet_id=${petId}`, { intent: "submit", ...goodAnswers }), jar),
  );
  expect(sent.headers.get("Location")).toMatch(/^\/applications\?sent=\d+$/);
  return Number(sent.headers.get("Location")!.split("=")[1]);
}
/** A pet with one approved application: held for its applicant (`before` runs before the approval). */
async function approvedApplication(petName: string, before?: (petId: number) => Promise<void>) {
  const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
  const ada = await applicant("Ada");
  const id = await applyFor(ada.jar, pet.id);
  await before?.(pet.id);
  expect((await staffPost(id, { intent: "approve", version: "1" })).status).toBe(302);
  expect(await petRow(pet.id)).toMatchObject({ on_hold_email: ada.account.email });
  return { pet, ada, id };
}

describe("a hold that came from an application ends, and the application moves on with it", () => {
  it("when the hourly run ends it: the application's hold has ended, in its history, and the adopter is told", async () => {
    const { pet, ada, id } = await approvedApplication("Lapsed");
    const until = (await petRow(pet.id))!.on_hold_until as number;
    await runScheduled(t.env, crons.hourly, until + 60_000, i18nFor);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null });
    expect(await applicationRow(id)).toMatchObject({ status: "hold_ended", version: 3 });
    expect(await eventsOf(id)).toEqual(["submitted", "approved", "hold_ended"]);
    const mails = await outboxTo(ada.account.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Your application to adopt Lapsed: submitted",
      "Your application to adopt Lapsed: approved",
      "Your application to adopt Lapsed: hold ended",
    ]);
    expect(mails.at(-1)!.text).toContain("hold on Lapsed has ended");
    // The approval said until when, and when the shelter is open.
    expect(mails[1]!.text).toContain(
      `We hold Lapsed for you until ${formatHoldEnd(new Date(until), shelter.openingHours.timeZone)}.`,
    );
    expect(mails[1]!.text).toContain(shelter.hours);
    // The application stays open: staff may approve it again, or decline it; the adopter may withdraw it.
    const open = await respond(t, inboxLoader, withCookies(getRequest(`/petadmin/inbox?pet=${pet.id}`), staff));
    expect((open.data as { items: { id: number; status: string }[] }).items).toEqual([
      expect.objectContaining({ id, status: "hold_ended" }),
    ]);
    expect((await staffPost(id, { intent: "approve", version: "3" })).status).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: ada.account.email });
  });

  it("when staff end it on the pet's page", async () => {
    const { pet, ada, id } = await approvedApplication("Released");
    const released = await petPost(pet.id, { intent: "release", version: await version(pet.id) });
    expect(released.status).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null });
    expect(await applicationRow(id)).toMatchObject({ status: "hold_ended" });
    expect(await eventsOf(id)).toEqual(["submitted", "approved", "hold_ended"]);
    expect((await outboxTo(ada.account.email)).map((mail) => mail.subject).at(-1)).toBe(
      "Your application to adopt Released: hold ended",
    );
  });

  it("when staff decline the approved application (allowed), in the same write", async () => {
    const { pet, ada, id } = await approvedApplication("Declined After");
    const declined = await staffPost(id, {
      intent: "decline",
      version: "2",
      reason: "We found a better match for her energy.",
    });
    expect(declined.headers.get("Location")).toBe(`/petadmin/inbox/application/${id}?done=declined`);
    expect(await applicationRow(id)).toMatchObject({ status: "declined" });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null, on_hold_until: null });
    expect(
      (await rows<{ summary: string }>("select summary from pet_changes where pet_id = ? order by id", pet.id))
        .map((row) => row.summary)
        .at(-1),
    ).toBe(`Hold removed (was ${ada.account.email}) (application #${id} declined)`);
    expect((await outboxTo(ada.account.email)).map((mail) => mail.subject).at(-1)).toBe(
      "Your application to adopt Declined After: declined",
    );
  });
});

describe("an old approval never overrides a newer hold or adoption", () => {
  it("refuses Mark adopted on the first application once the pet is held for a second applicant, and /applications tells each the truth", async () => {
    const bo = await applicant("Bo");
    let second = 0;
    const {
      pet,
      ada,
      id: first,
    } = await approvedApplication("Contested Twice", async (petId) => {
      second = await applyFor(bo.jar, petId);
    });
    expect((await petPost(pet.id, { intent: "release", version: await version(pet.id) })).status).toBe(302);
    expect((await staffPost(second, { intent: "approve", version: "1" })).status).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: bo.account.email });

    // The first application's page was read while it was approved (version 2).
    const stale = await staffPost(first, { intent: "adopt", version: "2" });
    expect(stale.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: bo.account.email, adopted_email: null });
    expect(await applicationRow(second)).toMatchObject({ status: "approved" });

    const adas = await myApplications(ada.jar);
    expect(adas.applications.find((application) => application.id === first)).toMatchObject({
      status: "hold_ended",
      heldForYou: false,
      heldSince: null,
    });
    const bos = await myApplications(bo.jar);
    expect(bos.applications.find((application) => application.id === second)).toMatchObject({
      status: "approved",
      heldForYou: true,
    });
  });

  it("refuses Mark adopted when the pet is held for someone else, whatever the application says", async () => {
    const { pet, id } = await approvedApplication("Hand Held");
    // A hold set straight in the data, as before this fix (the application stayed approved).
    await t.env.DB.prepare("update pets set on_hold_email = 'walk.in@example.com', version = version + 1 where id = ?")
      .bind(pet.id)
      .run();
    const refused = await staffPost(id, { intent: "adopt", version: "2" });
    expect(refused.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: "walk.in@example.com", adopted_email: null });
  });

  it("refuses to replace a recorded adopter, start a review for an adopted pet, or approve a pet adopted since", async () => {
    const pet = await insertPet(t.env.DB, { name: "Gone Home", species: "Dog" });
    const cy = await applicant("Cy");
    const id = await applyFor(cy.jar, pet.id);
    await petPost(pet.id, { intent: "adopt", version: "1", email: "first.family@example.com" });
    expect((await staffPost(id, { intent: "review", version: "1" })).status).toBe(409);
    expect((await staffPost(id, { intent: "approve", version: "1" })).status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: "first.family@example.com", on_hold_email: null });
    // The adoption closed it in its own batch: "pet no longer available" (issue 24), so nothing moves it on.
    expect(await applicationRow(id)).toMatchObject({ status: "no_longer_available", version: 2 });
    expect(
      (
        await respond(
          t,
          myAction,
          withCookies(postForm("/applications", { intent: "withdraw", id: String(id), version: "2" }), cy.jar),
        )
      ).status,
    ).toBe(409);
  });

  it("marks the application adopted when staff mark its holder adopted on the pet's page", async () => {
    const { pet, ada, id } = await approvedApplication("Adopted Here");
    expect(
      (await petPost(pet.id, { intent: "adopt", version: await version(pet.id), email: ada.account.email })).status,
    ).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: ada.account.email, on_hold_email: null });
    expect(await applicationRow(id)).toMatchObject({ status: "adopted" });
    expect((await outboxTo(ada.account.email)).map((mail) => mail.subject).at(-1)).toBe(
      "Your application to adopt Adopted Here: adopted",
    );
  });
});

describe("newly adopted on the pet's page takes priority over an application's hold (spec §4)", () => {
  it("ends the applicant's hold when someone else is marked adopted, and tells them", async () => {
    const { pet, ada, id } = await approvedApplication("Went Elsewhere");
    expect(
      (await petPost(pet.id, { intent: "adopt", version: await version(pet.id), email: "walk.in@example.com" })).status,
    ).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: "walk.in@example.com", on_hold_email: null });
    expect(await applicationRow(id)).toMatchObject({ status: "hold_ended" });
    expect((await outboxTo(ada.account.email)).map((mail) => mail.subject).at(-1)).toBe(
      "Your application to adopt Went Elsewhere: hold ended",
    );
  });
});

describe("a hold's start and End hold now tell the holder, as the scheduled end does", () => {
  it("emails a holder whose address is confirmed, and nobody else", async () => {
    const holder = await createAccount(t.env.DB, { firstName: "Hal" });
    const pet = await insertPet(t.env.DB, { name: "Ended Now" });
    await petPost(pet.id, { intent: "hold", version: "1", email: holder.email });
    const until = formatHoldEnd(
      new Date((await petRow(pet.id))!.on_hold_until as number),
      shelter.openingHours.timeZone,
    );
    expect((await petPost(pet.id, { intent: "release", version: "2" })).status).toBe(302);
    const mails = await outboxTo(holder.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Ended Now is on hold for you",
      "Your hold on Ended Now has ended",
    ]);
    expect(mails[0]!.text).toContain(`We hold Ended Now for you until ${until}.`);
    expect(mails[0]!.text).toContain(shelter.hours);
    expect(mails[1]!.text).toContain(`/adopt/pet?pet_id=${pet.id}`);

    const unconfirmed = await createAccount(t.env.DB, { confirmed: false });
    const other = await insertPet(t.env.DB, { name: "Unconfirmed Holder" });
    await petPost(other.id, { intent: "hold", version: "1", email: unconfirmed.email });
    await petPost(other.id, { intent: "release", version: "2" });
    await petPost(other.id, { intent: "hold", version: "3", email: "no.account@example.com" });
    await petPost(other.id, { intent: "release", version: "4" });
    expect(await petRow(other.id)).toMatchObject({ on_hold_email: null, version: 5 });
    expect(await outboxTo(unconfirmed.email)).toEqual([]);
    expect(await outboxTo("no.account@example.com")).toEqual([]);
  });
});
