import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { loader as onHoldLoader } from "#app/routes/adopt/on-hold";
import { action as alertsAction } from "#app/routes/adopt/alerts-new-pets";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/adopt/alerts-unsubscribe";
import { loader as profileLoader } from "#app/routes/account/user-profile";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as checkoutAction, loader as checkoutLoader } from "#app/routes/adopt/application-checkout";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { crons, runScheduled } from "#server/scheduled";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";
import { injectFaults } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { goodAnswers } from "../builders/applications";
import { i18nFor } from "#app/locales/catalogs.server";

/**
 * The scheduled run (server/scheduled.ts) against real local D1 and R2, with the clock given as the
 * event's scheduledTime, as Cloudflare gives it.
 */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
afterAll(() => t.dispose());

const petRow = (id: number) =>
  t.env.DB.prepare("select * from pets where id = ?").bind(id).first<Record<string, unknown>>();
const historyOf = async (id: number) =>
  (
    await t.env.DB.prepare("select summary from pet_changes where pet_id = ? order by id")
      .bind(id)
      .all<{ summary: string }>()
  ).results.map((row) => row.summary);
const outboxTo = async (to: string) =>
  (
    await t.env.DB.prepare('select subject, text, headers from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; text: string; headers: string | null }>()
  ).results;
const hourly = (at: Date) => runScheduled(t.env, crons.hourly, at.getTime(), i18nFor);
const nightly = (at: Date) => runScheduled(t.env, crons.nightly, at.getTime(), i18nFor);
const hour = 60 * 60 * 1000;
/** Holders get confirmed accounts: mail goes only to proven addresses (decision 041). */
const holders = (...emails: string[]) => Promise.all(emails.map((email) => createAccount(t.env.DB, { email })));
const day = 24 * hour;

describe("holds end as promised", () => {
  it("a hold set by staff ends at the close of the next business day, and the edit page and /on-hold say when", async () => {
    const pet = await insertPet(t.env.DB, { name: "Promise" });
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", {
          intent: "hold",
          petId: String(pet.id),
          version: "1",
          email: "keeper@example.com",
        }),
        staff,
      ),
    );
    const row = await petRow(pet.id);
    expect(row?.on_hold_until).toBe(
      closeOfNextBusinessDay(new Date(row!.on_hold_date as number), shelter.openingHours).getTime(),
    );

    const page = await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${pet.id}`), staff));
    expect((page.data as { pet: { onHoldUntil: string } }).pet.onHoldUntil).toMatch(
      /^(Sun|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2}, 5 pm$/,
    );
    const keeper = await signedIn(t, await createAccount(t.env.DB, { email: "keeper@example.com" }));
    const onHold = await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), keeper));
    expect((onHold.data as { pets: { name: string; onHoldUntil: string }[] }).pets).toEqual([
      expect.objectContaining({
        name: "Promise",
        onHoldUntil: (page.data as { pet: { onHoldUntil: string } }).pet.onHoldUntil,
      }),
    ]);
  });

  it("ends a hold once its end has passed: listed again, a history row, one email, however often it runs", async () => {
    const end = new Date("2026-11-25T01:00:00Z");
    await holders("due@example.com");
    const due = await insertPet(t.env.DB, {
      name: "Due",
      onHoldEmail: "due@example.com",
      onHoldDate: new Date(end.getTime() - 30 * hour),
      onHoldUntil: end,
    });
    const later = await insertPet(t.env.DB, {
      name: "Later",
      onHoldEmail: "later@example.com",
      onHoldDate: new Date(end.getTime() - hour),
      onHoldUntil: new Date(end.getTime() + day),
    });

    await hourly(new Date(end.getTime() - 1));
    expect(await petRow(due.id)).toMatchObject({ on_hold_email: "due@example.com" });

    await hourly(new Date(end.getTime() + 5 * 60_000));
    await hourly(new Date(end.getTime() + hour));
    expect(await petRow(due.id)).toMatchObject({
      on_hold_email: null,
      on_hold_date: null,
      on_hold_until: null,
      listed_at: end.getTime() + 5 * 60_000,
      version: 2,
    });
    expect(await historyOf(due.id)).toEqual(["Hold ended (was due@example.com)"]);
    const mail = await outboxTo("due@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your hold on Due has ended");
    expect(mail[0]!.text).toContain("until Tue Nov 24, 5 pm");
    expect(mail[0]!.text).toContain(`/adopt/pet?pet_id=${due.id}`);
    expect(await petRow(later.id)).toMatchObject({ on_hold_email: "later@example.com", version: 1 });
  });

  it("closes the adoption papers of the hold it ends, dated: the checkout page says so and signing is refused", async () => {
    const pet = await insertPet(t.env.DB, { name: "Papers", adoptionFee: 90 });
    const account = await createAccount(t.env.DB, { firstName: "Ada", lastName: "Adopter" });
    const adopter = await signedIn(t, account);
    const sent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), adopter),
    );
    const id = Number(sent.headers.get("Location")!.split("=")[1]);
    const staffPost = (fields: Record<string, string>) =>
      respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), {
        id: String(id),
      });
    expect((await staffPost({ intent: "approve", version: "1" })).status).toBe(302);
    expect((await staffPost({ intent: "send-papers" })).headers.get("Location")).toContain("done=papers_sent");
    const end = (await petRow(pet.id))!.on_hold_until as number;
    const closedAt = () =>
      t.env.DB.prepare("select closed_at from adoption_papers where application_id = ?")
        .bind(id)
        .first<number | null>("closed_at");
    const checkout = async () =>
      (
        await respond(t, checkoutLoader, withCookies(getRequest(`/applications/${id}/checkout`), adopter), {
          id: String(id),
        })
      ).data as Awaited<ReturnType<typeof checkoutLoader>>;

    await hourly(new Date(end - 1));
    expect(await closedAt()).toBeNull();
    expect((await checkout()).open).toBe(true);

    await hourly(new Date(end + 60_000));
    await hourly(new Date(end + hour));
    expect(await closedAt()).toBe(end + 60_000);
    const page = await checkout();
    expect(page.open).toBe(false);
    expect(page.closedOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/);
    const refused = await respond(
      t,
      checkoutAction,
      withCookies(
        postForm(`/applications/${id}/checkout`, { intent: "sign", consent: "on", name: "Ada Adopter" }),
        adopter,
      ),
      { id: String(id) },
    );
    expect(refused.status).toBe(409);
    expect(
      await t.env.DB.prepare("select signed_at from adoption_papers where application_id = ?")
        .bind(id)
        .first("signed_at"),
    ).toBeNull();
  });

  it("emails only a holder whose address is an account's confirmed address", async () => {
    const end = new Date("2026-11-25T01:00:00Z");
    await createAccount(t.env.DB, { email: "unconfirmed.holder@example.com", confirmed: false });
    const pets = await Promise.all(
      ["unconfirmed.holder@example.com", "no.account.holder@example.com"].map((email) =>
        insertPet(t.env.DB, { onHoldEmail: email, onHoldDate: new Date(end.getTime() - day), onHoldUntil: end }),
      ),
    );
    await hourly(new Date(end.getTime() + hour));
    for (const pet of pets) expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null, version: 2 });
    expect(await outboxTo("unconfirmed.holder@example.com")).toEqual([]);
    expect(await outboxTo("no.account.holder@example.com")).toEqual([]);
  });

  it("a run late after an outage ends every overdue hold once", async () => {
    await holders("overdue1@example.com", "overdue2@example.com", "overdue3@example.com");
    const pets = await Promise.all(
      [1, 2, 3].map((n) =>
        insertPet(t.env.DB, {
          name: `Overdue ${n}`,
          onHoldEmail: `overdue${n}@example.com`,
          onHoldDate: new Date("2026-11-01T20:00:00Z"),
          onHoldUntil: new Date(`2026-11-0${n + 2}T01:00:00Z`),
        }),
      ),
    );
    await Promise.all([hourly(new Date("2026-11-20T12:00:00Z")), hourly(new Date("2026-11-20T12:00:00Z"))]);
    for (const [index, pet] of pets.entries()) {
      expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null });
      expect(await historyOf(pet.id)).toEqual([`Hold ended (was overdue${index + 1}@example.com)`]);
      expect(await outboxTo(`overdue${index + 1}@example.com`)).toHaveLength(1);
    }
  });

  it("gives holds set before holds had ends an end from when they were set", async () => {
    const setAt = new Date("2026-11-24T22:00:00Z");
    const pet = await insertPet(t.env.DB, { name: "Old Hold", onHoldEmail: "old@example.com", onHoldDate: setAt });
    await hourly(new Date("2026-11-25T00:00:00Z"));
    expect(await petRow(pet.id)).toMatchObject({
      on_hold_email: "old@example.com",
      on_hold_until: Date.parse("2026-11-26T01:00:00Z"),
    });
  });

  it("a D1 failure mid-run leaves no half-ended hold, and the next run finishes the job", async () => {
    const end = new Date("2026-11-25T01:00:00Z");
    await holders("fault-a@example.com", "fault-b@example.com");
    const first = await insertPet(t.env.DB, {
      name: "Fault A",
      onHoldEmail: "fault-a@example.com",
      onHoldDate: new Date(end.getTime() - day),
      onHoldUntil: end,
    });
    const second = await insertPet(t.env.DB, {
      name: "Fault B",
      onHoldEmail: "fault-b@example.com",
      onHoldDate: new Date(end.getTime() - day),
      onHoldUntil: new Date(end.getTime() + 1),
    });
    // The first hold's batch fails at its last statement (the email); the second goes through.
    const faults = injectFaults(t, { d1: [{ sql: /insert into "queued_emails"/, times: 1 }] });
    const outcomes = await hourly(new Date(end.getTime() + hour));
    faults.restore();
    expect(faults.failures()).toBe(1);
    expect(outcomes.find((outcome) => outcome.step === "end due holds")).toMatchObject({
      ok: true,
      result: { ended: 1, failed: 1 },
    });
    expect(await petRow(first.id)).toMatchObject({
      on_hold_email: "fault-a@example.com",
      on_hold_until: end.getTime(),
      version: 1,
    });
    expect(await historyOf(first.id)).toEqual([]);
    expect(await outboxTo("fault-a@example.com")).toEqual([]);
    expect(await petRow(second.id)).toMatchObject({ on_hold_email: null });

    await hourly(new Date(end.getTime() + 2 * hour));
    expect(await petRow(first.id)).toMatchObject({ on_hold_email: null, version: 2 });
    expect(await historyOf(first.id)).toEqual(["Hold ended (was fault-a@example.com)"]);
    expect(await outboxTo("fault-a@example.com")).toHaveLength(1);
    expect(await outboxTo("fault-b@example.com")).toHaveLength(1);
  });

  it("a failed send is retried next run; a sent email is never sent again", async () => {
    const end = new Date("2026-11-25T01:00:00Z");
    await holders("mailed@example.com");
    await insertPet(t.env.DB, {
      name: "Mailed",
      onHoldEmail: "mailed@example.com",
      onHoldDate: new Date(end.getTime() - day),
      onHoldUntil: end,
    });
    const faults = injectFaults(t, { d1: [{ sql: /insert into "outbox_messages"/, times: 1 }] });
    await hourly(new Date(end.getTime() + hour));
    faults.restore();
    expect(await outboxTo("mailed@example.com")).toEqual([]);
    await hourly(new Date(end.getTime() + 2 * hour));
    await hourly(new Date(end.getTime() + 3 * hour));
    expect(await outboxTo("mailed@example.com")).toHaveLength(1);
  });
});

describe("staff extend or end a hold", () => {
  const post = (fields: Record<string, string>) =>
    respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff));

  it("extends by one business day, with a history row, at the version read", async () => {
    const until = new Date(Date.now() + 2 * hour);
    const pet = await insertPet(t.env.DB, {
      name: "Extend Me",
      onHoldEmail: "ext@example.com",
      onHoldDate: new Date(),
      onHoldUntil: until,
    });
    const extended = await post({ intent: "extend", petId: String(pet.id), version: "1" });
    expect(extended.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&done=extended`);
    const expected = closeOfNextBusinessDay(until, shelter.openingHours);
    expect(await petRow(pet.id)).toMatchObject({
      on_hold_email: "ext@example.com",
      on_hold_until: expected.getTime(),
      version: 2,
    });
    expect((await historyOf(pet.id))[0]).toMatch(/^Hold extended to [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, 5 pm$/);

    const stale = await post({ intent: "extend", petId: String(pet.id), version: "1" });
    expect(stale.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ on_hold_until: expected.getTime(), version: 2 });
  });

  it("ends a hold at once: listed again, for new-pet alerts too", async () => {
    const pet = await insertPet(t.env.DB, {
      name: "End Me",
      onHoldEmail: "end@example.com",
      onHoldDate: new Date(),
      onHoldUntil: new Date(Date.now() + day),
      listedAt: null,
    });
    const before = Date.now();
    await post({ intent: "release", petId: String(pet.id), version: "1" });
    const row = await petRow(pet.id);
    expect(row).toMatchObject({ on_hold_email: null, on_hold_until: null, version: 2 });
    expect(row?.listed_at).toBeGreaterThanOrEqual(before);
  });

  it("refuses to extend a pet that is not on hold, and refuses non-staff", async () => {
    const pet = await insertPet(t.env.DB, { name: "Free" });
    expect((await post({ intent: "extend", petId: String(pet.id), version: "1" })).status).toBe(400);
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const held = await insertPet(t.env.DB, {
      onHoldEmail: "x@example.com",
      onHoldDate: new Date(),
      onHoldUntil: new Date(Date.now() + day),
    });
    const refused = await respond(
      t,
      editAction,
      withCookies(postForm("/petadmin/edit", { intent: "extend", petId: String(held.id), version: "1" }), adopter),
    );
    expect(refused.status).toBe(403);
    expect(await petRow(held.id)).toMatchObject({ version: 1 });
  });
});

describe("new-pet alerts", () => {
  const answers = {
    a1: "House",
    a2: { children: 0, youngestAge: null },
    a3: [],
    a4: [],
    p1: "Dog",
    p2: { fromAge: "All", toAge: "All" },
    p3: ["Small", "Medium", "Large"],
    p4: ["Moderately active"],
  };
  // 9 am in Eureka on Tuesday 1 December 2026: the day's runs stay well inside the shelter's day.
  const start = Date.parse("2026-12-01T17:00:00Z");

  async function subscriber(email: string, checkedAt = start) {
    const account = await createAccount(t.env.DB, { email, firstName: "Alex" });
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify(answers), account.id)
      .run();
    const jar = await signedIn(t, account);
    const turnedOn = await respond(
      t,
      alertsAction,
      withCookies(postForm("/alerts/new-pets", { alerts: "on", redirectTo: "/match" }), jar),
    );
    expect(turnedOn.headers.get("Location")).toBe("/match");
    // As if turned on at the start of the test's day, so the clock of the runs below is the test's.
    await t.env.DB.prepare("update users set alerts_checked_at = ? where id = ?").bind(checkedAt, account.id).run();
    return { ...account, jar };
  }
  const dog = (name: string, listedAt: number, overrides = {}) =>
    insertPet(t.env.DB, {
      name,
      species: "Dog",
      weightLbs: 30,
      activeLevel: "Moderately active",
      listedAt: new Date(listedAt),
      ...overrides,
    });

  it("needs a signed-in adopter who answered the questionnaire; the profile shows the switch", async () => {
    const unanswered = await signedIn(t, await createAccount(t.env.DB));
    expect(
      (await respond(t, alertsAction, withCookies(postForm("/alerts/new-pets", { alerts: "on" }), unanswered))).status,
    ).toBe(400);
    expect(
      (await respond(t, alertsAction, postForm("/alerts/new-pets", { alerts: "on" }))).headers.get("Location"),
    ).toMatch(/^\/sign-in/);
    expect(
      (await respond(t, alertsAction, withCookies(postForm("/alerts/new-pets", { alerts: "maybe" }), unanswered)))
        .status,
    ).toBe(400);
    const profile = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), unanswered));
    expect(profile.data).toMatchObject({ alerts: { on: false, answered: false } });

    const adopter = await subscriber("switch@example.com");
    expect((await respond(t, profileLoader, withCookies(getRequest("/user-profile"), adopter.jar))).data).toMatchObject(
      { alerts: { on: true, answered: true } },
    );
    await respond(t, alertsAction, withCookies(postForm("/alerts/new-pets", { alerts: "off" }), adopter.jar));
    expect(
      await t.env.DB.prepare("select new_pet_alerts as on_ from users where id = ?").bind(adopter.id).first(),
    ).toEqual({ on_: 0 });
  });

  it("emails new matches at most once a day, with why they fit, links and a one-click unsubscribe", async () => {
    const adopter = await subscriber("alerts@example.com");
    await dog("Biscuit", start + hour, { about: "Biscuit sleeps on your feet while you work. Ask us more." });
    await insertPet(t.env.DB, { name: "Not A Dog", species: "Cat", listedAt: new Date(start + hour) });
    await dog("Too Lively", start + hour, { activeLevel: "Very active" });

    await hourly(new Date(start + 2 * hour));
    let mail = await outboxTo("alerts@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("A new pet matches you: Biscuit");
    expect(mail[0]!.text).toMatch(
      /Biscuit\n {2}Why it fits: staff say: "Biscuit sleeps on your feet while you work\."; 12 months old: grown up, past the puppy stage; weighs 30 lbs \(medium\); moderately active, the energy you chose\n/,
    );
    expect(mail[0]!.text).not.toContain("Not A Dog");
    expect(mail[0]!.text).not.toContain("Too Lively");
    const link = mail[0]!.text.match(/http\S+\/alerts\/unsubscribe\?user=\d+&token=[\w-]+/)![0];
    expect(JSON.parse(mail[0]!.headers!)).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Another match the same day waits for tomorrow's email; running again sends nothing new.
    await dog("Pepper", start + 3 * hour, { characteristics: ["Bonded"] });
    await hourly(new Date(start + 4 * hour));
    await hourly(new Date(start + 5 * hour));
    expect(await outboxTo("alerts@example.com")).toHaveLength(1);
    await hourly(new Date(start + day));
    await hourly(new Date(start + day + hour));
    mail = await outboxTo("alerts@example.com");
    expect(mail).toHaveLength(2);
    expect(mail[1]!.subject).toBe("A new pet matches you: Pepper");
    expect(mail[1]!.text).not.toContain("Biscuit");
    expect(mail[1]!.text).toMatch(
      /Pepper\n {2}Why it fits: [^\n]+\n {2}Good to know: bonded: Pepper needs to go home with a friend/,
    );

    // The link opens a confirmation without signing in; a wrong token does nothing.
    const url = new URL(link);
    const page = await respond(t, unsubscribeLoader, getRequest(`${url.pathname}${url.search}`));
    expect(page.data).toMatchObject({ state: "confirm", user: String(adopter.id) });
    const forged = await respond(
      t,
      unsubscribeLoader,
      getRequest(`/alerts/unsubscribe?user=${adopter.id}&token=${"A".repeat(43)}`),
    );
    expect(forged.data).toMatchObject({ state: "invalid" });
    const otherUser = await respond(
      t,
      unsubscribeAction,
      postForm(`/alerts/unsubscribe?user=${adopter.id + 1}&token=${url.searchParams.get("token")}`, {
        "List-Unsubscribe": "One-Click",
      }),
    );
    expect(otherUser.status).toBe(400);
    expect(
      await t.env.DB.prepare("select new_pet_alerts as on_ from users where id = ?").bind(adopter.id).first(),
    ).toEqual({ on_: 1 });

    // The mail program's one-click POST (RFC 8058) to the same address unsubscribes.
    const done = await respond(
      t,
      unsubscribeAction,
      postForm(`${url.pathname}${url.search}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(done.headers.get("Location")).toBe("/alerts/unsubscribe?done");
    await dog("Ginger", start + 2 * day);
    await hourly(new Date(start + 3 * day));
    expect(await outboxTo("alerts@example.com")).toHaveLength(2);
  });

  it("writes many subscribers' emails in batches within D1's bound-parameter limit", async () => {
    const checkedAt = start + 10 * day;
    const emails = Array.from({ length: 150 }, (_, index) => `many${index}@example.com`);
    await t.env.DB.batch(
      emails.map((email) =>
        t.env.DB.prepare(
          "insert into users (email, first_name, last_name, match_answers, new_pet_alerts, alerts_checked_at, email_confirmed_at, created_at, updated_at) values (?, 'Many', 'Adopter', ?, 1, ?, 0, 0, 0)",
        ).bind(email, JSON.stringify(answers), checkedAt),
      ),
    );
    await dog("Crowd Pleaser", checkedAt + hour);
    const outcomes = await hourly(new Date(checkedAt + 2 * hour));
    expect(outcomes.find((outcome) => outcome.step === "new-pet alerts")).toMatchObject({
      ok: true,
      result: { emailed: 150 },
    });
    const queued = await t.env.DB.prepare(
      "select count(*) as n from queued_emails where subject = 'A new pet matches you: Crowd Pleaser'",
    ).first<{ n: number }>();
    expect(queued?.n).toBe(150);
  });

  it("a pet back from a hold is news too", async () => {
    // Subscribed after the pets of the test above were listed.
    await subscriber("returns@example.com", start + 4 * day);
    const end = start + 5 * day;
    await dog("Returned", start - day, {
      onHoldEmail: "someone@example.com",
      onHoldDate: new Date(start - day),
      onHoldUntil: new Date(end),
    });
    await hourly(new Date(end + hour));
    const mail = await outboxTo("returns@example.com");
    expect(mail.map((message) => message.subject)).toEqual(["A new pet matches you: Returned"]);
  });
});

describe("housekeeping", () => {
  it("deletes only what is expired, used or past retention, and one failing step does not stop the others", async () => {
    const now = new Date("2027-03-01T10:30:00Z");
    const user = await createAccount(t.env.DB);
    const insert = (sql: string, ...values: unknown[]) =>
      t.env.DB.prepare(sql)
        .bind(...values)
        .run();
    await insert(
      "insert into sessions (id_hash, user_id, persistent, expires_at, created_at) values ('old', ?, 0, ?, 0), ('live', ?, 0, ?, 0)",
      user.id,
      now.getTime() - 1,
      user.id,
      now.getTime() + day,
    );
    await insert(
      "insert into user_tokens (token_hash, user_id, purpose, expires_at, used_at, created_at) values ('used', ?1, 'reset-password', ?2, ?3, 0), ('expired', ?1, 'reset-password', ?3, null, 0), ('open', ?1, 'reset-password', ?2, null, 0)",
      user.id,
      now.getTime() + hour,
      now.getTime() - hour,
    );
    await insert(
      "insert into rate_limits (key, count, reset_at) values ('ended', 3, ?), ('running', 3, ?)",
      now.getTime() - 1,
      now.getTime() + hour,
    );
    await insert(
      "insert into contact_messages (name, email, message, created_at) values ('Old', 'o@example.com', 'hi', ?), ('New', 'n@example.com', 'hi', ?)",
      now.getTime() - 366 * day,
      now.getTime() - 300 * day,
    );
    // The log's trigger measures age by the real clock: rows 400 and 10 days old by it.
    await insert(
      "insert into security_events (kind, email, address, created_at) values ('sign-in', 'logged.long.ago@example.com', 'local', ?), ('sign-in', 'logged.lately@example.com', 'local', ?)",
      Date.now() - 400 * day,
      Date.now() - 10 * day,
    );

    const faults = injectFaults(t, { d1: [{ sql: /delete from "sessions"/ }] });
    const outcomes = await nightly(now);
    faults.restore();
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.step)).toEqual(["expired sessions"]);
    const keys = async (sql: string) =>
      (await t.env.DB.prepare(sql).all<{ k: string }>()).results.map((row) => row.k).sort();
    expect(await keys("select token_hash as k from user_tokens")).toEqual(["open"]);
    expect(await keys("select key as k from rate_limits")).toEqual(["running"]);
    expect(await keys("select name as k from contact_messages")).toEqual(["New"]);
    expect(await keys("select email as k from security_events where email like 'logged.%'")).toEqual([
      "logged.lately@example.com",
    ]);
    expect(await keys("select id_hash as k from sessions where id_hash in ('old', 'live')")).toEqual(["live", "old"]);

    await nightly(now);
    expect(await keys("select id_hash as k from sessions where id_hash in ('old', 'live')")).toEqual(["live"]);
  });

  it("removes a pet deleted 30 days ago for good, rows and photos, even when R2 fails once; other unreferenced objects only after the grace period", async () => {
    const put = (key: string) => t.env.PHOTOS.put(key, "bytes");
    const now = new Date("2027-03-02T10:30:00Z");
    const kept = await insertPet(t.env.DB, {
      name: "Photographed",
      images: ["kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg"],
    });
    await put("kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg");
    await put("kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400w.webp");
    await put("stray-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg");
    // Deleted just over 30 days before the run, and 29 days before it (decision 042).
    const doomed = await insertPet(t.env.DB, {
      name: "Doomed",
      images: ["doomed-cccccccccccccccccccccccccccccccc.jpg"],
      deletedAt: new Date(now.getTime() - 30 * day - hour),
    });
    await put("doomed-cccccccccccccccccccccccccccccccc.jpg");
    await put("doomed-cccccccccccccccccccccccccccccccc-720w.jpg");
    const recent = await insertPet(t.env.DB, {
      name: "Recent",
      images: ["recent-dddddddddddddddddddddddddddddddd.jpg"],
      deletedAt: new Date(now.getTime() - 29 * day),
    });
    await put("recent-dddddddddddddddddddddddddddddddd.jpg");
    await t.env.DB.prepare(
      "insert into pet_changes (pet_id, user_id, summary, created_at) values (?, null, 'Deleted', ?)",
    )
      .bind(doomed.id, now.getTime() - 31 * day)
      .run();

    // R2 refuses every delete this night: the rows go, the photos wait, noted, for the next run.
    const faults = injectFaults(t, { r2: [{ method: "delete" }] });
    const first = await nightly(now);
    faults.restore();
    expect(first.find((outcome) => outcome.step === "pets deleted 30 days ago")).toMatchObject({
      ok: true,
      result: { purged: 1, failed: 0 },
    });
    expect(first.find((outcome) => outcome.step === "unreferenced photos")).toMatchObject({ ok: false });
    expect(await petRow(doomed.id)).toBeNull();
    expect(await historyOf(doomed.id)).toEqual([]);
    expect(await petRow(recent.id)).toMatchObject({ name: "Recent" });
    const listKeys = async () => (await t.env.PHOTOS.list()).objects.map((object) => object.key).sort();
    expect(await listKeys()).toContain("doomed-cccccccccccccccccccccccccccccccc-720w.jpg");

    const second = await nightly(now);
    expect(second.find((outcome) => outcome.step === "unreferenced photos")).toMatchObject({
      ok: true,
      result: { found: 0, removed: 2 },
    });
    expect(await listKeys()).toEqual([
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400w.webp",
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
      "recent-dddddddddddddddddddddddddddddddd.jpg",
      "stray-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg",
    ]);

    // Six days on, the pet deleted 29 days before the first run has passed 30: it goes, with its photo.
    await nightly(new Date(now.getTime() + 6 * day));
    expect(await petRow(recent.id)).toBeNull();
    expect(await listKeys()).toEqual([
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400w.webp",
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
      "stray-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg",
    ]);
    await nightly(new Date(now.getTime() + 7 * day));
    expect(await listKeys()).toEqual([
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400w.webp",
      "kept-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
    ]);
    expect(await petRow(kept.id)).not.toBeNull();
    expect((await t.env.DB.prepare("select count(*) as n from unreferenced_photos").first<{ n: number }>())?.n).toBe(0);
  });

  it("keeps a deleted pet whole when D1 fails removing it, and removes it the next night", async () => {
    const now = new Date("2027-04-02T10:30:00Z");
    const pet = await insertPet(t.env.DB, {
      name: "Stubborn",
      images: ["stubborn-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg"],
      deletedAt: new Date(now.getTime() - 31 * day),
    });
    await t.env.PHOTOS.put("stubborn-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg", "bytes");
    // The note of its photos fails after the row's delete in the same batch: neither happens.
    const faults = injectFaults(t, { d1: [{ sql: /^insert into "unreferenced_photos"/ }] });
    const first = await nightly(now);
    faults.restore();
    expect(first.find((outcome) => outcome.step === "pets deleted 30 days ago")).toMatchObject({
      ok: true,
      result: { purged: 0, failed: 1 },
    });
    expect(await petRow(pet.id)).toMatchObject({ name: "Stubborn" });
    expect(await t.env.PHOTOS.head("stubborn-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg")).not.toBeNull();

    const second = await nightly(now);
    expect(second.find((outcome) => outcome.step === "pets deleted 30 days ago")).toMatchObject({
      ok: true,
      result: { purged: 1, failed: 0 },
    });
    expect(await petRow(pet.id)).toBeNull();
    expect(await t.env.PHOTOS.head("stubborn-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg")).toBeNull();
  });
});
