import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, vi } from "vitest";
import { action as applyAction, loader as applyLoader } from "#app/routes/adopt/apply";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as staffVisitsAction, loader as staffVisitsLoader } from "#app/routes/petadmin/visits";
import { action as visitAction, loader as visitLoader } from "#app/routes/adopt/application-visit";
import { loader as myLoader } from "#app/routes/adopt/applications";
import { crons, runScheduled } from "#server/scheduled";
import { localTimeToInstant } from "#app/lib/visits/business-hours";
import { i18nFor } from "#app/locales/catalogs.server";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** Visits and the pets they are for (issue 39: a deleted pet, the staff action's order of checks). */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
type Page = {
  days: { slots: { start: number; time: string }[] }[];
  visit: { id: number; version: number; start: number } | null;
  application: { holdsPet: boolean };
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
const mails = async (email: string, subject: string) => {
  await t.settle();
  return rows<{ subject: string; text: string; attachments: string | null }>(
    'select subject, text, attachments from outbox_messages where "to" = ? and subject like ? order by id',
    email,
    subject,
  );
};
type StaffList = { days: { visits: { id: number; petName: string }[] }[] };
const staffList = async () =>
  (
    (await respond(t, staffVisitsLoader, withCookies(getRequest("/petadmin/visits"), staff))).data as StaffList
  ).days.flatMap((day) => day.visits);

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

async function bookedFor(petName: string) {
  const application = await approved(petName);
  const slots = (await page(application.jar, application.id)).days.flatMap((day) => day.slots);
  expect((await book(application.jar, application.id, slots.at(-1)!.start)).status).toBe(302);
  await t.settle();
  return { ...application, slots };
}

describe("a deleted pet's visits (issue 39)", () => {
  it("deleting a held pet cancels its booked visit and ends its hold in the same write; the adopter is told, with the calendar's cancellation", async () => {
    const { pet, account, jar, id, slots } = await bookedFor("Gonepet");
    const [{ version }] = (await rows<{ version: number }>("select version from pets where id = ?", pet.id)) as [
      { version: number },
    ];
    const deleted = await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", {
          intent: "delete",
          petId: String(pet.id),
          version: String(version),
          confirm: "delete",
        }),
        staff,
      ),
    );
    expect(deleted.status).toBe(302);

    expect(await rows("select status from visits where application_id = ?", id)).toEqual([{ status: "cancelled" }]);
    expect(await rows("select status from adoption_applications where id = ?", id)).toEqual([{ status: "hold_ended" }]);
    const [row] = await rows<{ on_hold_email: string | null; on_hold_until: number | null; deleted_at: number | null }>(
      "select on_hold_email, on_hold_until, deleted_at from pets where id = ?",
      pet.id,
    );
    expect(row).toMatchObject({ on_hold_email: null, on_hold_until: null, deleted_at: expect.any(Number) });
    expect(
      (
        await rows<{ status: string }>("select status from application_events where application_id = ? order by id", id)
      ).map((event) => event.status),
    ).toEqual(["submitted", "approved", "hold_ended"]);

    const [cancelled] = await mails(account.email, "Your visit to meet Gonepet is cancelled");
    expect(cancelled!.text).toContain("your hold on Gonepet has ended");
    expect(JSON.parse(cancelled!.attachments!)[0].content).toContain("METHOD:CANCEL");
    expect(await mails(account.email, "Your application to adopt Gonepet: hold ended")).toHaveLength(1);

    // Not on staff's Visits, and the adopter can book nothing for it.
    expect((await staffList()).some((visit) => visit.petName === "Gonepet")).toBe(false);
    expect((await page(jar, id)).days).toEqual([]);
    expect((await book(jar, id, slots[0]!.start)).status).toBe(403);
    expect(await rows("select id from visits where application_id = ? and status = 'booked'", id)).toEqual([]);
  });

  it("a pet deleted with its hold still on (before this change) cannot be booked, moved to or reminded about, and is not on staff's Visits", async () => {
    const early = await approved("Oldgone");
    const moving = await bookedFor("Oldmoved");
    await t.env.DB.prepare("update pets set deleted_at = ? where id in (?, ?)")
      .bind(Date.now(), early.pet.id, moving.pet.id)
      .run();

    const slot = moving.slots[0]!.start;
    expect((await page(early.jar, early.id)).days).toEqual([]);
    expect((await book(early.jar, early.id, slot)).status).toBe(403);
    expect(await rows("select id from visits where application_id = ?", early.id)).toEqual([]);

    expect((await book(moving.jar, moving.id, slot)).status).toBe(403);
    const [visit] = await rows<{ slot_start: number; status: string }>(
      "select slot_start, status from visits where application_id = ?",
      moving.id,
    );
    expect(visit).toMatchObject({ slot_start: moving.slots.at(-1)!.start, status: "booked" });
    expect((await staffList()).some((shown) => shown.petName === "Oldmoved")).toBe(false);

    const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })
      .format(new Date(visit!.slot_start))
      .split("-")
      .map(Number);
    await runScheduled(
      t.env,
      crons.hourly,
      localTimeToInstant({ year: y!, month: m!, day: d! }, "07:30", "America/Los_Angeles").getTime(),
      i18nFor,
    );
    expect(await mails(moving.account.email, "Today:%")).toEqual([]);
  });
});

describe("the staff Visits action checks permission before it reads the body (issue 39)", () => {
  /** A body that records whether anyone read it, and fails if they do. */
  function unreadBody(jar?: CookieJar) {
    const read = { pulled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read.pulled = true;
          controller.error(new Error("the body was read"));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost/petadmin/visits", {
      method: "POST",
      body,
      // The cookie is set here: copying a request (withCookies) would start reading its body.
      headers: {
        "Content-Type": "multipart/form-data; boundary=----nothing-here",
        ...(jar ? { Cookie: jar.header() } : {}),
      },
      duplex: "half",
    } as RequestInit);
    return { request, read };
  }

  it("a signed-in account that is not staff gets 403 and its body is never read", async () => {
    const adopter = await signedIn(t, await createAccount(t.env.DB, { firstName: "Not", lastName: "Staff" }));
    const { request, read } = unreadBody(adopter);
    const answer = await respond(t, staffVisitsAction, request);
    expect(answer.status).toBe(403);
    expect(read.pulled).toBe(false);
  });

  it("a visitor who is not signed in goes to sign in, body unread", async () => {
    const { request, read } = unreadBody();
    const answer = await respond(t, staffVisitsAction, request);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/sign-in/);
    expect(read.pulled).toBe(false);
  });
});

/**
 * A small iCalendar reader (RFC 5545 §3.1): unfolds continuation lines, then reads each content line
 * as NAME;PARAM=VALUE;…:VALUE. Returns the calendar's own properties and its one event's.
 */
function parseCalendar(text: string) {
  expect(text).toMatch(/\r\n/);
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const property = (line: string) => {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const [name = "", ...params] = line.slice(0, colon).split(";");
    return {
      name: name.toUpperCase(),
      params: Object.fromEntries(
        params
          .map((param) => param.split("=") as [string, string])
          .map(([key, value]) => [key.toUpperCase(), value.replace(/^"(.*)"$/, "$1")]),
      ),
      value: line.slice(colon + 1),
    };
  };
  const calendar: ReturnType<typeof property>[] = [];
  const event: ReturnType<typeof property>[] = [];
  const nesting: string[] = [];
  for (const line of lines.map(property)) {
    if (line.name === "BEGIN") nesting.push(line.value);
    else if (line.name === "END") expect(nesting.pop()).toBe(line.value);
    else if (nesting.join("/") === "VCALENDAR") calendar.push(line);
    else if (nesting.join("/") === "VCALENDAR/VEVENT") event.push(line);
  }
  expect(nesting).toEqual([]);
  const one = (list: typeof event, name: string) => {
    const found = list.filter((line) => line.name === name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  return { calendar: (name: string) => one(calendar, name), event: (name: string) => one(event, name), events: event };
}

describe("each visit's calendar file follows RFC 5545/5546, so moves and cancellations land (issue 40)", () => {
  const calendarOf = (mail: { attachments: string | null }) => {
    const [attachment] = JSON.parse(mail.attachments!) as { filename: string; contentType: string; content: string }[];
    return { contentType: attachment!.contentType, ics: parseCalendar(attachment!.content) };
  };

  it("booked, moved and cancelled: one UID, SEQUENCE 0, 1, 2, REQUEST then CANCEL, with the shelter as ORGANIZER and the adopter as ATTENDEE", async () => {
    const { account, jar, id, slots } = await bookedFor("Calendared");
    expect((await book(jar, id, slots[0]!.start)).status).toBe(302);
    const [visit] = await rows<{ id: number; version: number }>(
      "select id, version from visits where application_id = ?",
      id,
    );
    const cancelled = await respond(
      t,
      visitAction,
      withCookies(
        postForm(`/applications/${id}/visit`, {
          intent: "cancel",
          visitId: String(visit!.id),
          version: String(visit!.version),
        }),
        jar,
      ),
      { id: String(id) },
    );
    expect(cancelled.status).toBe(302);

    const sent = [
      ...(await mails(account.email, "Your visit is booked%")),
      ...(await mails(account.email, "Your visit moved%")),
      ...(await mails(account.email, "Your visit to meet Calendared is cancelled")),
    ];
    expect(sent).toHaveLength(3);
    const files = sent.map(calendarOf);
    const uid = files[0]!.ics.event("UID").value;
    expect(uid).toMatch(/^visit-\d+@localhost$/);
    expect(
      files.map((file) => [
        file.ics.calendar("METHOD").value,
        file.contentType,
        file.ics.event("UID").value,
        file.ics.event("SEQUENCE").value,
        file.ics.event("STATUS").value,
      ]),
    ).toEqual([
      ["REQUEST", "text/calendar; charset=utf-8; method=REQUEST", uid, "0", "CONFIRMED"],
      ["REQUEST", "text/calendar; charset=utf-8; method=REQUEST", uid, "1", "CONFIRMED"],
      ["CANCEL", "text/calendar; charset=utf-8; method=CANCEL", uid, "2", "CANCELLED"],
    ]);
    for (const { ics } of files) {
      expect(ics.calendar("VERSION").value).toBe("2.0");
      expect(ics.event("DTSTAMP").value).toMatch(/^\d{8}T\d{6}Z$/);
      const organizer = ics.event("ORGANIZER");
      expect(organizer.value.toLowerCase()).toBe("mailto:hello@sequoia-shelter.example");
      expect(organizer.params.CN).toMatch(/Sequoia Humane Society/);
      const attendee = ics.event("ATTENDEE");
      expect(attendee.value.toLowerCase()).toBe(`mailto:${account.email.toLowerCase()}`);
      expect(attendee.params.PARTSTAT).toBe("ACCEPTED");
    }
    // The move's file has the new time; the cancellation names the time it takes away.
    const stamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
    expect(files.map((file) => file.ics.event("DTSTART").value)).toEqual([
      stamp(slots.at(-1)!.start),
      stamp(slots[0]!.start),
      stamp(slots[0]!.start),
    ]);

    // Booked again: a new visit, a new UID, from SEQUENCE 0.
    expect((await book(jar, id, slots[1]!.start)).status).toBe(302);
    const again = calendarOf((await mails(account.email, "Your visit is booked%")).at(-1)!).ics;
    expect(again.event("UID").value).not.toBe(uid);
    expect(again.event("SEQUENCE").value).toBe("0");
  });

  it("a visit staff's change cancels (declined after a move) gets a CANCEL with the next SEQUENCE, ORGANIZER and ATTENDEE", async () => {
    const { account, jar, id, slots } = await bookedFor("Staffcancel");
    expect((await book(jar, id, slots[0]!.start)).status).toBe(302);
    const declined = await respond(
      t,
      itemAction,
      withCookies(
        postForm(`/petadmin/inbox/application/${id}`, {
          intent: "decline",
          version: "2",
          reason: "Another family fits better.",
        }),
        staff,
      ),
      { id: String(id) },
    );
    expect(declined.status).toBe(302);
    const moved = calendarOf((await mails(account.email, "Your visit moved%"))[0]!).ics;
    const cancel = calendarOf((await mails(account.email, "Your visit to meet Staffcancel is cancelled"))[0]!).ics;
    expect(cancel.calendar("METHOD").value).toBe("CANCEL");
    expect(cancel.event("UID").value).toBe(moved.event("UID").value);
    expect(Number(cancel.event("SEQUENCE").value)).toBe(Number(moved.event("SEQUENCE").value) + 1);
    expect(cancel.event("ORGANIZER").value.toLowerCase()).toBe("mailto:hello@sequoia-shelter.example");
    expect(cancel.event("ATTENDEE").value.toLowerCase()).toBe(`mailto:${account.email.toLowerCase()}`);
  });
});

describe("the approval email leads to the visit's booking page (issue 40)", () => {
  async function approvedIn(language: "en" | "es", petName: string) {
    const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
    const account = await createAccount(t.env.DB, { firstName: "Bea", lastName: petName });
    await t.env.DB.prepare("update users set language = ? where id = ?").bind(language, account.id).run();
    const jar = await signedIn(t, account);
    // Sent from the page in the account's language: its own confirmation is in the page's language.
    const sent = await respond(
      t,
      applyAction,
      withCookies(
        postForm(`${language === "es" ? "/es" : ""}/adopt/apply?pet_id=${pet.id}`, {
          intent: "submit",
          ...goodAnswers,
        }),
        jar,
      ),
    );
    const id = Number(sent.headers.get("Location")!.split("=")[1]);
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
    await t.settle();
    const [held] = await rows<{ until: number }>("select on_hold_until as until from pets where id = ?", pet.id);
    return { account, id, until: held!.until };
  }
  const textOf = async (email: string) =>
    (
      await rows<{ subject: string; text: string }>(
        'select subject, text from outbox_messages where "to" = ? order by id',
        email,
      )
    ).map((mail) => mail.text);

  it("in English: the link to book, the hold's end, and calling only as the fallback", async () => {
    const { account, id } = await approvedIn("en", "Linkpup");
    const [submitted, approval] = await textOf(account.email);
    expect(submitted).toContain("replies within 2 business days");
    expect(submitted).not.toContain("within a few days");
    expect(approval).toMatch(
      new RegExp(
        `We hold Linkpup for you until \\w{3} \\w{3} \\d+, 5 pm\\. Book a time to meet Linkpup before then, here:\\n\\nhttp://localhost/applications/${id}/visit\\n\\nIf none of the times suits you, call us at `,
      ),
    );
    expect(approval).not.toContain("to arrange a time to meet");
    // The link comes before any phone number.
    expect(approval!.indexOf(`/applications/${id}/visit`)).toBeLessThan(approval!.indexOf("call us"));
  });

  it("in Spanish: the Spanish booking page, the hold's end, and calling as the fallback", async () => {
    const { account, id } = await approvedIn("es", "Enlace");
    const [submitted, approval] = await textOf(account.email);
    expect(submitted).toContain("te responde en un plazo de 2 días hábiles");
    expect(approval).toMatch(
      new RegExp(
        `Reservamos a Enlace para ti hasta el .+ p\\. m\\.: elige una hora para conocer a Enlace antes de esa fecha, aquí:\\n\\nhttp://localhost/es/applications/${id}/visit\\n\\nSi ninguna hora te viene bien, llámanos al `,
      ),
    );
    expect(approval).not.toContain("acordar cuándo vienes");
  });

  it("/applications offers the booking page first and calling as the fallback", async () => {
    const { jar, id } = await approved("Pagepup");
    type Mine = {
      applications: { id: number; next: { text: string; link?: { to: string }; fallback?: string } | null }[];
    };
    const mine = (
      (await respond(t, myLoader, withCookies(getRequest("/applications"), jar))).data as Mine
    ).applications.find((application) => application.id === id)!;
    expect(mine.next).toMatchObject({
      text: expect.stringMatching(/before your hold ends/),
      link: { to: `/applications/${id}/visit` },
      fallback: expect.stringMatching(/^No time suits you\? Call us at /),
    });
  });
});

describe("a second adoption application starts from the last one (issue 40)", () => {
  it("fills in who, where and how the adopter lives from their last application, not what is about the pet, and says so", async () => {
    const first = await insertPet(t.env.DB, { name: "Firstlove", species: "Dog" });
    const second = await insertPet(t.env.DB, { name: "Secondlove", species: "Cat" });
    const jar = await signedIn(t, await createAccount(t.env.DB, { firstName: "Cleo", lastName: "Again" }));
    type Form = { defaults: Record<string, string>; fromLastApplication: boolean; prefilled: string[] };
    const form = async (petId: number) =>
      (await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${petId}`), jar))).data as Form;
    expect((await form(first.id)).fromLastApplication).toBe(false);
    const answers: Record<string, string> = {
      ...goodAnswers,
      street: "7 Harbor Lane",
      city: "Arcata",
      housing: "Apartment",
      adults: "3",
      reason: "Firstlove's ears.",
    };
    expect(
      (
        await respond(
          t,
          applyAction,
          withCookies(postForm(`/adopt/apply?pet_id=${first.id}`, { intent: "submit", ...answers }), jar),
        )
      ).status,
    ).toBe(302);

    const next = await form(second.id);
    expect(next.fromLastApplication).toBe(true);
    expect(next.defaults).toMatchObject({
      fullName: answers.fullName,
      phone: answers.phone,
      street: "7 Harbor Lane",
      city: "Arcata",
      region: answers.region,
      postalCode: answers.postalCode,
      housing: "Apartment",
      adults: "3",
      experience: answers.experience,
    });
    expect(next.defaults.reason).toBeUndefined();
    expect(next.defaults.hoursAlone).toBeUndefined();
    expect(next.prefilled).toEqual([]);
  });
});
