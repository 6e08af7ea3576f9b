import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as myAction } from "#app/routes/adopt/applications";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as messageAction } from "#app/routes/petadmin/inbox/message";
import { action as confirmAction } from "#app/routes/site/newsletter-confirm";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { crons, runScheduled } from "#server/scheduled";
import { requestSubscription } from "#app/models/newsletter.server";
import { createDb } from "#app/db/client.server";
import { type CookieJar, createTestEnv, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults, type D1Fault } from "./faults";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { snapshotTables } from "./snapshot";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { i18nFor } from "#app/locales/catalogs.server";

let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;
let staff: CookieJar;

beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
beforeEach(() => {
  // The bindings log every failure they see; these tests make them fail on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const failing = (d1: D1Fault[]) => {
  faults = injectFaults(t, { d1 });
  return faults;
};

const tables = [
  "pets",
  "pet_changes",
  "adoption_applications",
  "application_events",
  "inbox_notes",
  "contact_messages",
  "outbox_messages",
  "queued_emails",
  "visits",
];
const snapshot = () => snapshotTables(t.env.DB, tables);

type Reply = {
  message?: string;
  result?: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
};
const formErrors = (data: unknown) => (data as Reply).result?.error?.[""] ?? [];
const kept = (data: unknown) => (data as Reply).result?.initialValue ?? {};

async function sentApplication() {
  const jar = await signedIn(t, await createAccount(t.env.DB));
  const pet = await insertPet(t.env.DB);
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
  );
  await t.settle();
  return { jar, pet, id: Number(sent.headers.get("Location")!.split("=")[1]) };
}
const staffPost = (id: number, fields: Record<string, string>) =>
  respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), { id: String(id) });

describe("application writes that D1 refuses", () => {
  it("show the application again with every answer kept, and store nothing", async () => {
    const jar = await signedIn(t, await createAccount(t.env.DB));
    const pet = await insertPet(t.env.DB);
    const post = (intent: string) =>
      respond(t, applyAction, withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent, ...goodAnswers }), jar));
    failing([{ sql: /insert into "application_events"/ }, { sql: /insert into "adoption_applications"/ }]);
    const before = await snapshot();
    for (const intent of ["submit", "draft"]) {
      const failed = await post(intent);
      expect(failed.status, intent).toBe(503);
      expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
      expect(kept(failed.data)).toMatchObject({ reason: goodAnswers.reason, phone: goodAnswers.phone });
    }
    await t.settle();
    expect(await snapshot()).toEqual(before);
  });

  it("leave the pet and the application as they were when approving fails, and approve once D1 is back", async () => {
    const { id, pet } = await sentApplication();
    failing([{ sql: /insert into "application_events"/ }]);
    const before = await snapshot();
    const failed = await staffPost(id, { intent: "approve", version: "1" });
    expect(failed.status).toBe(503);
    expect((failed.data as Reply).message).toBe(writeFailedMessage);
    await t.settle();
    expect(await snapshot()).toEqual(before);
    faults!.restore();
    faults = undefined;
    expect((await staffPost(id, { intent: "approve", version: "1" })).status).toBe(302);
    const row = await t.env.DB.prepare("select on_hold_email from pets where id = ?")
      .bind(pet.id)
      .first<{ on_hold_email: string | null }>();
    expect(row?.on_hold_email).not.toBeNull();
  });

  it("keep the decline reason, the note and the withdrawal undone when their write fails", async () => {
    const { jar, id } = await sentApplication();
    failing([
      { sql: /^update "adoption_applications"/ },
      { sql: /^insert into "inbox_notes"/ },
      { sql: /^update "contact_messages"/ },
    ]);
    const before = await snapshot();
    const declined = await staffPost(id, { intent: "decline", version: "1", reason: "Needs a home without cats." });
    expect(declined.status).toBe(503);
    expect(kept(declined.data)).toMatchObject({ reason: "Needs a home without cats." });
    const noted = await staffPost(id, { intent: "note", note: "Vet called back." });
    expect(noted.status).toBe(503);
    expect(kept(noted.data)).toMatchObject({ note: "Vet called back." });
    const withdrawn = await respond(
      t,
      myAction,
      withCookies(postForm("/applications", { intent: "withdraw", id: String(id), version: "1" }), jar),
    );
    expect(withdrawn.status).toBe(503);
    const message = await t.env.DB.prepare(
      "insert into contact_messages (name, email, message, created_at) values ('Al', 'al@example.com', 'Hello there', 1) returning id",
    ).first<{ id: number }>();
    const snapshotWithMessage = await snapshot();
    const handled = await respond(
      t,
      messageAction,
      withCookies(postForm(`/petadmin/inbox/message/${message!.id}`, { intent: "handled", version: "1" }), staff),
      { id: String(message!.id) },
    );
    expect(handled.status).toBe(503);
    await t.settle();
    expect(await snapshot()).toEqual(snapshotWithMessage);
    expect(snapshotWithMessage.adoption_applications).toEqual(before.adoption_applications);
  });
});

describe("moves of an application and its pet's hold that D1 refuses (issue 22)", () => {
  async function approved() {
    const sent = await sentApplication();
    expect((await staffPost(sent.id, { intent: "approve", version: "1" })).status).toBe(302);
    await t.settle();
    return sent;
  }
  const petVersion = async (id: number) =>
    String(
      (await t.env.DB.prepare("select version from pets where id = ?").bind(id).first<{ version: number }>())!.version,
    );
  const appRow = (id: number) =>
    t.env.DB.prepare("select status from adoption_applications where id = ?").bind(id).first<{ status: string }>();
  // Each statement of the batch fails in turn: the pet's update, its history row, the application's update, its history row,
  // the cancel of its booked visit (decision 048).
  const midMove = [
    /^update "pets"/,
    /^insert into "pet_changes"/,
    /^update "adoption_applications"/,
    /^insert into "application_events"/,
    /^update "visits"/,
  ];

  it("declining an approved application leaves the application approved and the pet held, whichever statement fails", async () => {
    const { id, pet } = await approved();
    for (const sql of midMove) {
      failing([{ sql }]);
      const before = await snapshot();
      const failed = await staffPost(id, {
        intent: "decline",
        version: "2",
        reason: "Another family fits her better.",
      });
      expect(failed.status, String(sql)).toBe(503);
      expect(kept(failed.data)).toMatchObject({ reason: "Another family fits her better." });
      await t.settle();
      expect(await snapshot()).toEqual(before);
      faults!.restore();
    }
    faults = undefined;
    expect(
      (await staffPost(id, { intent: "decline", version: "2", reason: "Another family fits her better." })).status,
    ).toBe(302);
    expect(await appRow(id)).toEqual({ status: "declined" });
    expect(await t.env.DB.prepare("select on_hold_email from pets where id = ?").bind(pet.id).first()).toEqual({
      on_hold_email: null,
    });
  });

  it("marking adopted from the inbox, or ending the hold on the pet's page, changes nothing when D1 fails mid-move", async () => {
    const { id, pet } = await approved();
    for (const sql of midMove) {
      failing([{ sql }]);
      const before = await snapshot();
      expect((await staffPost(id, { intent: "adopt", version: "2" })).status, String(sql)).toBe(503);
      const released = await respond(
        t,
        editAction,
        withCookies(
          postForm("/petadmin/edit", { intent: "release", petId: String(pet.id), version: await petVersion(pet.id) }),
          staff,
        ),
      );
      expect(released.status, String(sql)).toBe(503);
      await t.settle();
      expect(await snapshot()).toEqual(before);
      faults!.restore();
    }
    faults = undefined;
    expect(await appRow(id)).toEqual({ status: "approved" });
  });

  it("the hourly run's end of an application's hold changes nothing when D1 fails, and the next run finishes it", async () => {
    const { id, pet } = await approved();
    const until = (await t.env.DB.prepare("select on_hold_until from pets where id = ?")
      .bind(pet.id)
      .first<{ on_hold_until: number }>())!.on_hold_until;
    for (const sql of [...midMove, /^insert into "queued_emails"/]) {
      failing([{ sql }]);
      const before = await snapshot();
      await runScheduled(t.env, crons.hourly, until + 60_000, i18nFor);
      expect(faults!.failures(), String(sql)).toBeGreaterThan(0);
      expect((await snapshot()).adoption_applications, String(sql)).toEqual(before.adoption_applications);
      expect((await snapshot()).pets, String(sql)).toEqual(before.pets);
      expect((await snapshot()).application_events, String(sql)).toEqual(before.application_events);
      faults!.restore();
    }
    faults = undefined;
    await runScheduled(t.env, crons.hourly, until + 120_000, i18nFor);
    expect(await appRow(id)).toEqual({ status: "hold_ended" });
  });
});

describe("newsletter writes that D1 refuses", () => {
  it("leave the sign-up waiting and subscribe nobody when the confirmation cannot be saved", async () => {
    const token = await requestSubscription(createDb(t.env.DB), "reader@example.com");
    failing([{ sql: /insert into "newsletter_subscribers"/ }]);
    const failed = await respond(t, confirmAction, postForm("/newsletter/confirm", { token }));
    expect(failed.status).toBe(503);
    expect((failed.data as { error: string }).error).toBe(writeFailedMessage);
    faults!.restore();
    faults = undefined;
    expect((await t.env.DB.prepare("select count(*) as n from newsletter_subscribers").first<{ n: number }>())?.n).toBe(
      0,
    );
    expect((await t.env.DB.prepare("select count(*) as n from newsletter_pending").first<{ n: number }>())?.n).toBe(1);
    expect((await respond(t, confirmAction, postForm("/newsletter/confirm", { token }))).headers.get("Location")).toBe(
      "/newsletter/confirm?done",
    );
    await t.settle();
  });
});
