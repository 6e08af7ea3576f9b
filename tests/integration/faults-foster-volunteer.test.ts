import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { action as applyAction } from "#app/routes/volunteer/apply";
import { action as confirmAction } from "#app/routes/volunteer/confirm";
import { action as moveAction } from "#app/routes/petadmin/inbox/volunteer";
import { action as fosterApplyAction } from "#app/routes/foster/apply";
import { action as fosterMoveAction } from "#app/routes/petadmin/inbox/foster";
import { goodFosterAnswers } from "../builders/fosters";
import { createDb } from "#app/db/client.server";
import { createVolunteerApplication } from "#app/models/volunteers.server";
import { createTestEnv, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults, type D1Fault } from "./faults";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";

let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
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
};
const healed = () => {
  faults!.restore();
  faults = undefined;
};
const count = async (where = "1 = 1") =>
  (await t.env.DB.prepare(`select count(*) as n from volunteer_applications where ${where}`).first<{ n: number }>())?.n;
const fields = {
  role: "event-planning",
  name: "Dana",
  email: "dana@example.com",
  phone: "707 555 0111",
  availability: "friday-evening",
  age: "adult",
};

describe("volunteer writes that D1 refuses", () => {
  it("give the form back with what was typed, keep nothing, and work on the next try", async () => {
    failing([{ sql: /insert into "volunteer_applications"/ }]);
    const failed = await respond(t, applyAction, postForm("/volunteer/apply", fields));
    expect(failed.status).toBe(503);
    const { result } = failed.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(result.error[""]).toEqual([writeFailedMessage]);
    expect(result.initialValue.name).toBe("Dana");
    healed();
    await t.settle();
    expect(await count()).toBe(0);
    expect((await t.env.DB.prepare("select count(*) as n from outbox_messages").first<{ n: number }>())?.n).toBe(0);
    expect((await respond(t, applyAction, postForm("/volunteer/apply", fields))).headers.get("Location")).toBe(
      "/volunteer/apply?sent=yes",
    );
    await t.settle();
  });

  it("leave the application unconfirmed when the confirmation cannot be saved, and a staff move unmade", async () => {
    const token = await createVolunteerApplication(createDb(t.env.DB), {
      role: "social-media",
      name: "Erin",
      email: "erin@example.com",
      phone: "707 555 0112",
      availability: ["monday-morning"],
      interests: [],
      age: "adult",
    });
    failing([{ sql: /update "volunteer_applications"/ }]);
    const failed = await respond(t, confirmAction, postForm("/volunteer/confirm", { token }));
    expect(failed.status).toBe(503);
    expect((failed.data as { error: string }).error).toBe(writeFailedMessage);
    healed();
    expect(await count("email = 'erin@example.com' and status = 'unconfirmed'")).toBe(1);
    expect((await respond(t, confirmAction, postForm("/volunteer/confirm", { token }))).headers.get("Location")).toBe(
      "/volunteer/confirm?done",
    );
    await t.settle();

    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const { id, version } = (await t.env.DB.prepare(
      "select id, version from volunteer_applications where email = 'erin@example.com'",
    ).first<{ id: number; version: number }>())!;
    const mailsBefore = (await t.env.DB.prepare("select count(*) as n from outbox_messages").first<{ n: number }>())?.n;
    failing([{ sql: /update "volunteer_applications"/ }]);
    const move = await respond(
      t,
      moveAction,
      withCookies(
        postForm(`/petadmin/inbox/volunteer/${id}`, { status: "contacted", version: String(version) }),
        staff,
      ),
      { id: String(id) },
    );
    expect(move.status).toBe(503);
    healed();
    await t.settle();
    expect(await count(`id = ${id} and status = 'new'`)).toBe(1);
    expect((await t.env.DB.prepare("select count(*) as n from outbox_messages").first<{ n: number }>())?.n).toBe(
      mailsBefore,
    );
  });
});

describe("foster writes that D1 refuses", () => {
  const post = (path: string, fields: [string, string][], jar: Awaited<ReturnType<typeof signedIn>>) =>
    withCookies(
      new Request(`http://localhost${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      jar,
    );

  it("give the application back with its answers and send nothing, and leave a staff decision unmade", async () => {
    const applicant = await signedIn(t, await createAccount(t.env.DB, { email: "faulty.foster@example.com" }));
    const mails = async () =>
      (await t.env.DB.prepare("select count(*) as n from outbox_messages").first<{ n: number }>())?.n;
    const before = await mails();
    failing([{ sql: /insert into "foster_applications"/ }]);
    const failed = await respond(
      t,
      fosterApplyAction,
      post("/foster/apply", [["intent", "submit"], ...goodFosterAnswers], applicant),
    );
    expect(failed.status).toBe(503);
    const { result } = failed.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(result.error[""]).toEqual([writeFailedMessage]);
    expect(result.initialValue.city).toBe("Arcata");
    healed();
    await t.settle();
    expect(await mails()).toBe(before);
    expect((await t.env.DB.prepare("select count(*) as n from foster_applications").first<{ n: number }>())?.n).toBe(0);
    expect(
      (
        await respond(
          t,
          fosterApplyAction,
          post("/foster/apply", [["intent", "submit"], ...goodFosterAnswers], applicant),
        )
      ).headers.get("Location"),
    ).toBe("/applications?sent=foster");
    await t.settle();

    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const { id, version } = (await t.env.DB.prepare("select id, version from foster_applications").first<{
      id: number;
      version: number;
    }>())!;
    const sentMails = await mails();
    failing([{ sql: /update "foster_applications"/ }]);
    const move = await respond(
      t,
      fosterMoveAction,
      post(
        `/petadmin/inbox/foster/${id}`,
        [
          ["status", "approved"],
          ["version", String(version)],
        ],
        staff,
      ),
      { id: String(id) },
    );
    expect(move.status).toBe(503);
    healed();
    await t.settle();
    expect((await t.env.DB.prepare("select status from foster_applications").first<{ status: string }>())?.status).toBe(
      "applied",
    );
    expect(await mails()).toBe(sentMails);
  });
});
