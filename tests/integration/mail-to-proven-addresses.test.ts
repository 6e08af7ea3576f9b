import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { action as homeAction } from "#app/routes/site/home";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as registerAction } from "#app/routes/account/register";
import { action as verifyAction } from "#app/routes/account/verify-email";
import { action as alertsAction } from "#app/routes/adopt/alerts-new-pets";
import { crons, runScheduled } from "#server/scheduled";
import { CookieJar, createTestEnv, postForm, respond, withCookies, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { i18nFor } from "#app/locales/catalogs.server";

/**
 * Issue 22, items 2 and 6 (decision 041): mail that is not about the address itself goes only to a
 * proven address, typed names are shown as plain one-line text and never as a link, and nothing typed
 * reaches a mail header with a line break in it. Through the routes and the scheduled run, on real D1.
 */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const outboxTo = async (to: string) => {
  await t.settle();
  return (
    await t.env.DB.prepare('select subject, text, headers from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; text: string; headers: string | null }>()
  ).results;
};
const hour = 60 * 60 * 1000;
const day = 24 * hour;

const matchAnswers = {
  a1: "House",
  a2: { children: 0, youngestAge: null },
  a3: [],
  a4: [],
  p1: "Dog",
  p2: { fromAge: "All", toAge: "All" },
  p3: ["Small", "Medium", "Large"],
  p4: ["Moderately active"],
};

/** Registers through the form, as a stranger would with anyone's address. */
async function register(email: string, firstName: string) {
  const result = await respond(
    t,
    registerAction,
    postForm("/register", {
      firstName,
      lastName: "Stranger",
      email,
      password: "a-long-enough-secret",
      confirmPassword: "a-long-enough-secret",
      agreeToTerms: "on",
    }),
  );
  expect(result.headers.get("Location")).toBe("/confirm-email");
  return new CookieJar().keep(result.headers);
}

describe("new-pet alerts go only to a confirmed address", () => {
  // 9 am in Eureka on Tuesday 1 December 2026.
  const start = Date.parse("2026-12-01T17:00:00Z");

  it("refuses to turn them on for an unconfirmed address, sends none there, and starts once the owner confirms", async () => {
    const victim = "not-the-registrant@example.com";
    const jar = await register(victim, "www.evil.example");
    const [confirmMail] = await outboxTo(victim);
    // The stranger's "name" looks like a link: the email greets without it.
    expect(confirmMail!.text).toMatch(/^Hello,\n/);
    expect(confirmMail!.text).not.toContain("evil");
    const user = await t.env.DB.prepare("select id from users where email = ?").bind(victim).first<{ id: number }>();
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify(matchAnswers), user!.id)
      .run();

    const turnOn = await respond(
      t,
      alertsAction,
      withCookies(postForm("/alerts/new-pets", { alerts: "on", redirectTo: "/match" }), jar),
    );
    expect(turnOn.status).toBe(403);
    expect(
      await t.env.DB.prepare("select new_pet_alerts as on_ from users where id = ?").bind(user!.id).first(),
    ).toEqual({ on_: 0 });

    // Alerts turned on before this rule (or by any other way) still wait for the confirmation.
    await t.env.DB.prepare("update users set new_pet_alerts = 1, alerts_checked_at = ? where id = ?")
      .bind(start, user!.id)
      .run();
    await insertPet(t.env.DB, {
      name: "Ranger",
      species: "Dog",
      weightLbs: 30,
      activeLevel: "Moderately active",
      listedAt: new Date(start + hour),
    });
    await runScheduled(t.env, crons.hourly, start + 2 * hour, i18nFor);
    expect(await outboxTo(victim)).toHaveLength(1);
    expect(
      await t.env.DB.prepare('select count(*) as n from queued_emails where "to" = ?').bind(victim).first(),
    ).toEqual({ n: 0 });

    // The owner follows the confirmation link: the alerts start, greeting without the link-like name.
    const token = new URL(confirmMail!.text.match(/http:\/\/localhost\/verify-email\S+/)![0]).searchParams.get(
      "token",
    )!;
    expect((await respond(t, verifyAction, postForm("/verify-email", { token }))).headers.get("Location")).toBe(
      "/verify-email?done",
    );
    await runScheduled(t.env, crons.hourly, start + day + hour, i18nFor);
    const mails = await outboxTo(victim);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("A new pet matches you: Ranger");
    expect(mails[1]!.text).toMatch(/^Hello,\n/);
    expect(mails[1]!.text).not.toContain("evil");
  });

  it("shows a plain name as typed, on one line", async () => {
    const account = await createAccount(t.env.DB, { email: "plain-name@example.com", firstName: "Mary\u2028Ann" });
    await t.env.DB.prepare("update users set match_answers = ?, new_pet_alerts = 1, alerts_checked_at = ? where id = ?")
      .bind(JSON.stringify(matchAnswers), start + 10 * day, account.id)
      .run();
    await insertPet(t.env.DB, {
      name: "Noodle",
      species: "Dog",
      weightLbs: 30,
      activeLevel: "Moderately active",
      listedAt: new Date(start + 10 * day + hour),
    });
    await runScheduled(t.env, crons.hourly, start + 10 * day + 2 * hour, i18nFor);
    const [mail] = await outboxTo(account.email);
    expect(mail!.text).toMatch(/^Hello Mary Ann,\n/);
  });
});

describe("every other mail goes only to a proven address", () => {
  it("a hold's end is told to a confirmed account or a confirmed subscriber, never to an address nobody proved", async () => {
    const end = new Date("2026-12-20T01:00:00Z");
    await register("held-unproven@example.com", "Una");
    await createAccount(t.env.DB, { email: "held-proven@example.com" });
    await t.env.DB.prepare(
      "insert into newsletter_subscribers (email, confirmed_at, unsubscribe_token, created_at) values (?, ?, ?, ?)",
    )
      .bind("held-subscriber@example.com", Date.now(), "subscriber-token", Date.now())
      .run();
    for (const email of [
      "held-unproven@example.com",
      "held-proven@example.com",
      "held-subscriber@example.com",
      "held-stranger@example.com",
    ]) {
      await insertPet(t.env.DB, {
        name: `Held for ${email}`,
        onHoldEmail: email,
        onHoldDate: new Date(end.getTime() - day),
        onHoldUntil: end,
      });
    }
    await runScheduled(t.env, crons.hourly, end.getTime() + hour, i18nFor);

    expect((await outboxTo("held-unproven@example.com")).map((mail) => mail.subject)).toEqual([
      `Confirm your email for ${shelter.name}`,
    ]);
    expect(await outboxTo("held-stranger@example.com")).toEqual([]);
    expect((await outboxTo("held-proven@example.com")).map((mail) => mail.subject)).toEqual([
      "Your hold on Held for held-proven@example.com has ended",
    ]);
    expect(await outboxTo("held-subscriber@example.com")).toHaveLength(1);
    // Withheld mail is done with, not retried every hour.
    expect(await t.env.DB.prepare("select count(*) as n from queued_emails where sent_at is null").first()).toEqual({
      n: 0,
    });
  });
});

/** A local stand-in for the mail provider's HTTP API: keeps every JSON body it is sent. */
async function startMailApi() {
  const received: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"local"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("nothing typed reaches a mail header with a line break", () => {
  const injected = "Ann\r\nX-Injected: yes\r\n\r\nFree money";
  const noBreaks = /^[^\r\n\u2028\u2029]*$/;

  it("the contact form's name and the applicant's full name stay on the subject line, through the mail API as sent", async () => {
    const api = await startMailApi();
    const http = await createTestEnv({ MAIL_TRANSPORT: "http", MAIL_API_URL: api.url, MAIL_API_KEY: "local-key" });
    try {
      const contact = await respond(
        http,
        homeAction,
        postForm("/?index", {
          intent: "contact",
          name: injected,
          email: "ann@example.com",
          message: "Is Luna still available?",
        }),
      );
      expect(contact.status).toBe(302);

      const applicant = await createAccount(http.env.DB, { email: "applicant@example.com", firstName: "Ada" });
      const jar = await signedIn(http, applicant);
      const pet = await insertPet(http.env.DB, { name: "Luna", species: "Dog" });
      const sent = await respond(
        http,
        applyAction,
        withCookies(
          postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers, fullName: injected }),
          jar,
        ),
      );
      expect(sent.headers.get("Location")).toMatch(/^\/applications\?sent=\d+$/);
      await http.settle();

      const toShelter = api.received.filter((mail) => (mail.to as string[])[0] === shelter.email);
      expect(toShelter.map((mail) => mail.subject)).toEqual([
        "New message from Ann X-Injected: yes Free money",
        "New adoption application for Luna from Ann X-Injected: yes Free money",
      ]);
      for (const mail of api.received) {
        expect(mail.subject).toMatch(noBreaks);
        expect(Object.keys(mail).sort()).toEqual(["from", "subject", "text", "to"]);
        expect((mail.to as string[]).every((to) => noBreaks.test(to))).toBe(true);
      }
      // In the text the name is one plain line too.
      expect(toShelter[0]!.text).toMatch(/^Ann X-Injected: yes Free money \(ann@example\.com\) wrote:/);
    } finally {
      await http.dispose();
      await api.close();
    }
  });
});
