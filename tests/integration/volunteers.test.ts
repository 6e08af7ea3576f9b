import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction, loader as applyLoader } from "#app/routes/volunteer/apply";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/volunteer/confirm";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { action as volunteerAction, loader as volunteerLoader } from "#app/routes/petadmin/inbox/volunteer";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { shelter } from "#app/config/shelter";
import { createDb } from "#app/db/client.server";
import { deleteOldVolunteerApplications, volunteerRetention } from "#app/models/volunteers.server";

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
const tokenIn = (text: string) =>
  text.match(/http:\/\/localhost\/volunteer\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1] ?? "";

let network = 0;
/** A post of the volunteer form, each from its own network address unless told. */
function apply(fields: [string, string][], address = `203.0.113.${++network}`) {
  return new Request("http://localhost/volunteer/apply", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
  });
}
const complete = (email: string): [string, string][] => [
  ["role", "social-media"],
  ["name", "Sam Volunteer"],
  ["email", email],
  ["phone", "+1 707 555 0101"],
  ["availability", "saturday-morning"],
  ["availability", "tuesday-evening"],
  ["interests", "photography"],
  ["experience", "I run the photo club's account."],
  ["age", "adult"],
  ["note", "Weekends suit me best."],
];

describe("volunteer applications", () => {
  it("count only once the emailed link's button is pressed, then reach the inbox, and staff move them with emails", async () => {
    expect((await respond(t, applyLoader, getRequest("/volunteer/apply?role=social-media"))).data).toMatchObject({
      role: "social-media",
    });
    expect((await respond(t, applyLoader, getRequest("/volunteer/apply?role=<script>"))).data).toMatchObject({
      role: "",
    });

    const sent = await respond(t, applyAction, apply(complete("Sam@Example.com")));
    expect(sent.headers.get("Location")).toBe("/volunteer/apply?sent=yes");
    const [confirmation] = await mailsTo("Sam@Example.com");
    expect(confirmation!.subject).toContain("Confirm your volunteer application");
    const token = tokenIn(confirmation!.text);

    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const inbox = async (query = "") =>
      (await respond(t, inboxLoader, withCookies(getRequest(`/petadmin/inbox${query}`), member))).data as {
        items: { kind: string; id: number; status: string }[];
      };
    expect((await inbox("?kind=volunteer")).items).toEqual([]);

    // Opening the link (as a mail scanner would) changes nothing; the button does, once.
    expect((await respond(t, confirmLoader, getRequest(`/volunteer/confirm?token=${token}`))).data).toMatchObject({
      state: "ready",
      role: "Social Media",
    });
    expect((await inbox("?kind=volunteer")).items).toEqual([]);
    expect((await respond(t, confirmAction, postForm("/volunteer/confirm", { token }))).headers.get("Location")).toBe(
      "/volunteer/confirm?done",
    );
    expect((await respond(t, confirmAction, postForm("/volunteer/confirm", { token }))).headers.get("Location")).toBe(
      "/volunteer/confirm?token=",
    );

    const [item] = (await inbox("?kind=volunteer")).items;
    expect(item).toMatchObject({ kind: "volunteer", status: "new" });
    expect((await inbox()).items.map((each) => each.kind)).toContain("volunteer");
    expect((await inbox("?kind=message")).items.map((each) => each.kind)).not.toContain("volunteer");
    expect((await inbox("?status=volunteer:contacted")).items).toEqual([]);
    expect((await mailsTo("sam@example.com")).map((mail) => mail.subject)).toEqual([
      "We have your volunteer application",
    ]);
    expect((await mailsTo(shelter.email)).map((mail) => mail.subject)).toContain(
      "New volunteer application: Social Media",
    );

    const page = await respond(
      t,
      volunteerLoader,
      withCookies(getRequest(`/petadmin/inbox/volunteer/${item!.id}`), member),
      { id: String(item!.id) },
    );
    const { application, moves } = page.data as {
      application: { version: number; availability: string[]; confirmTokenHash?: string };
      moves: string[];
    };
    expect(moves).toEqual(["contacted", "not_now"]);
    expect(application.availability).toEqual(["saturday-morning", "tuesday-evening"]);
    expect(application).not.toHaveProperty("confirmTokenHash");

    // Not yet allowed, then a stale version, then the move.
    const move = (status: string, version: number) =>
      respond(
        t,
        volunteerAction,
        withCookies(postForm(`/petadmin/inbox/volunteer/${item!.id}`, { status, version: String(version) }), member),
        { id: String(item!.id) },
      );
    expect((await move("welcomed", application.version)).status).toBe(409);
    expect((await move("contacted", application.version - 1)).status).toBe(409);
    expect((await move("contacted", application.version)).headers.get("Location")).toBe(
      `/petadmin/inbox/volunteer/${item!.id}?done=contacted`,
    );
    expect((await move("contacted", application.version)).status).toBe(409);
    expect((await inbox("?status=volunteer:contacted")).items.map((each) => each.id)).toEqual([item!.id]);
    expect((await mailsTo("sam@example.com")).map((mail) => mail.subject)).toEqual([
      "We have your volunteer application",
      "About your volunteer application",
    ]);

    // The welcome says what happens next, who takes the step and when (issue 40).
    const contacted = (
      await respond(t, volunteerLoader, withCookies(getRequest(`/petadmin/inbox/volunteer/${item!.id}`), member), {
        id: String(item!.id),
      })
    ).data as { application: { version: number } };
    expect((await move("welcomed", contacted.application.version)).headers.get("Location")).toBe(
      `/petadmin/inbox/volunteer/${item!.id}?done=welcomed`,
    );
    const welcome = (await mailsTo("sam@example.com")).at(-1)!;
    expect(welcome.subject).toBe(`Welcome to the ${shelter.name} volunteers`);
    expect(welcome.text).toContain(
      `What happens next: within ${shelter.visits.replyBusinessDays} business days our volunteer coordinator calls or emails you to book your orientation`,
    );
    expect(welcome.text).toContain(`If you do not hear from us by then, call us at ${shelter.phone}.`);
  });

  it("refuses what is incomplete with its values kept, thanks a robot without keeping anything, and limits a network", async () => {
    const before = await rows("select id from volunteer_applications");
    const refused = await respond(
      t,
      applyAction,
      apply([
        ["role", "social-media"],
        ["name", "Kim"],
        ["email", "kim@example.com"],
        ["phone", "707 555 0102"],
        ["age", "minor-with-consent"],
      ]),
    );
    expect(refused.status).toBe(400);
    const { result } = refused.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(Object.keys(result.error).sort()).toEqual(["availability", "guardianName"]);
    expect(result.initialValue.name).toBe("Kim");

    const robot = await respond(t, applyAction, apply([...complete("robot@example.com"), ["fax_number", "555"]]));
    expect(robot.headers.get("Location")).toBe("/volunteer/apply?sent=yes");
    expect(await rows("select id from volunteer_applications")).toEqual(before);
    expect(await mailsTo("robot@example.com")).toEqual([]);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await respond(t, applyAction, apply(complete(`busy${i}@example.com`), "198.51.100.7"))).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("is for staff only, and an unconfirmed or unknown application is not found", async () => {
    await respond(t, applyAction, apply(complete("unconfirmed@example.com")));
    const [{ id }] = (await rows<{ id: number }>(
      "select id from volunteer_applications where email = 'unconfirmed@example.com'",
    )) as [{ id: number }];
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    expect(
      (await respond(t, volunteerLoader, getRequest(`/petadmin/inbox/volunteer/${id}`), { id: String(id) })).status,
    ).toBe(302);
    expect(
      (
        await respond(t, volunteerLoader, withCookies(getRequest(`/petadmin/inbox/volunteer/${id}`), adopter), {
          id: String(id),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await respond(
          t,
          volunteerAction,
          withCookies(postForm(`/petadmin/inbox/volunteer/${id}`, { status: "contacted", version: "1" }), adopter),
          { id: String(id) },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await respond(t, volunteerLoader, withCookies(getRequest(`/petadmin/inbox/volunteer/${id}`), member), {
          id: String(id),
        })
      ).status,
    ).toBe(404);
    expect(
      (await respond(t, volunteerLoader, withCookies(getRequest("/petadmin/inbox/volunteer/x"), member), { id: "x" }))
        .status,
    ).toBe(404);
  });

  it("sweeps unconfirmed applications whose link expired when the next one arrives", async () => {
    await respond(t, applyAction, apply(complete("late@example.com")));
    const token = tokenIn((await mailsTo("late@example.com"))[0]!.text);
    await t.env.DB.prepare(
      "update volunteer_applications set confirm_expires_at = 1 where email = 'late@example.com'",
    ).run();
    expect((await respond(t, confirmLoader, getRequest(`/volunteer/confirm?token=${token}`))).data).toMatchObject({
      state: "invalid",
    });
    expect((await respond(t, confirmAction, postForm("/volunteer/confirm", { token }))).headers.get("Location")).toBe(
      "/volunteer/confirm?token=",
    );
    await respond(t, applyAction, apply(complete("next@example.com")));
    expect(await rows("select id from volunteer_applications where email = 'late@example.com'")).toEqual([]);
  });

  it("are kept as the README says: not now for a year, welcomed for three, then removed by the nightly run", async () => {
    const now = Date.now();
    const insert = (email: string, status: string, changedAgo: number) =>
      t.env.DB.prepare(
        `insert into volunteer_applications (role, name, email, phone, availability, interests, age, status, confirmed_at, status_changed_at, created_at)
         values ('event-planning', 'Old', ?, '707 555 0100', '["monday-morning"]', '[]', 'adult', ?, ?, ?, ?)`,
      )
        .bind(email, status, now - changedAgo - 1000, now - changedAgo, now - changedAgo - 2000)
        .run();
    const day = 24 * 60 * 60 * 1000;
    await insert("old.not.now@example.com", "not_now", volunteerRetention.notNowMs + day);
    await insert("recent.not.now@example.com", "not_now", volunteerRetention.notNowMs - day);
    await insert("old.welcomed@example.com", "welcomed", volunteerRetention.welcomedMs + day);
    await insert("welcomed@example.com", "welcomed", volunteerRetention.notNowMs + day);
    await insert("old.contacted@example.com", "contacted", volunteerRetention.welcomedMs + day);
    expect(await deleteOldVolunteerApplications(createDb(t.env.DB), new Date(now))).toBeGreaterThanOrEqual(2);
    const left = (
      await rows<{ email: string }>("select email from volunteer_applications where name = 'Old' order by email")
    ).map((row) => row.email);
    expect(left).toEqual(["old.contacted@example.com", "recent.not.now@example.com", "welcomed@example.com"]);
  });
});
