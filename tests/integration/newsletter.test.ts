import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as homeAction } from "#app/routes/site/home";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/site/newsletter-confirm";
import { action as unsubscribeAction } from "#app/routes/site/newsletter-unsubscribe";
import { loader as csvLoader } from "#app/routes/petadmin/subscribers.csv";
import { csvField } from "#app/lib/http/csv";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
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
async function lastMailTo(to: string) {
  await t.settle();
  const [mail] = await rows<{ subject: string; text: string; headers: string | null }>(
    'select * from outbox_messages where "to" = ? order by id desc limit 1',
    to,
  );
  return { ...mail!, headers: JSON.parse(mail!.headers ?? "{}") as Record<string, string> };
}
const linkIn = (text: string, path: string) =>
  text.match(new RegExp(`http://localhost${path}\\?token=[A-Za-z0-9_-]+`))?.[0] ?? "";

describe("newsletter double opt-in", () => {
  it("subscribes only when the emailed link's button is pressed, and every email can unsubscribe", async () => {
    await respond(t, homeAction, postForm("/?index", { intent: "newsletter", email: "Reader@Example.com" }));
    expect(await rows("select * from newsletter_subscribers")).toEqual([]);
    const confirmation = await lastMailTo("Reader@Example.com");
    expect(confirmation.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/,
    );
    expect(confirmation.text).toContain(confirmation.headers["List-Unsubscribe"]!.slice(1, -1));
    expect(confirmation.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const confirmLink = new URL(linkIn(confirmation.text, "/newsletter/confirm"));
    const token = confirmLink.searchParams.get("token")!;

    // Opening the link (as a mail scanner would) changes nothing.
    const page = await respond(t, confirmLoader, getRequest(confirmLink.pathname + confirmLink.search));
    expect(page.data).toMatchObject({ state: "ready" });
    expect(await rows("select * from newsletter_subscribers")).toEqual([]);

    const confirmed = await respond(t, confirmAction, postForm("/newsletter/confirm", { token }));
    expect(confirmed.headers.get("Location")).toBe("/newsletter/confirm?done");
    expect(await rows("select email from newsletter_subscribers where confirmed_at is not null")).toEqual([
      { email: "reader@example.com" },
    ]);
    expect(await rows("select * from newsletter_pending")).toEqual([]);
    const again = await respond(t, confirmAction, postForm("/newsletter/confirm", { token }));
    expect(again.headers.get("Location")).toBe("/newsletter/confirm?token=");

    const welcome = await lastMailTo("reader@example.com");
    expect(welcome.subject).toContain("You are subscribed");
    const unsubscribeLink = new URL(linkIn(welcome.text, "/newsletter/unsubscribe"));
    expect(welcome.headers["List-Unsubscribe"]).toBe(`<${unsubscribeLink.href}>`);
    // A mail app's one-click unsubscribe: the token in the address, the RFC 8058 body.
    const oneClick = await respond(
      t,
      unsubscribeAction,
      postForm(unsubscribeLink.pathname + unsubscribeLink.search, { "List-Unsubscribe": "One-Click" }),
    );
    expect(oneClick.headers.get("Location")).toBe("/newsletter/unsubscribe?done");
    expect(await rows("select * from newsletter_subscribers")).toEqual([]);
  });

  it("lets the confirmation email's unsubscribe link cancel the sign-up, and refuses an expired link", async () => {
    await respond(t, homeAction, postForm("/?index", { intent: "newsletter", email: "changed.mind@example.com" }));
    const token = new URL(
      linkIn((await lastMailTo("changed.mind@example.com")).text, "/newsletter/confirm"),
    ).searchParams.get("token")!;
    await respond(t, unsubscribeAction, postForm("/newsletter/unsubscribe", { token }));
    expect(await rows("select * from newsletter_pending where email = 'changed.mind@example.com'")).toEqual([]);
    expect((await respond(t, confirmAction, postForm("/newsletter/confirm", { token }))).headers.get("Location")).toBe(
      "/newsletter/confirm?token=",
    );

    await respond(t, homeAction, postForm("/?index", { intent: "newsletter", email: "slow@example.com" }));
    const late = new URL(linkIn((await lastMailTo("slow@example.com")).text, "/newsletter/confirm")).searchParams.get(
      "token",
    )!;
    await t.env.DB.prepare("update newsletter_pending set expires_at = 1 where email = 'slow@example.com'").run();
    expect((await respond(t, confirmLoader, getRequest(`/newsletter/confirm?token=${late}`))).data).toMatchObject({
      state: "invalid",
    });
    await respond(t, confirmAction, postForm("/newsletter/confirm", { token: late }));
    expect(await rows("select * from newsletter_subscribers where email = 'slow@example.com'")).toEqual([]);
  });

  it("gives admins the confirmed subscribers as CSV, never those waiting, and members nothing", async () => {
    await t.env.DB.batch([
      t.env.DB.prepare(
        "insert into newsletter_subscribers (email, confirmed_at, unsubscribe_token, created_at) values ('=cmd@example.com', 1700000000000, 'x', 1)",
      ),
      t.env.DB.prepare(
        "insert into newsletter_subscribers (email, confirmed_at, created_at) values ('legacy@example.com', null, 1)",
      ),
    ]);
    const admin = await signedIn(t, await createAccount(t.env.DB, { role: "admin" }));
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    expect((await respond(t, csvLoader, withCookies(getRequest("/petadmin/subscribers.csv"), member))).status).toBe(
      403,
    );
    expect((await respond(t, csvLoader, getRequest("/petadmin/subscribers.csv"))).status).toBe(302);
    const csv = await respond(t, csvLoader, withCookies(getRequest("/petadmin/subscribers.csv"), admin));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await csv.response!.text()).toBe(`email,confirmed_at\r\n"'=cmd@example.com","2023-11-14T22:13:20.000Z"\r\n`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
