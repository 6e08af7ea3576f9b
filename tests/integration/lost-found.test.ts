import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as boardLoader } from "#app/routes/lost-found/index";
import { action as reportAction, loader as reportLoader } from "#app/routes/lost-found/report";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/lost-found/confirm";
import { action as pageAction, loader as pageLoader } from "#app/routes/lost-found/report-page";
import { action as linkAction, loader as linkLoader } from "#app/routes/lost-found/reporter-link";
import { action as messageConfirmAction, loader as messageConfirmLoader } from "#app/routes/lost-found/message-confirm";
import { action as answerAction, loader as answerLoader } from "#app/routes/lost-found/message-reply";
import { action as hiddenAction, loader as hiddenLoader } from "#app/routes/petadmin/lost-found";
import { loader as photoLoader } from "#app/routes/photos/photo";
import { loader as sitemapLoader } from "#app/routes/site/sitemap.xml";
import { shelter } from "#app/config/shelter";
import { createDb } from "#app/db/client.server";
import { localDay } from "#app/lib/lost-found/matching";
import { lostFoundRules } from "#app/lib/lost-found/report";
import { derivatives, derivativeKey } from "#app/lib/photos/photos";
import { deleteOldLostFoundReports, lostFoundRetentionMs } from "#app/models/lost-found.server";
import { queueLostFoundReminders } from "#app/services/lost-found-reminders.server";
import { i18nFor } from "#app/locales/catalogs.server";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
async function mailsTo(to: string) {
  await t.settle();
  return rows<{ subject: string; text: string }>(
    'select subject, text from outbox_messages where "to" = ? order by id',
    to,
  );
}
const today = localDay(new Date(), shelter.openingHours.timeZone);

let network = 0;
/** A post of the report form, each from its own network address unless told. */
function post(fields: [string, string][], address = `198.51.100.${++network}`, path = "/lost-found/report") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
  });
}
let people = 0;
function report(kind: "lost" | "found", overrides: Record<string, string> = {}): [string, string][] {
  people += 1;
  const fields: Record<string, string> = {
    kind,
    species: "dog",
    sex: "male",
    size: "medium",
    description: "A friendly dog with a red collar and a white chest.",
    date: today,
    place: kind === "lost" ? "eureka" : "arcata",
    crossStreets: "5th and H",
    name: `Reporter ${people}`,
    email: `reporter${people}@example.com`,
    phone: `707 555 01${String(people).padStart(2, "0")}`,
    ...overrides,
  };
  return [...Object.entries(fields), ["colours", "brown"], ["colours", "white"]];
}
const confirmLinkIn = (text: string) =>
  text.match(/http:\/\/localhost(\/(?:es\/)?lost-found\/confirm\?token=[A-Za-z0-9_-]+)/)?.[1] ?? "";
const linkIn = (text: string, action: "renew" | "close") =>
  text.match(new RegExp(`http://localhost(/(?:es/)?lost-found/\\d+/${action}\\?token=[A-Za-z0-9_-]+)`))?.[1] ?? "";
const tokenOf = (path: string) => new URL(path, "http://localhost").searchParams.get("token") ?? "";

/** Sends a report and follows its confirmation link's button; its id. */
async function reportAndConfirm(fields: [string, string][]) {
  const email = fields.find(([name]) => name === "email")![1];
  expect((await respond(t, reportAction, post(fields))).status).toBe(302);
  const [confirmation] = await mailsTo(email);
  const path = confirmLinkIn(confirmation!.text);
  const done = await respond(t, confirmAction, postForm(path.split("?")[0]!, { token: tokenOf(path) }));
  return Number(new URL(done.headers.get("Location")!, "http://localhost").searchParams.get("report"));
}

const board = async (query = "") =>
  (await respond(t, boardLoader, getRequest(`/lost-found${query}`))).data as {
    reports: { id: number; kind: string }[];
  };
const page = async (id: number, cookies?: Parameters<typeof withCookies>[1]) => {
  const request = getRequest(`/lost-found/${id}`);
  return respond(t, pageLoader, cookies ? withCookies(request, cookies) : request, { id: String(id) });
};

describe("a lost and found report", () => {
  it("shows only once its address is confirmed, by the button of the emailed link, and never shows the reporter", async () => {
    const fields = report("lost");
    const sent = await respond(t, reportAction, post(fields));
    expect(sent.headers.get("Location")).toBe("/lost-found/report?kind=lost&sent=yes");
    expect((await board()).reports).toEqual([]);
    const email = fields.find(([name]) => name === "email")![1];
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.subject).toBe(`Confirm your lost and found report to ${shelter.name}`);
    const path = confirmLinkIn(confirmation!.text);

    // Opening the link changes nothing (mail scanners follow links); the button does, once.
    expect((await respond(t, confirmLoader, getRequest(path))).data).toMatchObject({ state: "ready" });
    expect((await board()).reports).toEqual([]);
    const done = await respond(t, confirmAction, postForm("/lost-found/confirm", { token: tokenOf(path) }));
    expect(done.headers.get("Location")).toMatch(/^\/lost-found\/confirm\?done&report=\d+$/);
    expect(
      (await respond(t, confirmAction, postForm("/lost-found/confirm", { token: tokenOf(path) }))).headers.get(
        "Location",
      ),
    ).toBe("/lost-found/confirm?token=");

    const listed = await board();
    expect(listed.reports).toHaveLength(1);
    const id = listed.reports[0]!.id;
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Confirm your lost and found report to ${shelter.name}`,
      "Your report is on the lost and found board",
    ]);
    expect(linkIn(mails[1]!.text, "renew")).toMatch(new RegExp(`^/lost-found/${id}/renew`));
    expect(linkIn(mails[1]!.text, "close")).toMatch(new RegExp(`^/lost-found/${id}/close`));

    // Privacy: neither the board nor the page carries the name, the address or the phone.
    const shown = JSON.stringify([listed, (await page(id)).data]);
    for (const [name, value] of fields.filter(([key]) => key === "name" || key === "email" || key === "phone")) {
      expect(shown, name).not.toContain(value);
    }
    expect(shown).toContain("5th and H");
    expect((await board("?kind=found")).reports).toEqual([]);
    expect((await board("?kind=lost&species=cat")).reports).toEqual([]);
    expect((await board("?kind=lost&species=dog")).reports.map((each) => each.id)).toEqual([id]);
  });

  it("from a robot that filled the honeypot is thanked and not kept", async () => {
    const before = await rows<{ n: number }>("select count(*) as n from lost_found_reports");
    const fields = report("found");
    const sent = await respond(t, reportAction, post([...fields, ["fax_number", "555-0100"]]));
    expect(sent.headers.get("Location")).toBe("/lost-found/report?kind=found&sent=yes");
    expect(await rows<{ n: number }>("select count(*) as n from lost_found_reports")).toEqual(before);
    expect(await mailsTo(fields.find(([name]) => name === "email")![1])).toEqual([]);
  });

  it("is limited per network address", async () => {
    const address = "203.0.113.77";
    for (let sent = 0; sent < 5; sent += 1)
      expect((await respond(t, reportAction, post(report("found"), address))).status).toBe(302);
    const limited = await respond(t, reportAction, post(report("found"), address));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await respond(t, reportAction, post(report("found")))).status).toBe(302);
  });

  it("refuses what does not fit, field by field, keeping what was typed", async () => {
    const refused = await respond(
      t,
      reportAction,
      post(report("lost", { place: "123 Main Street", date: "2099-01-01" })),
    );
    expect(refused.status).toBe(400);
    const { result } = refused.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(Object.keys(result.error).sort()).toEqual(["date", "place"]);
    expect(result.initialValue.description).toContain("red collar");
    expect((await respond(t, reportLoader, getRequest("/lost-found/report?kind=found"))).data).toMatchObject({
      kind: "found",
    });
  });
});

describe("matching", () => {
  it("tells the owner of a lost dog when a brown dog is found in the next town, and lists the match on both pages", async () => {
    const lostFields = report("lost");
    const ownerEmail = lostFields.find(([name]) => name === "email")![1];
    const lostId = await reportAndConfirm(lostFields);
    const foundFields = report("found", { sex: "unknown" });
    const finderEmail = foundFields.find(([name]) => name === "email")![1];
    const foundId = await reportAndConfirm(foundFields);

    const ownerMails = await mailsTo(ownerEmail);
    const match = ownerMails.find((mail) => mail.subject === "A possible match for your lost and found report");
    expect(match, ownerMails.map((mail) => mail.subject).join()).toBeDefined();
    expect(match!.text).toContain(`http://localhost/lost-found/${foundId}`);
    expect(match!.text).toMatch(/both brown and white, \d+ miles apart, the same day/);
    expect(linkIn(match!.text, "close")).toMatch(new RegExp(`^/lost-found/${lostId}/close`));
    // Never the finder's address, name or phone.
    for (const [name, value] of foundFields.filter(([key]) => key === "name" || key === "email" || key === "phone"))
      expect(match!.text, name).not.toContain(value);
    expect((await mailsTo(finderEmail)).map((mail) => mail.subject)).not.toContain(
      "A possible match for your lost and found report",
    );

    const onFound = (await page(foundId)).data as { matches: { report: { id: number } | null; why: string }[] };
    expect(onFound.matches.map((each) => each.report?.id)).toContain(lostId);
    const onLost = (await page(lostId)).data as { matches: { report: { id: number } | null }[] };
    expect(onLost.matches.map((each) => each.report?.id)).toContain(foundId);
  });

  it("matches a lost report with a stray taken in lately, links its pet page, and tells staff; staff confirm the return when the owner closes it", async () => {
    const day = (daysAgo: number) =>
      localDay(new Date(Date.now() - daysAgo * 86_400_000), shelter.openingHours.timeZone);
    const dog = { species: "Dog", sex: "Male" as const, weightLbs: 40, createdAt: new Date(), publishedAt: new Date() };
    const stay = (petId: number, intakeType: string, intakeOn: string) =>
      t.env.DB.prepare(
        "insert into pet_stays (pet_id, species, intake_type, intake_on, created_at, updated_at) values (?, 'Dog', ?, ?, 1, 1)",
      )
        .bind(petId, intakeType, intakeOn)
        .run();
    const rusty = (await insertPet(t.env.DB, { name: "Rusty", ...dog }))!;
    await stay(rusty.id, "stray", day(2));
    // Not matched: a stray that came in more than 30 days ago, and a dog given up by its owner.
    const old = (await insertPet(t.env.DB, { name: "Oldtimer", ...dog }))!;
    await stay(old.id, "stray", day(40));
    const given = (await insertPet(t.env.DB, { name: "Givenup", ...dog }))!;
    await stay(given.id, "relinquished", day(1));

    const fields = report("lost", { species: "dog", place: "cutten", date: day(1) });
    const email = fields.find(([name]) => name === "email")![1];
    const id = await reportAndConfirm(fields);
    const mails = await mailsTo(email);
    expect(mails.some((mail) => mail.text.includes(`http://localhost/adopt/pet?pet_id=${rusty.id}`))).toBe(true);
    const staffSubjects = (await mailsTo(shelter.email)).map((mail) => mail.subject);
    expect(staffSubjects).toContain("A lost pet report may be Rusty");
    expect(staffSubjects).not.toContain("A lost pet report may be Oldtimer");
    expect(staffSubjects).not.toContain("A lost pet report may be Givenup");

    // The owner says "together again": staff are asked to confirm whether Rusty went home.
    const close = linkIn(
      mails.find((mail) => mail.subject === "Your report is on the lost and found board")!.text,
      "close",
    );
    await respond(t, linkAction, postForm(`/lost-found/${id}/close`, { token: tokenOf(close) }), {
      id: String(id),
      action: "close",
    });
    const notice = (await mailsTo(shelter.email)).find((mail) => mail.subject === "A lost pet is home: was it Rusty?");
    expect(notice?.text).toContain("http://localhost/petadmin/lost-found#returns");
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const staffPage = async () =>
      (await respond(t, hiddenLoader, withCookies(getRequest("/petadmin/lost-found"), member))).data as {
        returns: { matchId: number; reportId: number; petId: number; petVersion: number }[];
      };
    const asked = (await staffPage()).returns.find((each) => each.reportId === id && each.petId === rusty.id)!;
    expect(asked).toBeDefined();
    const confirm = (cookies: Parameters<typeof withCookies>[1], version = asked.petVersion) =>
      respond(
        t,
        hiddenAction,
        withCookies(
          postForm("/petadmin/lost-found", {
            intent: "returned",
            match: String(asked.matchId),
            version: String(version),
          }),
          cookies,
        ),
      );
    expect((await confirm(adopter)).status).toBe(403);
    expect((await confirm(member, asked.petVersion - 1)).status).toBe(409);
    expect((await confirm(member)).headers.get("Location")).toBe("/petadmin/lost-found?done=returned#returns");
    expect(
      await rows(
        "select outcome_type, outcome_notes from pet_stays where pet_id = ? and intake_type = 'stray'",
        rusty.id,
      ),
    ).toEqual([{ outcome_type: "returned_to_owner", outcome_notes: `Lost and found report ${id}` }]);
    expect((await staffPage()).returns.map((each) => each.petId)).not.toContain(rusty.id);
  });

  it("lets staff say a closed report's match was not this animal", async () => {
    const fields = report("lost", { species: "dog", place: "fortuna" });
    const pet = (await insertPet(t.env.DB, {
      name: "Biscuit",
      species: "Dog",
      sex: "Male",
      weightLbs: 40,
      createdAt: new Date(),
      publishedAt: new Date(),
    }))!;
    await t.env.DB.prepare(
      "insert into pet_stays (pet_id, species, intake_type, intake_on, created_at, updated_at) values (?, 'Dog', 'stray', ?, 1, 1)",
    )
      .bind(pet.id, today)
      .run();
    const id = await reportAndConfirm(fields);
    await t.env.DB.prepare("update lost_found_reports set closed_at = ? where id = ?").bind(Date.now(), id).run();
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const returns = async () =>
      (
        (await respond(t, hiddenLoader, withCookies(getRequest("/petadmin/lost-found"), member))).data as {
          returns: { matchId: number; petId: number }[];
        }
      ).returns;
    const asked = (await returns()).find((each) => each.petId === pet.id)!;
    const dismissed = await respond(
      t,
      hiddenAction,
      withCookies(postForm("/petadmin/lost-found", { intent: "not-this", match: String(asked.matchId) }), member),
    );
    expect(dismissed.headers.get("Location")).toBe("/petadmin/lost-found?done=dismissed#returns");
    expect((await returns()).map((each) => each.petId)).not.toContain(pet.id);
    expect(await rows("select outcome_type from pet_stays where pet_id = ?", pet.id)).toEqual([{ outcome_type: null }]);
  });

  it("takes an equal microchip number as a certain match, whatever the rest says", async () => {
    const lostFields = report("lost", { species: "cat", microchip: "985 112 000 123 456", place: "orick" });
    const email = lostFields.find(([name]) => name === "email")![1];
    await reportAndConfirm(lostFields);
    await reportAndConfirm(
      report("found", { species: "other", microchip: "985112000123456", place: "garberville-redway" }),
    );
    expect((await mailsTo(email)).map((mail) => mail.subject)).toContain(
      "A certain match for your lost and found report",
    );
  });

  it("writes to a Spanish reporter in Spanish", async () => {
    const fields = report("lost", { species: "other", place: "ferndale" });
    const email = fields.find(([name]) => name === "email")![1];
    expect(
      (await respond(t, reportAction, post(fields, "198.51.100.250", "/es/lost-found/report"))).headers.get("Location"),
    ).toBe("/es/lost-found/report?kind=lost&sent=yes");
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.subject).toContain("Confirma tu aviso");
    expect(confirmLinkIn(confirmation!.text)).toMatch(/^\/es\/lost-found\/confirm/);
  });
});

describe("the reporter's one-click links", () => {
  it("keep the report open 30 days more, or close it, only with the right signed token and only by the button", async () => {
    const fields = report("found", { species: "cat", place: "trinidad" });
    const email = fields.find(([name]) => name === "email")![1];
    const id = await reportAndConfirm(fields);
    const live = (await mailsTo(email)).find((mail) => mail.subject === "Your report is on the lost and found board")!;
    const renew = linkIn(live.text, "renew");
    const close = linkIn(live.text, "close");
    const params = (action: string) => ({ id: String(id), action });

    expect((await respond(t, linkLoader, getRequest(renew), params("renew"))).data).toMatchObject({ state: "ready" });
    // A token for the other action, another report, or none at all.
    expect(
      (await respond(t, linkLoader, getRequest(`/lost-found/${id}/renew?token=${tokenOf(close)}`), params("renew")))
        .data,
    ).toMatchObject({ state: "invalid" });
    expect(
      (
        await respond(t, linkLoader, getRequest(`/lost-found/${id + 1}/renew?token=${tokenOf(renew)}`), {
          id: String(id + 1),
          action: "renew",
        })
      ).data,
    ).toMatchObject({ state: "invalid" });
    expect((await respond(t, linkLoader, getRequest(renew), params("delete"))).status).toBe(404);
    expect(
      (
        await respond(t, linkAction, postForm(`/lost-found/${id}/close`, { token: tokenOf(renew) }), params("close"))
      ).headers.get("Location"),
    ).toBe(`/lost-found/${id}/close?token=`);

    const [before] = await rows<{ open_until: number }>("select open_until from lost_found_reports where id = ?", id);
    const renewed = await respond(
      t,
      linkAction,
      postForm(`/lost-found/${id}/renew`, { token: tokenOf(renew) }),
      params("renew"),
    );
    expect(renewed.headers.get("Location")).toMatch(new RegExp(`^/lost-found/${id}/renew\\?done&until=`));
    const [after] = await rows<{ open_until: number }>("select open_until from lost_found_reports where id = ?", id);
    expect(after!.open_until).toBeGreaterThanOrEqual(before!.open_until);
    expect(after!.open_until - Date.now()).toBeGreaterThan(lostFoundRules.openMs - 60_000);

    expect(
      (
        await respond(t, linkAction, postForm(`/lost-found/${id}/close`, { token: tokenOf(close) }), params("close"))
      ).headers.get("Location"),
    ).toBe(`/lost-found/${id}/close?done`);
    expect((await board()).reports.map((each) => each.id)).not.toContain(id);
    expect((await page(id)).data).toMatchObject({ state: "closed" });
    expect((await respond(t, linkLoader, getRequest(renew), params("renew"))).data).toMatchObject({ state: "invalid" });
  });

  it("come back three days before the end in a reminder, once, and the report leaves the board at its end", async () => {
    const fields = report("lost", { species: "cat", place: "loleta", colours: "black" });
    const email = fields.find(([name]) => name === "email")![1];
    const id = await reportAndConfirm(fields);
    const [{ open_until: end }] = (await rows<{ open_until: number }>(
      "select open_until from lost_found_reports where id = ?",
      id,
    )) as [{ open_until: number }];
    const db = createDb(t.env.DB);
    const languages = (locale: "en" | "es") => i18nFor(locale);
    expect(
      (
        await queueLostFoundReminders(
          db,
          new Date(end - 4 * 24 * 60 * 60 * 1000),
          "https://shelter.example",
          t.env.ALERT_TOKEN_SECRET!,
          languages,
        )
      ).queued,
    ).toBe(0);
    const due = new Date(end - 2 * 24 * 60 * 60 * 1000);
    expect(
      (await queueLostFoundReminders(db, due, "https://shelter.example", t.env.ALERT_TOKEN_SECRET!, languages)).queued,
    ).toBeGreaterThanOrEqual(1);
    expect(
      (await queueLostFoundReminders(db, due, "https://shelter.example", t.env.ALERT_TOKEN_SECRET!, languages)).queued,
    ).toBe(0);
    const [reminder] = await rows<{ subject: string; text: string }>(
      'select subject, text from queued_emails where "to" = ?',
      email,
    );
    expect(reminder!.subject).toMatch(/^Your lost and found report ends on /);
    expect(reminder!.text).toMatch(new RegExp(`https://shelter.example/lost-found/${id}/renew\\?token=`));
    expect(reminder!.text).toMatch(new RegExp(`https://shelter.example/lost-found/${id}/close\\?token=`));

    const past = await respond(t, boardLoader, getRequest("/lost-found"));
    expect((past.data as { reports: { id: number }[] }).reports.map((each) => each.id)).toContain(id);
    await t.env.DB.prepare("update lost_found_reports set open_until = ? where id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    expect((await board()).reports.map((each) => each.id)).not.toContain(id);
    expect((await page(id)).data).toMatchObject({ state: "ended" });
    // Kept 90 days after its end, then removed by the nightly run.
    await deleteOldLostFoundReports(db, new Date(Date.now() + lostFoundRetentionMs - 60_000));
    expect(await rows("select id from lost_found_reports where id = ?", id)).toEqual([{ id }]);
    expect(
      await deleteOldLostFoundReports(db, new Date(Date.now() + lostFoundRetentionMs + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await rows("select id from lost_found_reports where id = ?", id)).toEqual([]);
  });
});

describe("staff hiding a report", () => {
  it("needs the staff permission on the server; the reason is kept and staff still see it", async () => {
    const id = await reportAndConfirm(
      report("found", {
        species: "cat",
        place: "fieldbrook",
        description: "A grey cat, call 707 555 9999 (a phone in the text).",
      }),
    );
    const hide = (cookies?: Parameters<typeof withCookies>[1]) => {
      const request = postForm(`/lost-found/${id}`, { intent: "hide", reason: "A phone number in the description" });
      return respond(t, pageAction, cookies ? withCookies(request, cookies) : request, { id: String(id) });
    };
    expect((await hide()).headers.get("Location")).toMatch(/^\/sign-in/);
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await hide(adopter)).status).toBe(403);
    expect((await board()).reports.map((each) => each.id)).toContain(id);

    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const refused = await respond(
      t,
      pageAction,
      withCookies(postForm(`/lost-found/${id}`, { intent: "hide", reason: "" }), member),
      { id: String(id) },
    );
    expect(refused.status).toBe(400);
    expect((await hide(member)).headers.get("Location")).toBe(`/lost-found/${id}`);

    expect((await board()).reports.map((each) => each.id)).not.toContain(id);
    expect((await page(id)).status).toBe(404);
    expect((await page(id, adopter)).status).toBe(404);
    expect((await page(id, member)).data).toMatchObject({
      state: "hidden",
      report: { hiddenReason: "A phone number in the description" },
    });
    expect(
      (await respond(t, hiddenLoader, withCookies(getRequest("/petadmin/lost-found"), member))).data,
    ).toMatchObject({ reports: [{ card: { id }, reason: "A phone number in the description" }] });
    expect((await respond(t, hiddenLoader, withCookies(getRequest("/petadmin/lost-found"), adopter))).status).toBe(403);

    const shown = await respond(t, pageAction, withCookies(postForm(`/lost-found/${id}`, { intent: "show" }), member), {
      id: String(id),
    });
    expect(shown.headers.get("Location")).toBe(`/lost-found/${id}`);
    expect((await board()).reports.map((each) => each.id)).toContain(id);
  });
});

describe("report photos", () => {
  it("go through the photo pipeline: under their own prefix, upright, without metadata, with copies", async () => {
    // A phone's portrait: stored sideways with EXIF orientation 6 and a GPS-like comment.
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#8b5a2b" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: "at 40.80N 124.16W" } } })
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of report("found", { species: "cat", place: "bayside" })) form.append(name, value);
    form.append("photos", new File([new Uint8Array(sideways)], "found-cat.jpg", { type: "image/jpeg" }));
    const sent = await respond(
      t,
      reportAction,
      new Request("http://localhost/lost-found/report", {
        method: "POST",
        body: form,
        headers: { "CF-Connecting-IP": "198.51.100.240" },
      }),
    );
    expect(sent.status).toBe(302);
    const [row] = await rows<{ images: string }>("select images from lost_found_reports order by id desc limit 1");
    const [key] = JSON.parse(row!.images) as string[];
    expect(key).toMatch(/^lostfound_[a-z0-9]{32}\.jpg$/);
    const stored = new Uint8Array(await (await t.env.PHOTOS.get(key!))!.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    for (const derivative of derivatives)
      expect(await t.env.PHOTOS.head(derivativeKey(key!, derivative)), derivative.format).not.toBeNull();
    // Not served before the report is confirmed.
    const copy = derivativeKey(key!, derivatives[0]!);
    expect((await respond(t, photoLoader, getRequest(`/photos/${copy}`), { key: copy })).status).toBe(404);
  });

  it("are served only while their report is confirmed and not hidden", async () => {
    const key = "lostfound_abcdefghijklmnopqrstuvwxyz012345.jpg";
    const copy = "lostfound_abcdefghijklmnopqrstuvwxyz012345-720w.jpg";
    await t.env.PHOTOS.put(copy, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const serve = () => respond(t, photoLoader, getRequest(`/photos/${copy}`), { key: copy });
    expect((await serve()).status).toBe(404);
    await t.env.DB.prepare(
      "insert into lost_found_reports (kind, species, sex, size, description, date, place, images, reporter_name, reporter_email, created_at, confirmed_at, open_until) values ('found', 'dog', 'unknown', 'unknown', 'A dog seen at the park.', ?, 'eureka', ?, 'Finder', 'finder@example.com', ?, ?, ?)",
    )
      .bind(today, JSON.stringify([key]), Date.now(), Date.now(), Date.now() + lostFoundRules.openMs)
      .run();
    expect((await serve()).status).toBe(200);
    await t.env.DB.prepare("update lost_found_reports set hidden_at = ? where images like ?")
      .bind(Date.now(), `%${key}%`)
      .run();
    expect((await serve()).status).toBe(404);
  });
});

describe("a message to a report's author", () => {
  const messageLinkIn = (text: string) =>
    text.match(/http:\/\/localhost(\/(?:es\/)?lost-found\/messages\/confirm\?token=[A-Za-z0-9_-]+)/)?.[1] ?? "";
  const answerLinkIn = (text: string) =>
    text.match(
      /http:\/\/localhost(\/(?:es\/)?lost-found\/messages\/\d+\?as=(?:reporter|sender)&token=[A-Za-z0-9_-]+)/,
    )?.[1] ?? "";
  const threadOf = (path: string) => path.match(/\/messages\/(\d+)/)?.[1] ?? "";
  const message = (overrides: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      intent: "message",
      name: "Visitor Vic",
      email: `visitor${++people}@example.com`,
      message: "I think I saw your dog near the park this morning, with a red collar.",
      ...overrides,
    });
  const answer = (path: string, fields: Record<string, string>) => {
    const url = new URL(path, "http://localhost");
    return respond(
      t,
      answerAction,
      postForm(path, { as: url.searchParams.get("as")!, token: tokenOf(path), ...fields }),
      {
        thread: threadOf(path),
      },
    );
  };

  it("is relayed by email only once the sender confirms their address, and the answers go back the same way, without either address", async () => {
    const fields = report("lost");
    const owner = Object.fromEntries(fields) as Record<string, string>;
    const id = await reportAndConfirm(fields);
    const visitor = message();
    const visitorEmail = Object.fromEntries(visitor).email!;

    const sent = await respond(t, pageAction, post(visitor, "192.0.2.10", `/lost-found/${id}`), { id: String(id) });
    expect(sent.headers.get("Location")).toBe(`/lost-found/${id}?message=sent#send-a-message`);
    const subjects = async (to: string) => (await mailsTo(to)).map((mail) => mail.subject);
    // Nothing reaches the author before the sender's address is proven.
    expect(await subjects(owner.email!)).not.toContain("A message about your lost and found report");
    const [confirmation] = await mailsTo(visitorEmail);
    expect(confirmation!.subject).toBe("Confirm your message about a lost or found pet");
    const confirmPath = messageLinkIn(confirmation!.text);
    expect((await respond(t, messageConfirmLoader, getRequest(confirmPath))).data).toMatchObject({ state: "ready" });
    expect(await subjects(owner.email!)).not.toContain("A message about your lost and found report");
    const done = await respond(
      t,
      messageConfirmAction,
      postForm("/lost-found/messages/confirm", { token: tokenOf(confirmPath) }),
    );
    expect(done.headers.get("Location")).toBe("/lost-found/messages/confirm?done");
    // The link is spent: a second press relays nothing more.
    await respond(t, messageConfirmAction, postForm("/lost-found/messages/confirm", { token: tokenOf(confirmPath) }));

    const toOwner = (await mailsTo(owner.email!)).filter(
      (mail) => mail.subject === "A message about your lost and found report",
    );
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain("Visitor Vic wrote to you about your report of a lost dog:");
    expect(toOwner[0]!.text).toContain("near the park this morning");
    expect(toOwner[0]!.text).not.toContain(visitorEmail);
    const ownerAnswers = answerLinkIn(toOwner[0]!.text);
    expect(ownerAnswers).toMatch(/\?as=reporter&/);

    // The author's page: the conversation, no address; the answer goes to the visitor without the author's name or address.
    const opened = await respond(t, answerLoader, getRequest(ownerAnswers), { thread: threadOf(ownerAnswers) });
    expect(opened.data).toMatchObject({ state: "ready", side: "reporter", messages: [{ mine: false }] });
    const answered = await answer(ownerAnswers, { message: "Yes, that must be Rex! Where exactly was he?" });
    expect(answered.headers.get("Location")).toMatch(
      new RegExp(`^/lost-found/messages/${threadOf(ownerAnswers)}\\?as=reporter&token=.+&sent$`),
    );
    const toVisitor = (await mailsTo(visitorEmail)).filter(
      (mail) => mail.subject === "An answer about a lost or found pet",
    );
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]!.text).toContain("Where exactly was he?");
    for (const value of [owner.email!, owner.name!, owner.phone!]) expect(toVisitor[0]!.text).not.toContain(value);
    const visitorAnswers = answerLinkIn(toVisitor[0]!.text);
    expect(visitorAnswers).toMatch(/\?as=sender&/);

    // The visitor chooses to give their address: only then is it in the author's email.
    await answer(visitorAnswers, { message: "By the bakery on 5th. Write to me directly if you like.", share: "on" });
    const lastToOwner = (await mailsTo(owner.email!))
      .filter((mail) => mail.subject === "A message about your lost and found report")
      .at(-1)!;
    expect(lastToOwner.text).toContain("By the bakery on 5th");
    expect(lastToOwner.text).toContain(`to write to them directly: ${visitorEmail}`);

    // No page or answer carries an address, a phone or the author's name.
    const conversation = await respond(t, answerLoader, getRequest(visitorAnswers), {
      thread: threadOf(visitorAnswers),
    });
    expect((conversation.data as { messages: unknown[] }).messages).toHaveLength(3);
    const shown = JSON.stringify([opened.data, conversation.data, (await page(id)).data]);
    for (const value of [owner.email!, owner.name!, owner.phone!, visitorEmail]) expect(shown).not.toContain(value);

    // A link answers only as its own side, in its own conversation.
    const swapped = visitorAnswers.replace("as=sender", "as=reporter");
    expect((await respond(t, answerLoader, getRequest(swapped), { thread: threadOf(swapped) })).data).toMatchObject({
      state: "invalid",
    });
    expect((await answer(swapped, { message: "Pretending to be the author here." })).status).toBe(404);
    const elsewhere = ownerAnswers.replace(/\/messages\/\d+/, `/messages/${Number(threadOf(ownerAnswers)) + 1000}`);
    expect((await answer(elsewhere, { message: "Another conversation, same token." })).status).toBe(404);
  });

  it("from a robot that filled the honeypot is thanked and not kept; people are limited; refused fields are kept", async () => {
    const id = await reportAndConfirm(report("found", { species: "cat", place: "orick" }));
    const count = async () => (await rows<{ n: number }>("select count(*) as n from lost_found_threads"))[0]!.n;
    const before = await count();
    const robot = await respond(
      t,
      pageAction,
      post([...message(), ["fax_number", "555"]], "192.0.2.20", `/lost-found/${id}`),
      {
        id: String(id),
      },
    );
    expect(robot.headers.get("Location")).toBe(`/lost-found/${id}?message=sent#send-a-message`);
    expect(await count()).toBe(before);

    const refused = await respond(
      t,
      pageAction,
      post(message({ email: "not an address", message: "hi" }), "192.0.2.21", `/lost-found/${id}`),
      {
        id: String(id),
      },
    );
    expect(refused.status).toBe(400);
    const { message: result } = refused.data as {
      message: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(Object.keys(result.error).sort()).toEqual(["email", "message"]);
    expect(result.initialValue.name).toBe("Visitor Vic");

    for (let sent = 0; sent < 10; sent += 1)
      expect(
        (await respond(t, pageAction, post(message(), "192.0.2.22", `/lost-found/${id}`), { id: String(id) })).status,
      ).toBe(302);
    const limited = await respond(t, pageAction, post(message(), "192.0.2.22", `/lost-found/${id}`), {
      id: String(id),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await count()).toBe(before + 10);
  });

  it("cannot be sent to a closed or unconfirmed report, and is not relayed once the report is hidden", async () => {
    const fields = report("lost", { species: "other", place: "ferndale" });
    const id = await reportAndConfirm(fields);
    const visitor = message();
    await respond(t, pageAction, post(visitor, "192.0.2.30", `/lost-found/${id}`), { id: String(id) });
    const [confirmation] = await mailsTo(Object.fromEntries(visitor).email!);
    await t.env.DB.prepare("update lost_found_reports set hidden_at = ? where id = ?").bind(Date.now(), id).run();
    await respond(
      t,
      messageConfirmAction,
      postForm("/lost-found/messages/confirm", { token: tokenOf(messageLinkIn(confirmation!.text)) }),
    );
    const email = Object.fromEntries(fields).email!;
    expect((await mailsTo(email)).map((mail) => mail.subject)).not.toContain(
      "A message about your lost and found report",
    );

    await t.env.DB.prepare("update lost_found_reports set hidden_at = null, closed_at = ? where id = ?")
      .bind(Date.now(), id)
      .run();
    expect(
      (await respond(t, pageAction, post(message(), "192.0.2.31", `/lost-found/${id}`), { id: String(id) })).status,
    ).toBe(404);
    expect((await page(id)).data).toMatchObject({ state: "closed" });
  });
});

describe("the sitemap", () => {
  it("lists the board and the open reports' pages, never a closed, hidden or unconfirmed one", async () => {
    const open = await reportAndConfirm(report("found", { species: "cat", place: "blue-lake" }));
    const closed = await reportAndConfirm(report("found", { species: "cat", place: "blue-lake" }));
    const hidden = await reportAndConfirm(report("found", { species: "cat", place: "blue-lake" }));
    await t.env.DB.prepare("update lost_found_reports set closed_at = ? where id = ?").bind(Date.now(), closed).run();
    await t.env.DB.prepare("update lost_found_reports set hidden_at = ? where id = ?").bind(Date.now(), hidden).run();
    await respond(t, reportAction, post(report("lost")));
    const unconfirmed = (await rows<{ id: number }>("select max(id) as id from lost_found_reports"))[0]!.id;
    const sitemap = await (await respond(t, sitemapLoader, getRequest("/sitemap.xml"))).response!.text();
    expect(sitemap).toMatch(/\/lost-found<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(sitemap).toContain(`/lost-found/${open}</loc>`);
    for (const id of [closed, hidden, unconfirmed]) expect(sitemap).not.toContain(`/lost-found/${id}</loc>`);
  });
});
