import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { shelter } from "#app/config/shelter";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { localDay } from "#app/lib/lost-found/matching";
import { action as reportAction } from "#app/routes/lost-found/report";
import { action as confirmAction } from "#app/routes/lost-found/confirm";
import { action as pageAction } from "#app/routes/lost-found/report-page";
import { action as messageConfirmAction } from "#app/routes/lost-found/message-confirm";
import { action as answerAction } from "#app/routes/lost-found/message-reply";
import { createTestEnv, postForm, respond, type TestEnv } from "./harness";
import { injectFaults, type D1Fault } from "./faults";

/**
 * Lost and found when D1 refuses a write (issue 46): the stranger's forms give back what was typed and
 * keep nothing (a report's photos are removed again), the e-mailed links still work on the next try,
 * nothing is relayed by a write that did not happen, and a matching that fails leaves the report
 * confirmed.
 */
let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
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

const failing = (d1: D1Fault[]) => {
  faults = injectFaults(t, { d1 });
};
const healed = () => {
  faults!.restore();
  faults = undefined;
};
const count = async (table: string) =>
  (await t.env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
async function mailsTo(to: string) {
  await t.settle();
  return (
    await t.env.DB.prepare('select subject, text from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; text: string }>()
  ).results;
}
const tokenOf = (text: string, path: string) =>
  text.match(new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`))?.[1] ?? "";

let people = 0;
function reportForm(kind: "lost" | "found") {
  people += 1;
  const form = new FormData();
  const fields: Record<string, string> = {
    kind,
    species: "dog",
    sex: "male",
    size: "medium",
    description: "A brown dog with a red collar, very friendly.",
    date: localDay(new Date(), shelter.openingHours.timeZone),
    place: kind === "lost" ? "eureka" : "arcata",
    name: `Person ${people}`,
    email: `faulty${people}@example.com`,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("colours", "brown");
  return { form, email: fields.email! };
}
const send = (form: FormData, address: string) =>
  respond(
    t,
    reportAction,
    new Request("http://localhost/lost-found/report", {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": address },
    }),
  );
async function confirmed(kind: "lost" | "found", address: string) {
  const { form, email } = reportForm(kind);
  expect((await send(form, address)).status).toBe(302);
  const [mail] = await mailsTo(email);
  const done = await respond(
    t,
    confirmAction,
    postForm("/lost-found/confirm", { token: tokenOf(mail!.text, "/lost-found/confirm") }),
  );
  return { id: Number(new URL(done.headers.get("Location")!, "http://localhost").searchParams.get("report")), email };
}

describe("lost and found writes that D1 refuses", () => {
  it("give the report form back with what was typed, keep neither the report nor its photo, and work on the next try", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#8b5a2b" } })
      .jpeg()
      .toBuffer();
    const { form } = reportForm("found");
    form.append("photos", new File([new Uint8Array(photo)], "dog.jpg", { type: "image/jpeg" }));
    const photosBefore = (await t.env.PHOTOS.list({ prefix: "lostfound_" })).objects.length;
    failing([{ sql: /insert into "lost_found_reports"/ }]);
    const failed = await send(form, "192.0.2.101");
    expect(failed.status).toBe(503);
    const { result } = failed.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(result.error[""]).toEqual([writeFailedMessage]);
    expect(result.initialValue.description).toContain("red collar");
    healed();
    expect(await count("lost_found_reports")).toBe(0);
    expect((await t.env.PHOTOS.list({ prefix: "lostfound_" })).objects.length).toBe(photosBefore);
    expect((await send(form, "192.0.2.101")).status).toBe(302);
  });

  it("leave a report confirmed when its matching fails", async () => {
    await confirmed("lost", "192.0.2.102");
    failing([{ sql: /insert into "lost_found_matches"/ }]);
    const { form, email } = reportForm("found");
    expect((await send(form, "192.0.2.103")).status).toBe(302);
    const [mail] = await mailsTo(email);
    const done = await respond(
      t,
      confirmAction,
      postForm("/lost-found/confirm", { token: tokenOf(mail!.text, "/lost-found/confirm") }),
    );
    expect(faults!.failures()).toBe(1);
    healed();
    expect(await count("lost_found_matches")).toBe(0);
    expect(done.headers.get("Location")).toMatch(/^\/lost-found\/confirm\?done&report=\d+$/);
    const found = Number(new URL(done.headers.get("Location")!, "http://localhost").searchParams.get("report"));
    expect(
      await t.env.DB.prepare("select confirmed_at is not null as confirmed from lost_found_reports where id = ?")
        .bind(found)
        .first(),
    ).toEqual({ confirmed: 1 });
  });

  it("give the message form back, relay nothing, and let the confirmation link and the answer work on the next try", async () => {
    const { id, email: ownerEmail } = await confirmed("lost", "192.0.2.104");
    const message = {
      intent: "message",
      name: "Vic",
      email: "faulty-visitor@example.com",
      message: "I saw a brown dog by the marina this morning.",
    };
    const post = () =>
      respond(
        t,
        pageAction,
        new Request(`http://localhost/lost-found/${id}`, {
          method: "POST",
          body: new URLSearchParams(message),
          headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.105" },
        }),
        { id: String(id) },
      );
    failing([{ sql: /insert into "lost_found_threads"/ }]);
    const failed = await post();
    expect(failed.status).toBe(503);
    const { message: result } = failed.data as { message: { initialValue: Record<string, unknown> } };
    expect(result.initialValue.message).toContain("marina");
    healed();
    expect(await count("lost_found_threads")).toBe(0);
    expect(await count("lost_found_messages")).toBe(0);
    expect((await post()).status).toBe(302);

    const [confirmation] = await mailsTo(message.email);
    const token = tokenOf(confirmation!.text, "/lost-found/messages/confirm");
    failing([{ sql: /update "lost_found_threads"/ }]);
    expect((await respond(t, messageConfirmAction, postForm("/lost-found/messages/confirm", { token }))).status).toBe(
      503,
    );
    healed();
    const relayed = async () =>
      (await mailsTo(ownerEmail)).filter((mail) => mail.subject === "A message about your lost and found report");
    expect(await relayed()).toEqual([]);
    await respond(t, messageConfirmAction, postForm("/lost-found/messages/confirm", { token }));
    const [toOwner] = await relayed();
    expect(toOwner!.text).toContain("by the marina");

    const answer = toOwner!.text.match(
      /http:\/\/localhost(\/lost-found\/messages\/(\d+)\?as=reporter&token=[A-Za-z0-9_-]+)/,
    )!;
    const reply = () =>
      respond(
        t,
        answerAction,
        postForm(answer[1]!, {
          as: "reporter",
          token: new URL(answer[1]!, "http://localhost").searchParams.get("token")!,
          message: "Thank you, is he still there?",
        }),
        { thread: answer[2]! },
      );
    failing([{ sql: /insert into "lost_found_messages"/ }]);
    expect((await reply()).status).toBe(503);
    healed();
    const answers = async () =>
      (await mailsTo(message.email)).filter((mail) => mail.subject === "An answer about a lost or found pet");
    expect(await answers()).toEqual([]);
    expect((await reply()).status).toBe(302);
    expect(await answers()).toHaveLength(1);
  });
});
