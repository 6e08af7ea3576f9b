import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction, loader as applyLoader } from "#app/routes/adopt/apply";
import { action as myAction, loader as myLoader } from "#app/routes/adopt/applications";
import { action as itemAction, loader as itemLoader } from "#app/routes/petadmin/inbox/application";
import { action as messageAction, loader as messageLoader } from "#app/routes/petadmin/inbox/message";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { loader as adminLoader } from "#app/routes/petadmin/index";
import { loader as listLoader } from "#app/routes/adopt/species";
import { action as homeAction } from "#app/routes/site/home";
import { shelter } from "#app/config/shelter";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { crons, runScheduled } from "#server/scheduled";
import { injectFaults } from "./faults";
import { i18nFor } from "#app/locales/catalogs.server";

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
    .first<{ status: string; version: number; decline_reason: string | null; user_id: number }>();
const petRow = (id: number) =>
  t.env.DB.prepare("select * from pets where id = ?").bind(id).first<Record<string, unknown>>();
const outboxTo = async (to: string) => {
  await t.settle();
  return rows<{ subject: string; text: string }>('select * from outbox_messages where "to" = ? order by id', to);
};

const apply = (jar: CookieJar, petId: number, fields: Record<string, string>) =>
  respond(t, applyAction, withCookies(postForm(`/adopt/apply?pet_id=${petId}`, fields), jar));
const staffPost = (jar: CookieJar, id: number, fields: Record<string, string>) =>
  respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), jar), { id: String(id) });
const myApplications = async (jar: CookieJar) =>
  (await respond(t, myLoader, withCookies(getRequest("/applications"), jar))).data as {
    applications: {
      id: number;
      status: string;
      version: number;
      declineReason: string | null;
      heldForYou: boolean;
      history: { status: string }[];
    }[];
  };

async function adopterWithApplication(petName = "Applied For") {
  const account = await createAccount(t.env.DB, { firstName: "Ada", lastName: "Adopter" });
  const jar = await signedIn(t, account);
  const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
  const sent = await apply(jar, pet.id, { intent: "submit", ...goodAnswers });
  expect(sent.headers.get("Location")).toMatch(/^\/applications\?sent=\d+$/);
  const id = Number(sent.headers.get("Location")!.split("=")[1]);
  return { account, jar, pet, id };
}

describe("the application form", () => {
  it("sends visitors to sign in and back; refuses staff and unconfirmed accounts", async () => {
    const pet = await insertPet(t.env.DB);
    const visitor = await respond(t, applyLoader, getRequest(`/adopt/apply?pet_id=${pet.id}`));
    expect(visitor.headers.get("Location")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent(`/adopt/apply?pet_id=${pet.id}`)}`,
    );
    expect((await apply(staff, pet.id, { intent: "submit", ...goodAnswers })).status).toBe(403);
    expect(
      (await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${pet.id}`), staff))).data,
    ).toMatchObject({ refusal: "staff" });
    const unconfirmed = await signedIn(t, await createAccount(t.env.DB, { confirmed: false }));
    expect((await apply(unconfirmed, pet.id, { intent: "submit", ...goodAnswers })).status).toBe(403);
    expect(await rows("select * from adoption_applications where pet_id = ?", pet.id)).toEqual([]);
    const missing = await respond(t, applyLoader, withCookies(getRequest("/adopt/apply?pet_id=999999"), staff));
    expect(missing.status).toBe(404);
  });

  it("starts from the profile and the questionnaire, keeps a draft, and sends once", async () => {
    const account = await createAccount(t.env.DB, { firstName: "Drafty", lastName: "Person" });
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(
        JSON.stringify({
          a1: "Apartment",
          a2: { children: 2, youngestAge: "Baby (1 - 3 Years)" },
          a3: ["Cat"],
          a4: [],
        }),
        account.id,
      )
      .run();
    const jar = await signedIn(t, account);
    const pet = await insertPet(t.env.DB, { name: "Drafted" });
    const page = await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${pet.id}`), jar));
    expect((page.data as { defaults: Record<string, string> }).defaults).toMatchObject({
      fullName: "Drafty Person",
      housing: "Apartment",
      children: "2",
      allergies: "Cat",
      otherPetsNeutered: "I have no other pets",
    });

    const draft = await apply(jar, pet.id, {
      intent: "draft",
      fullName: "Drafty P.",
      phone: "555",
      unknownField: "dropped",
    });
    expect(draft.headers.get("Location")).toBe(`/adopt/apply?pet_id=${pet.id}&saved=draft`);
    const again = await respond(
      t,
      applyLoader,
      withCookies(getRequest(`/adopt/apply?pet_id=${pet.id}&saved=draft`), jar),
    );
    expect(again.data).toMatchObject({
      hasDraft: true,
      saved: true,
      defaults: { fullName: "Drafty P.", phone: "555" },
    });
    expect((again.data as { defaults: Record<string, string> }).defaults).not.toHaveProperty("unknownField");

    const invalid = await apply(jar, pet.id, {
      intent: "submit",
      ...goodAnswers,
      phone: "call me",
      ownership: "I rent it",
    });
    expect(invalid.status).toBe(400);
    const reply = (
      invalid.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(reply.error.phone).toBeDefined();
    expect(reply.error.landlordAllowsPets).toEqual(["Tell us whether your landlord allows pets"]);
    expect(reply.initialValue.reason).toBe(goodAnswers.reason);
    expect(await rows("select status from adoption_applications where pet_id = ?", pet.id)).toEqual([
      { status: "draft" },
    ]);

    const sent = await apply(jar, pet.id, { intent: "submit", ...goodAnswers });
    expect(sent.headers.get("Location")).toMatch(/^\/applications\?sent=\d+$/);
    expect(await rows("select status from adoption_applications where pet_id = ?", pet.id)).toEqual([
      { status: "submitted" },
    ]);
    const twice = await apply(jar, pet.id, { intent: "submit", ...goodAnswers });
    expect(twice.headers.get("Location")).toBe("/applications");
    expect(await apply(jar, pet.id, { intent: "draft", fullName: "Late draft" })).toMatchObject({ status: 302 });
    expect(await rows("select status from adoption_applications where pet_id = ?", pet.id)).toEqual([
      { status: "submitted" },
    ]);

    expect((await outboxTo(account.email)).map((mail) => mail.subject)).toEqual([
      "Your application to adopt Drafted: submitted",
    ]);
    const [notice] = (await outboxTo(shelter.email)).filter((mail) => mail.subject.includes("Drafted"));
    expect(notice?.text).toContain("Why would you like to adopt this pet?: We fell for this face");
    const mine = await myApplications(jar);
    expect(mine.applications).toMatchObject([{ status: "submitted", history: [{ status: "submitted" }] }]);
  });

  it("takes no application for a pet on hold or adopted, and says why", async () => {
    const jar = await signedIn(t, await createAccount(t.env.DB));
    const held = await insertPet(t.env.DB, {
      name: "Held",
      onHoldEmail: "someone@example.com",
      onHoldDate: new Date(),
    });
    const adopted = await insertPet(t.env.DB, {
      name: "Gone",
      adoptedEmail: "someone@example.com",
      adoptedDate: new Date(),
    });
    expect(
      (await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${held.id}`), jar))).data,
    ).toMatchObject({ refusal: "on-hold" });
    expect(
      (await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${adopted.id}`), jar))).data,
    ).toMatchObject({ refusal: "adopted" });
    const refused = await apply(jar, held.id, { intent: "submit", ...goodAnswers });
    expect(refused.status).toBe(409);
    expect(await rows("select * from adoption_applications where pet_id in (?, ?)", held.id, adopted.id)).toEqual([]);
  });
});

describe("the staff inbox", () => {
  it("is for staff only, applications and messages newest first, filterable", async () => {
    const { jar, id, pet } = await adopterWithApplication("Inboxed");
    expect((await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox"), jar))).status).toBe(403);
    expect(
      (
        await respond(t, itemLoader, withCookies(getRequest(`/petadmin/inbox/application/${id}`), jar), {
          id: String(id),
        })
      ).status,
    ).toBe(403);
    expect((await staffPost(jar, id, { intent: "review", version: "1" })).status).toBe(403);

    const sentMessage = await respond(
      t,
      homeAction,
      postForm("/?index", {
        intent: "contact",
        name: "Vera Visitor",
        email: "vera@example.com",
        message: "Do you take rabbits in?",
      }),
    );
    expect(sentMessage.status).toBe(302);
    const inbox = await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox"), staff));
    const items = (inbox.data as { items: { kind: string; id: number; who: string }[] }).items;
    expect(items[0]).toMatchObject({ kind: "message", who: "Vera Visitor" });
    expect(items).toContainEqual(expect.objectContaining({ kind: "application", id }));
    const byPet = await respond(
      t,
      inboxLoader,
      withCookies(getRequest(`/petadmin/inbox?pet=${pet.id}&kind=message&status=nonsense`), staff),
    );
    expect((byPet.data as { items: unknown[] }).items).toEqual([]);
    const applicationsOnly = await respond(
      t,
      inboxLoader,
      withCookies(getRequest(`/petadmin/inbox?kind=application&pet=${pet.id}`), staff),
    );
    expect((applicationsOnly.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([id]);

    const landing = await respond(t, adminLoader, withCookies(getRequest("/petadmin"), staff));
    expect(
      (landing.data as { waiting: { applications: number; messages: number } }).waiting.messages,
    ).toBeGreaterThanOrEqual(1);
    expect((await outboxTo(shelter.email)).some((mail) => mail.subject === "New message from Vera Visitor")).toBe(true);
  });

  it("moves an application to review, approves it with the pet on hold for the applicant, then adopted", async () => {
    const { account, jar, id, pet } = await adopterWithApplication("Approved Pet");
    expect((await staffPost(staff, id, { intent: "review", version: "1" })).headers.get("Location")).toBe(
      `/petadmin/inbox/application/${id}?done=in_review`,
    );
    expect(await applicationRow(id)).toMatchObject({ status: "in_review", version: 2 });

    const stale = await staffPost(staff, id, { intent: "approve", version: "1" });
    expect(stale.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null, version: 1 });

    const approved = await staffPost(staff, id, { intent: "approve", version: "2" });
    expect(approved.headers.get("Location")).toBe(`/petadmin/inbox/application/${id}?done=approved`);
    expect(await applicationRow(id)).toMatchObject({ status: "approved", version: 3 });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: account.email, version: 2 });
    expect(await rows("select summary from pet_changes where pet_id = ?", pet.id)).toEqual([
      { summary: `Put on hold for ${account.email} (application #${id})` },
    ]);
    const publicList = await respond(t, listLoader, getRequest("/adopt/dog"), { species: "dog" });
    expect((publicList.data as { pets: { name: string }[] }).pets.map((p) => p.name)).not.toContain("Approved Pet");
    const mine = await myApplications(jar);
    expect(mine.applications[0]).toMatchObject({
      status: "approved",
      heldForYou: true,
      history: [{ status: "submitted" }, { status: "in_review" }, { status: "approved" }],
    });
    expect((await withdraw(jar, id, 3)).status).toBe(409);

    expect((await staffPost(staff, id, { intent: "adopt", version: "3" })).headers.get("Location")).toBe(
      `/petadmin/inbox/application/${id}?done=adopted`,
    );
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: account.email, on_hold_email: null, version: 3 });
    expect(await applicationRow(id)).toMatchObject({ status: "adopted" });
    expect((await outboxTo(account.email)).map((mail) => mail.subject)).toEqual([
      "Your application to adopt Approved Pet: submitted",
      "Your application to adopt Approved Pet: in review",
      "Your application to adopt Approved Pet: approved",
      "Your application to adopt Approved Pet: adopted",
    ]);
  });

  it("does not approve while the pet is held for someone else", async () => {
    const { id, pet } = await adopterWithApplication("Contested");
    await t.env.DB.prepare("update pets set on_hold_email = 'other@example.com', version = version + 1 where id = ?")
      .bind(pet.id)
      .run();
    const refused = await staffPost(staff, id, { intent: "approve", version: "1" });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("already on hold for other@example.com");
    // Only an approved application can be marked adopted.
    expect((await staffPost(staff, id, { intent: "adopt", version: "1" })).status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: null, version: 2 });
    expect(await applicationRow(id)).toMatchObject({ status: "submitted", version: 1 });
  });

  it("declines with a reason the adopter reads; a reason is required", async () => {
    const { account, jar, id } = await adopterWithApplication("Declined Pet");
    const noReason = await staffPost(staff, id, { intent: "decline", version: "1", reason: "" });
    expect(noReason.status).toBe(400);
    expect(await applicationRow(id)).toMatchObject({ status: "submitted" });
    const reason = "Buddy needs a home without other dogs.";
    expect((await staffPost(staff, id, { intent: "decline", version: "1", reason })).status).toBe(302);
    expect(await applicationRow(id)).toMatchObject({ status: "declined", decline_reason: reason });
    expect((await myApplications(jar)).applications[0]).toMatchObject({ status: "declined", declineReason: reason });
    const mails = await outboxTo(account.email);
    expect(mails.at(-1)?.text).toContain(reason);
    expect((await staffPost(staff, id, { intent: "approve", version: "2" })).status).toBe(409);
  });

  it("lets only the adopter withdraw an open application, which leaves the open list", async () => {
    const { jar, id } = await adopterWithApplication("Withdrawn Pet");
    const stranger = await signedIn(t, await createAccount(t.env.DB));
    expect((await withdraw(stranger, id, 1)).status).toBe(404);
    expect((await withdraw(staff, id, 1)).status).toBe(404);
    expect((await withdraw(jar, id, 1)).headers.get("Location")).toBe("/applications?withdrawn=1");
    expect(await applicationRow(id)).toMatchObject({ status: "withdrawn" });
    const open = await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox"), staff));
    expect((open.data as { items: { kind: string; id: number }[] }).items).not.toContainEqual(
      expect.objectContaining({ kind: "application", id }),
    );
    const withdrawn = await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox?status=withdrawn"), staff));
    expect((withdrawn.data as { items: { id: number }[] }).items.map((item) => item.id)).toContain(id);
    expect((await staffPost(staff, id, { intent: "review", version: "2" })).status).toBe(409);
  });

  it("keeps internal notes, and marks messages handled with a version check", async () => {
    const { id } = await adopterWithApplication("Noted Pet");
    expect((await staffPost(staff, id, { intent: "note", note: "Called the vet: all good." })).status).toBe(302);
    const page = await respond(t, itemLoader, withCookies(getRequest(`/petadmin/inbox/application/${id}`), staff), {
      id: String(id),
    });
    expect((page.data as { notes: { text: string; firstName: string }[] }).notes).toMatchObject([
      { text: "Called the vet: all good.", firstName: "Sam" },
    ]);

    await respond(
      t,
      homeAction,
      postForm("/?index", {
        intent: "contact",
        name: "Hal Handled",
        email: "hal@example.com",
        message: "When are you open on Sundays?",
      }),
    );
    const [message] = await rows<{ id: number }>("select id from contact_messages where email = 'hal@example.com'");
    const post = (jar: CookieJar, fields: Record<string, string>) =>
      respond(t, messageAction, withCookies(postForm(`/petadmin/inbox/message/${message!.id}`, fields), jar), {
        id: String(message!.id),
      });
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await post(adopter, { intent: "handled", version: "1" })).status).toBe(403);
    expect(
      (
        await respond(t, messageLoader, withCookies(getRequest(`/petadmin/inbox/message/${message!.id}`), adopter), {
          id: String(message!.id),
        })
      ).status,
    ).toBe(403);
    expect((await post(staff, { intent: "handled", version: "1" })).status).toBe(302);
    expect((await post(staff, { intent: "unhandled", version: "1" })).status).toBe(409);
    const shown = await respond(
      t,
      messageLoader,
      withCookies(getRequest(`/petadmin/inbox/message/${message!.id}`), staff),
      { id: String(message!.id) },
    );
    expect((shown.data as { message: { handledAt: string | null } }).message.handledAt).not.toBeNull();
    const open = await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox?kind=message"), staff));
    expect((open.data as { items: { id: number }[] }).items.map((item) => item.id)).not.toContain(message!.id);
  });
});

function withdraw(jar: CookieJar, id: number, version: number) {
  return respond(
    t,
    myAction,
    withCookies(postForm("/applications", { intent: "withdraw", id: String(id), version: String(version) }), jar),
  );
}

describe("notices the mail service refuses", () => {
  it("are queued, and the hourly run sends them", async () => {
    const mentionsQuinn = "select count(*) as n from %s where text like '%Quinn Queued%'";
    const count = async (table: string) =>
      (await t.env.DB.prepare(mentionsQuinn.replace("%s", table)).first<{ n: number }>())?.n ?? -1;
    const faults = injectFaults(t, { d1: [{ sql: /^insert into "outbox_messages"/ }] });
    const sent = await respond(
      t,
      homeAction,
      postForm("/?index", {
        intent: "contact",
        name: "Quinn Queued",
        email: "quinn@example.com",
        message: "Is Ruby still there?",
      }),
    );
    await t.settle();
    faults.restore();
    expect(sent.headers.get("Location")).toBe("/?message=sent#get-in-touch");
    expect(faults.failures()).toBe(1);
    expect(await count("outbox_messages")).toBe(0);
    expect(await count("queued_emails")).toBe(1);

    await runScheduled(t.env, crons.hourly, Date.now(), i18nFor);
    expect(await count("outbox_messages")).toBe(1);
    expect(
      (
        await t.env.DB.prepare(
          "select count(*) as n from queued_emails where text like '%Quinn Queued%' and sent_at is not null",
        ).first<{ n: number }>()
      )?.n,
    ).toBe(1);
  });
});
