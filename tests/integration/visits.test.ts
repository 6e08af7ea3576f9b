import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { crons, runScheduled } from "#server/scheduled";
import { localTimeToInstant } from "#app/lib/visits/business-hours";
import { action as staffVisitsAction, loader as staffVisitsLoader } from "#app/routes/petadmin/visits";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { loader as landingLoader } from "#app/routes/petadmin/index";
import { loader as myLoader } from "#app/routes/adopt/applications";
import { action as visitAction, loader as visitLoader, takenMessage } from "#app/routes/adopt/application-visit";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults } from "./faults";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { i18nFor } from "#app/locales/catalogs.server";

/** Meet-and-greet visits (issue 24, decision 048), through the routes against real local D1. */
let t: TestEnv;
let staff: CookieJar;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
const setCapacity = (capacity: number) =>
  t.env.DB.prepare(
    "insert into visit_settings (id, capacity, version, updated_at) values (1, ?, 1, 0) on conflict(id) do update set capacity = excluded.capacity",
  )
    .bind(capacity)
    .run();

type Page = {
  days: { day: string; slots: { start: number; time: string; left: number }[] }[];
  visit: { id: number; version: number; start: number } | null;
  holdEnds: string | null;
};
const page = async (jar: CookieJar, id: number) =>
  (await respond(t, visitLoader, withCookies(getRequest(`/applications/${id}/visit`), jar), { id: String(id) }))
    .data as Page;
const book = (jar: CookieJar, id: number, slot: number | string) =>
  respond(
    t,
    visitAction,
    withCookies(postForm(`/applications/${id}/visit`, { intent: "book", slot: String(slot) }), jar),
    { id: String(id) },
  );

async function approved(petName: string) {
  const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
  const account = await createAccount(t.env.DB, { firstName: "Ada", lastName: petName });
  const jar = await signedIn(t, account);
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
  );
  const id = Number(sent.headers.get("Location")!.split("=")[1]);
  const approve = await respond(
    t,
    itemAction,
    withCookies(postForm(`/petadmin/inbox/application/${id}`, { intent: "approve", version: "1" }), staff),
    { id: String(id) },
  );
  expect(approve.status).toBe(302);
  await t.settle();
  return { pet, account, jar, id };
}

describe("booking a visit", () => {
  it("lists the free slots of the hold's window, books one, confirms by email with an .ics attachment, and keeps the hold", async () => {
    await setCapacity(2);
    const { jar, id, account, pet } = await approved("Biscuit");
    const before = await page(jar, id);
    expect(before.visit).toBeNull();
    const slots = before.days.flatMap((day) => day.slots);
    // At least the whole next business day (11 am to 5 pm: twelve slots).
    expect(slots.length).toBeGreaterThanOrEqual(12);
    expect(slots.every((slot) => slot.start > Date.now())).toBe(true);
    const chosen = slots.at(-1)!;
    const booked = await book(jar, id, chosen.start);
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toBe(`/applications/${id}/visit?done=booked`);
    const [visit] = await rows<{ slot_start: number; slot_end: number; status: string }>(
      "select * from visits where application_id = ?",
      id,
    );
    expect(visit).toMatchObject({ slot_start: chosen.start, slot_end: chosen.start + 30 * 60_000, status: "booked" });
    const [held] = await rows<{ on_hold_until: number }>("select on_hold_until from pets where id = ?", pet.id);
    expect(held!.on_hold_until).toBeGreaterThanOrEqual(visit!.slot_end);
    await t.settle();
    const [mail] = await rows<{ subject: string; text: string; attachments: string }>(
      'select * from outbox_messages where "to" = ? and subject like ?',
      account.email,
      "Your visit is booked%",
    );
    expect(mail!.text).toContain("4100 Redwood Way");
    expect(mail!.text).toContain("photo ID");
    const [ics] = JSON.parse(mail!.attachments) as { filename: string; content: string }[];
    expect(ics!.filename).toBe("visit.ics");
    expect(ics!.content).toContain("BEGIN:VEVENT");
    expect(ics!.content).toMatch(
      new RegExp(`DTSTART:${new Date(chosen.start).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`),
    );
    // The page shows the visit and offers its own slot as the one to keep.
    const after = await page(jar, id);
    expect(after.visit?.start).toBe(chosen.start);
  });

  it("a confirmation the mail service refused is queued with its .ics, and the hourly run sends it with the attachment", async () => {
    const { jar, id, account } = await approved("Queued");
    const slot = (await page(jar, id)).days[0]!.slots[0]!.start;
    faults = injectFaults(t, { d1: [{ sql: /^insert into "outbox_messages"/ }] });
    expect((await book(jar, id, slot)).status).toBe(302);
    await t.settle();
    expect(faults.failures()).toBe(1);
    faults.restore();
    faults = undefined;
    const [queued] = await rows<{ attachments: string | null }>(
      'select attachments from queued_emails where "to" = ? and subject like ?',
      account.email,
      "Your visit is booked%",
    );
    expect(JSON.parse(queued!.attachments!)).toEqual([
      expect.objectContaining({ filename: "visit.ics", contentType: expect.stringContaining("text/calendar") }),
    ]);
    expect(
      await rows(
        'select id from outbox_messages where "to" = ? and subject like ?',
        account.email,
        "Your visit is booked%",
      ),
    ).toEqual([]);

    await runScheduled(t.env, crons.hourly, Date.now(), i18nFor);
    const [mail] = await rows<{ attachments: string | null }>(
      'select attachments from outbox_messages where "to" = ? and subject like ?',
      account.email,
      "Your visit is booked%",
    );
    const [ics] = JSON.parse(mail!.attachments!) as { filename: string; content: string }[];
    expect(ics!.filename).toBe("visit.ics");
    expect(ics!.content).toMatch(
      new RegExp(`DTSTART:${new Date(slot).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`),
    );
  });

  it("a time that is not a slot of the window is refused with the list again", async () => {
    const { jar, id } = await approved("Offgrid");
    const refused = await book(jar, id, String(Date.now() + 3 * 60_000));
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toBe(takenMessage);
    const invalid = await book(jar, id, "tomorrow");
    expect(invalid.status).toBe(400);
    expect(await rows("select * from visits where application_id = ?", id)).toEqual([]);
  });

  it("two adopters booking the last place at once: one wins, the other is told it was just taken, nothing over capacity", async () => {
    await setCapacity(1);
    const [a, b, c] = await Promise.all([approved("Racer"), approved("Chaser"), approved("Runner")]);
    const slot = (await page(a!.jar, a!.id)).days[0]!.slots.at(-1)!.start;
    const answers = await Promise.all([
      book(a!.jar, a!.id, slot),
      book(b!.jar, b!.id, slot),
      book(c!.jar, c!.id, slot),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409, 409]);
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expect((loser.data as { message: string; result: { initialValue: { slot: string } } }).message).toBe(
        takenMessage,
      );
      // The choice is kept in the reply.
      expect((loser.data as { result: { initialValue: { slot: string } } }).result.initialValue.slot).toBe(
        String(slot),
      );
    }
    const [count] = await rows<{ n: number }>(
      "select count(*) as n from visits where slot_start = ? and status = 'booked'",
      slot,
    );
    expect(count!.n).toBe(1);
    // The full slot is no longer offered to the losers.
    const loser = [a!, b!, c!][answers.findIndex((answer) => answer.status === 409)]!;
    expect((await page(loser.jar, loser.id)).days.flatMap((day) => day.slots).some((s) => s.start === slot)).toBe(
      false,
    );
    await setCapacity(2);
  });

  it("moves and cancels a visit until it starts", async () => {
    const { jar, id, account } = await approved("Mover");
    const slots = (await page(jar, id)).days.flatMap((day) => day.slots);
    expect((await book(jar, id, slots[0]!.start)).status).toBe(302);
    const moved = await book(jar, id, slots[1]!.start);
    expect(moved.headers.get("Location")).toBe(`/applications/${id}/visit?done=moved`);
    const visits = await rows<{ id: number; slot_start: number; status: string; version: number }>(
      "select * from visits where application_id = ?",
      id,
    );
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ slot_start: slots[1]!.start, status: "booked", version: 2 });
    const stale = await respond(
      t,
      visitAction,
      withCookies(
        postForm(`/applications/${id}/visit`, { intent: "cancel", visitId: String(visits[0]!.id), version: "1" }),
        jar,
      ),
      { id: String(id) },
    );
    expect(stale.status).toBe(409);
    const cancelled = await respond(
      t,
      visitAction,
      withCookies(
        postForm(`/applications/${id}/visit`, { intent: "cancel", visitId: String(visits[0]!.id), version: "2" }),
        jar,
      ),
      { id: String(id) },
    );
    expect(cancelled.headers.get("Location")).toBe(`/applications/${id}/visit?done=cancelled`);
    expect(await rows("select status from visits where application_id = ?", id)).toEqual([{ status: "cancelled" }]);
    await t.settle();
    const subjects = (
      await rows<{ subject: string }>('select subject from outbox_messages where "to" = ? order by id', account.email)
    ).map((row) => row.subject);
    expect(subjects.filter((subject) => /visit/i.test(subject))).toEqual([
      expect.stringMatching(/^Your visit is booked/),
      expect.stringMatching(/^Your visit moved/),
      "Your visit to meet Mover is cancelled",
    ]);
    // Booking again after a cancel works (one booked visit per application, not one ever).
    expect((await book(jar, id, slots[2]!.start)).status).toBe(302);
  });

  it("only the approved adopter of that application: someone else gets 404, an application not approved gets 403 and no form", async () => {
    const { id, jar } = await approved("Mine");
    const stranger = await signedIn(t, await createAccount(t.env.DB, { firstName: "Eve", lastName: "Other" }));
    const slot = (await page(jar, id)).days[0]!.slots[0]!.start;
    expect(
      (
        await respond(t, visitLoader, withCookies(getRequest(`/applications/${id}/visit`), stranger), {
          id: String(id),
        })
      ).status,
    ).toBe(404);
    expect((await book(stranger, id, slot)).status).toBe(404);
    expect(
      (await respond(t, visitLoader, withCookies(getRequest(`/applications/${id}/visit`), staff), { id: String(id) }))
        .status,
    ).toBe(404);
    // Not signed in: to sign in.
    const anonymous = await respond(
      t,
      visitAction,
      postForm(`/applications/${id}/visit`, { intent: "book", slot: String(slot) }),
      { id: String(id) },
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/sign-in/);
    // A submitted (not approved) application of its own adopter.
    const pet = await insertPet(t.env.DB);
    const sent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
    );
    const pending = Number(sent.headers.get("Location")!.split("=")[1]);
    expect((await page(jar, pending)).days).toEqual([]);
    expect((await book(jar, pending, slot)).status).toBe(403);
    expect(await rows("select * from visits where application_id in (?, ?)", pending, id)).toEqual([]);
  });

  it("a failed write books nothing and shows the form again with the choice kept", async () => {
    const { jar, id } = await approved("Faulty");
    const slot = (await page(jar, id)).days[0]!.slots[0]!.start;
    faults = injectFaults(t, { d1: [{ sql: /insert into "visits"/i }] });
    const failed = await book(jar, id, slot);
    expect(faults.failures()).toBeGreaterThan(0);
    faults.restore();
    faults = undefined;
    expect(failed.status).toBe(503);
    expect((failed.data as { message: string }).message).toBe(writeFailedMessage);
    expect((failed.data as { result: { initialValue: { slot: string } } }).result.initialValue.slot).toBe(String(slot));
    expect(await rows("select * from visits where application_id = ?", id)).toEqual([]);
  });

  it("/applications says what happens next and when: the reply time, then Book your visit, then Your visit · Move or cancel", async () => {
    const { jar, id } = await approved("Nextstep");
    type Mine = { applications: { id: number; next: { text: string; link?: { to: string; label: string } } | null }[] };
    const mine = async () =>
      ((await respond(t, myLoader, withCookies(getRequest("/applications"), jar))).data as Mine).applications.find(
        (application) => application.id === id,
      )!;
    expect((await mine()).next).toMatchObject({
      text: expect.stringMatching(/^Book a time to meet Nextstep before your hold ends \(\w{3} \w{3} \d+, 5 pm\)\.$/),
      link: { to: `/applications/${id}/visit`, label: "Book your visit" },
    });
    const slot = (await page(jar, id)).days[0]!.slots[0]!;
    await book(jar, id, slot.start);
    expect((await mine()).next).toMatchObject({
      text: expect.stringMatching(new RegExp(`^Your visit: \\w{3} \\w{3} \\d+, ${slot.time}$`)),
      link: { label: "Move or cancel" },
    });
    const pet = await insertPet(t.env.DB);
    const sent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
    );
    const pending = Number(sent.headers.get("Location")!.split("=")[1]);
    const all = ((await respond(t, myLoader, withCookies(getRequest("/applications"), jar))).data as Mine).applications;
    expect(all.find((application) => application.id === pending)!.next!.text).toMatch(
      /^We reply within 2 business days: by \w{3} \w{3} \d+, 5 pm\.$/,
    );
  });

  it("the hourly scheduled run sends a reminder the morning of the visit, once, not before 7 am", async () => {
    const { jar, id, account } = await approved("Reminded");
    const slot = (await page(jar, id)).days.at(-1)!.slots.at(-1)!;
    expect((await book(jar, id, slot.start)).status).toBe(302);
    const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })
      .format(new Date(slot.start))
      .split("-")
      .map(Number);
    const at = (time: string) =>
      localTimeToInstant({ year: y!, month: m!, day: d! }, time, "America/Los_Angeles").getTime();
    const reminders = async () => {
      await t.settle();
      return rows<{ subject: string; text: string }>(
        'select subject, text from outbox_messages where "to" = ? and subject like ?',
        account.email,
        "Today:%",
      );
    };
    await runScheduled(t.env, crons.hourly, at("06:00"), i18nFor);
    expect(await reminders()).toEqual([]);
    await runScheduled(t.env, crons.hourly, at("07:00"), i18nFor);
    await runScheduled(t.env, crons.hourly, at("08:00"), i18nFor);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Today: meet Reminded at ${slot.time}`);
    expect(sent[0]!.text).toContain(`/applications/${id}/visit`);
    expect(sent[0]!.text).toContain("4100 Redwood Way");
  });

  it("staff see the visit under Visits; once it started they mark it met (then adopt) or no-show (hold ends, pet listed again, adopter told)", async () => {
    const met = await approved("Metpet");
    const gone = await approved("Nopet");
    const slotOf = async (x: { jar: CookieJar; id: number }) => (await page(x.jar, x.id)).days[0]!.slots[0]!.start;
    await book(met.jar, met.id, await slotOf(met));
    await book(gone.jar, gone.id, await slotOf(gone));
    type Staff = {
      days: {
        day: string;
        visits: {
          id: number;
          version: number;
          petName: string;
          adopter: string;
          phone: string;
          started: boolean;
          status: string;
        }[];
      }[];
    };
    const list = (await respond(t, staffVisitsLoader, withCookies(getRequest("/petadmin/visits"), staff)))
      .data as Staff;
    const shown = list.days.flatMap((day) => day.visits);
    const metVisit = shown.find((visit) => visit.petName === "Metpet")!;
    const goneVisit = shown.find((visit) => visit.petName === "Nopet")!;
    expect(metVisit).toMatchObject({
      adopter: "Ada Metpet",
      phone: goodAnswers.phone,
      status: "booked",
      started: false,
    });
    const mark = (visit: { id: number; version: number }, intent: string) =>
      respond(
        t,
        staffVisitsAction,
        withCookies(
          postForm("/petadmin/visits", { intent, visitId: String(visit.id), version: String(visit.version) }),
          staff,
        ),
      );
    // Not started yet: refused.
    expect((await mark(metVisit, "met")).status).toBe(409);
    // The visits' time comes (moved into the past in the database, as the clock would).
    await t.env.DB.prepare("update visits set slot_start = ?, slot_end = ? where id in (?, ?)")
      .bind(Date.now() - 60_000, Date.now() + 29 * 60_000, metVisit.id, goneVisit.id)
      .run();
    const metAnswer = await mark(metVisit, "met");
    expect(metAnswer.headers.get("Location")).toBe(`/petadmin/inbox/application/${met.id}?done=met`);
    expect((await rows<{ status: string }>("select status from visits where id = ?", metVisit.id))[0]!.status).toBe(
      "met",
    );
    const adopt = await respond(
      t,
      itemAction,
      withCookies(postForm(`/petadmin/inbox/application/${met.id}`, { intent: "adopt", version: "2" }), staff),
      { id: String(met.id) },
    );
    expect(adopt.status).toBe(302);
    expect(
      (await rows<{ status: string }>("select status from adoption_applications where id = ?", met.id))[0]!.status,
    ).toBe("adopted");

    const noShow = await mark(goneVisit, "no_show");
    expect(noShow.headers.get("Location")).toBe("/petadmin/visits?done=no_show");
    expect((await rows<{ status: string }>("select status from visits where id = ?", goneVisit.id))[0]!.status).toBe(
      "no_show",
    );
    expect(
      (await rows<{ status: string }>("select status from adoption_applications where id = ?", gone.id))[0]!.status,
    ).toBe("hold_ended");
    expect((await rows("select on_hold_email from pets where id = ?", gone.pet.id))[0]).toEqual({
      on_hold_email: null,
    });
    await t.settle();
    expect(
      await rows(
        'select subject from outbox_messages where "to" = ? and subject like ?',
        gone.account.email,
        "We missed you%",
      ),
    ).toHaveLength(1);
    // Twice: the second is a conflict, nothing changes again.
    expect((await mark(goneVisit, "no_show")).status).toBe(409);
  });

  it("visits and their settings are staff-only; the capacity needs manage:visits (admin) and a valid number", async () => {
    const adopter = await signedIn(t, await createAccount(t.env.DB, { firstName: "Not", lastName: "Staff" }));
    expect((await respond(t, staffVisitsLoader, withCookies(getRequest("/petadmin/visits"), adopter))).status).toBe(
      403,
    );
    const settings = (jar: CookieJar, capacity: string, version: string) =>
      respond(
        t,
        staffVisitsAction,
        withCookies(postForm("/petadmin/visits", { intent: "settings", capacity, version }), jar),
      );
    expect((await settings(adopter, "3", "1")).status).toBe(403);
    expect((await settings(staff, "3", "1")).status).toBe(403);
    const admin = await signedIn(t, await createAccount(t.env.DB, { role: "admin" }));
    const { version } = (
      (await respond(t, staffVisitsLoader, withCookies(getRequest("/petadmin/visits"), admin))).data as {
        settings: { version: number };
      }
    ).settings;
    expect((await settings(admin, "0", String(version))).status).toBe(400);
    expect((await settings(admin, "many", String(version))).status).toBe(400);
    expect((await settings(admin, "3", String(version))).headers.get("Location")).toBe(
      "/petadmin/visits?done=settings",
    );
    expect((await settings(admin, "4", String(version))).status).toBe(409);
    expect((await rows("select capacity from visit_settings"))[0]).toEqual({ capacity: 3 });
  });

  it("the inbox shows how long each open item waited and marks those past the 2-business-day reply time; the landing counts them", async () => {
    const pet = await insertPet(t.env.DB, { name: "Waiting" });
    const jar = await signedIn(t, await createAccount(t.env.DB, { firstName: "Old", lastName: "Timer" }));
    const sent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
    );
    const id = Number(sent.headers.get("Location")!.split("=")[1]);
    const landing = async () =>
      ((await respond(t, landingLoader, withCookies(getRequest("/petadmin"), staff))).data as { overdue: number })
        .overdue;
    const before = await landing();
    type Inbox = { items: { kind: string; id: number; waited: string | null; overdue: boolean }[] };
    const item = async () =>
      ((await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox"), staff))).data as Inbox).items.find(
        (i) => i.kind === "application" && i.id === id,
      )!;
    expect(await item()).toMatchObject({ waited: expect.stringMatching(/^\d+ minutes?$/), overdue: false });
    // Sent ten days ago: past any two business days.
    await t.env.DB.prepare("update adoption_applications set submitted_at = ? where id = ?")
      .bind(Date.now() - 10 * 24 * 3600_000, id)
      .run();
    expect(await item()).toMatchObject({ waited: "10 days", overdue: true });
    expect(await landing()).toBe(before + 1);
  });

  it("when a pet is adopted, every other application for it ends as 'pet no longer available' and each applicant gets a kind email with up to three listed pets", async () => {
    const pet = await insertPet(t.env.DB, { name: "Popular", species: "Dog" });
    const apply = async (firstName: string) => {
      const account = await createAccount(t.env.DB, { firstName, lastName: "Hopeful" });
      const jar = await signedIn(t, account);
      const sent = await respond(
        t,
        applyAction,
        withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
      );
      return { account, id: Number(sent.headers.get("Location")!.split("=")[1]) };
    };
    const others = [await apply("Bea"), await apply("Cy")];
    const { id } = await apply("Winner");
    expect(
      (
        await respond(
          t,
          itemAction,
          withCookies(postForm(`/petadmin/inbox/application/${id}`, { intent: "approve", version: "1" }), staff),
          { id: String(id) },
        )
      ).status,
    ).toBe(302);
    const suggestion = await insertPet(t.env.DB, { name: "Nextbest", species: "Dog" });
    const adopt = await respond(
      t,
      itemAction,
      withCookies(postForm(`/petadmin/inbox/application/${id}`, { intent: "adopt", version: "2" }), staff),
      { id: String(id) },
    );
    expect(adopt.status).toBe(302);
    await t.settle();
    for (const other of others) {
      expect(await rows("select status from adoption_applications where id = ?", other.id)).toEqual([
        { status: "no_longer_available" },
      ]);
      expect(
        (
          await rows<{ status: string }>(
            "select status from application_events where application_id = ? order by id",
            other.id,
          )
        ).map((e) => e.status),
      ).toEqual(["submitted", "no_longer_available"]);
      const [mail] = await rows<{ subject: string; text: string }>(
        'select subject, text from outbox_messages where "to" = ? and subject = ?',
        other.account.email,
        "Popular has found a home",
      );
      expect(mail!.text).toContain("pet no longer available");
      expect(mail!.text).toContain(`/adopt/pet?pet_id=${suggestion.id}`);
      expect((mail!.text.match(/\/adopt\/pet\?pet_id=/g) ?? []).length).toBeLessThanOrEqual(3);
    }
    expect(await rows("select status from adoption_applications where id = ?", id)).toEqual([{ status: "adopted" }]);
  });
});

describe("a booked visit goes with its application (decision 048)", () => {
  const visitOf = async (id: number) =>
    (
      await rows<{ status: string; version: number }>("select status, version from visits where application_id = ?", id)
    )[0];
  const appStatus = async (id: number) =>
    (await rows<{ status: string }>("select status from adoption_applications where id = ?", id))[0]!.status;
  const petVersion = async (petId: number) =>
    String((await rows<{ version: number }>("select version from pets where id = ?", petId))[0]!.version);
  const cancelMails = async (email: string, petName: string) => {
    await t.settle();
    return rows<{ text: string; attachments: string }>(
      'select text, attachments from outbox_messages where "to" = ? and subject = ?',
      email,
      `Your visit to meet ${petName} is cancelled`,
    );
  };
  async function bookedFor(petName: string) {
    const application = await approved(petName);
    const slot = (await page(application.jar, application.id)).days[0]!.slots.at(-1)!.start;
    expect((await book(application.jar, application.id, slot)).status).toBe(302);
    await t.settle();
    return application;
  }
  const staffPost = (id: number, fields: Record<string, string>) =>
    respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), {
      id: String(id),
    });
  const edit = (fields: Record<string, string>) =>
    respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff));

  it("declined later: the visit is cancelled in the same write and the adopter gets the calendar's cancellation", async () => {
    const { id, account } = await bookedFor("Declinee");
    expect(
      (await staffPost(id, { intent: "decline", version: "2", reason: "Another family fits him better." })).status,
    ).toBe(302);
    expect(await appStatus(id)).toBe("declined");
    expect(await visitOf(id)).toMatchObject({ status: "cancelled" });
    const [mail] = await cancelMails(account.email, "Declinee");
    expect(mail!.text).toContain("your application was declined");
    const [ics] = JSON.parse(mail!.attachments) as { content: string }[];
    expect(ics!.content).toContain("METHOD:CANCEL");
  });

  it("its hold ended by staff (End hold now), or the pet marked adopted by someone else: cancelled and told", async () => {
    const released = await bookedFor("Released");
    expect(
      (await edit({ intent: "release", petId: String(released.pet.id), version: await petVersion(released.pet.id) }))
        .status,
    ).toBe(302);
    expect(await appStatus(released.id)).toBe("hold_ended");
    expect(await visitOf(released.id)).toMatchObject({ status: "cancelled" });
    expect((await cancelMails(released.account.email, "Released"))[0]!.text).toContain(
      "your hold on Released has ended",
    );

    const outbid = await bookedFor("Outbid");
    const adopt = await edit({
      intent: "adopt",
      petId: String(outbid.pet.id),
      version: await petVersion(outbid.pet.id),
      email: "another.home@example.com",
    });
    expect(adopt.status).toBe(302);
    expect(await appStatus(outbid.id)).toBe("hold_ended");
    expect(await visitOf(outbid.id)).toMatchObject({ status: "cancelled" });
    expect(await cancelMails(outbid.account.email, "Outbid")).toHaveLength(1);
  });

  it("marked adopted before the visit: no visit is needed, and the calendar entry goes", async () => {
    const { id, account } = await bookedFor("Early");
    expect((await staffPost(id, { intent: "adopt", version: "2" })).status).toBe(302);
    expect(await appStatus(id)).toBe("adopted");
    expect(await visitOf(id)).toMatchObject({ status: "cancelled" });
    expect((await cancelMails(account.email, "Early"))[0]!.text).toContain(
      "Early is adopted by you, so no visit is needed",
    );
  });

  it("the hourly run ends the hold after the visit's end: the visit is closed with it, nobody told of a cancellation", async () => {
    const { id, account, pet } = await bookedFor("Lapsed");
    const [{ until }] = (await rows<{ until: number }>(
      "select on_hold_until as until from pets where id = ?",
      pet.id,
    )) as [{ until: number }];
    await runScheduled(t.env, crons.hourly, until + 60_000, i18nFor);
    expect(await appStatus(id)).toBe("hold_ended");
    expect(await visitOf(id)).toMatchObject({ status: "cancelled" });
    expect(await cancelMails(account.email, "Lapsed")).toEqual([]);
  });

  it("when the visit's cancel fails, the decline, the adoption and the hold's end change nothing; the next try does all", async () => {
    const { id, pet } = await bookedFor("Stuck");
    const snapshot = async () => ({
      application: await rows("select * from adoption_applications where id = ?", id),
      events: await rows("select * from application_events where application_id = ?", id),
      pet: await rows("select * from pets where id = ?", pet.id),
      visits: await rows("select * from visits where application_id = ?", id),
    });
    const before = await snapshot();
    faults = injectFaults(t, { d1: [{ sql: /^update "visits"/ }] });
    expect((await staffPost(id, { intent: "decline", version: "2", reason: "Not this time." })).status).toBe(503);
    expect((await staffPost(id, { intent: "adopt", version: "2" })).status).toBe(503);
    expect((await edit({ intent: "release", petId: String(pet.id), version: await petVersion(pet.id) })).status).toBe(
      503,
    );
    const until = (await rows<{ until: number }>("select on_hold_until as until from pets where id = ?", pet.id))[0]!
      .until;
    await runScheduled(t.env, crons.hourly, until + 60_000, i18nFor);
    expect(faults.failures()).toBeGreaterThanOrEqual(4);
    faults.restore();
    faults = undefined;
    await t.settle();
    expect(await snapshot()).toEqual(before);
    expect((await staffPost(id, { intent: "decline", version: "2", reason: "Not this time." })).status).toBe(302);
    expect(await visitOf(id)).toMatchObject({ status: "cancelled" });
  });
});
