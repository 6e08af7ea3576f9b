import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crons, runScheduled } from "#server/scheduled";
import { i18nFor } from "#app/locales/catalogs.server";
import { action as stopAction, loader as stopLoader } from "#app/routes/adopt/care-stop";
import { action as careAction, loader as careLoader } from "#app/routes/petadmin/pet-care";
import { action as answerAction, loader as answerLoader } from "#app/routes/adopt/care-answer";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { action as messageAction, loader as messageLoader } from "#app/routes/petadmin/inbox/message";
import { loader as homeLoader } from "#app/routes/site/home";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";
import { injectFaults, transientD1Error } from "./faults";

/** Staying in touch (issue 45): the hourly run's check-ins and reminders, each sent once, at its day in shelter time. */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

interface Mail {
  subject: string;
  text: string;
  headers: string | null;
}
const outboxTo = async (to: string) =>
  (
    await t.env.DB.prepare('select subject, text, headers from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<Mail>()
  ).results;
const hourly = (at: string) => runScheduled(t.env, crons.hourly, new Date(at).getTime(), i18nFor);
const followUpRows = async (petId: number) =>
  (
    await t.env.DB.prepare("select kind, item from care_follow_ups where pet_id = ? order by id")
      .bind(petId)
      .all<{ kind: string; item: string }>()
  ).results;

/** A pet adopted on Monday November 2, 2026, at 6 pm in Eureka (already the 3rd in UTC). */
const adoptedAt = new Date("2026-11-03T02:00:00Z");
async function adoption(name: string, adopter?: { email: string }) {
  const account = adopter ?? (await createAccount(t.env.DB, { firstName: name }));
  const pet = await insertPet(t.env.DB, {
    name,
    species: "Dog",
    sex: "Female",
    adoptedEmail: account.email,
    adoptedDate: adoptedAt,
  });
  return { pet, email: account.email };
}

describe("follow-ups after an adoption", () => {
  it("sends the three-day check-in once, on its day in shelter time, with a person to reply to and a stop link", async () => {
    const { email } = await adoption("Fern");
    // November 5 at 07:00 UTC is still the 4th in Eureka: not yet.
    await hourly("2026-11-05T07:00:00Z");
    expect(await outboxTo(email)).toEqual([]);
    await hourly("2026-11-05T09:00:00Z");
    const [mail, ...more] = await outboxTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("How is Fern settling in?");
    expect(mail!.text).toContain("a person at the shelter reads every reply");
    expect(mail!.text).toMatch(/\/care\/stop\?email=/);
    expect(JSON.parse(mail!.headers!)).toMatchObject({
      "Reply-To": "hello@sequoia-shelter.example",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The run repeated, the same hour or the next days: not again.
    await hourly("2026-11-05T09:00:00Z");
    await hourly("2026-11-06T17:00:00Z");
    expect(await outboxTo(email)).toHaveLength(1);
    // Three weeks after: the next one.
    await hourly("2026-11-23T17:00:00Z");
    expect((await outboxTo(email)).map((sent) => sent.subject)).toEqual([
      "How is Fern settling in?",
      "Three weeks with Fern",
    ]);
  });

  it("asks about the microchip in the three-day check-in, with its maker's page", async () => {
    const { pet, email } = await adoption("Chip");
    await respond(
      t,
      careAction,
      withCookies(
        postForm(`/petadmin/pets/${pet.id}/care`, { intent: "chip", chipNumber: "985112003456789", version: "0" }),
        staff,
      ),
      { id: String(pet.id) },
    );
    await hourly("2026-11-05T17:00:00Z");
    const [mail] = await outboxTo(email);
    expect(mail!.text).toContain("Did you register Chip's microchip (985112003456789) to yourself?");
    expect(mail!.text).toContain("https://www.homeagain.com/");
  });

  it("never writes to an unconfirmed address or one with no account, and not one that is a week late", async () => {
    const unconfirmed = await createAccount(t.env.DB, { confirmed: false });
    const { pet: first } = await adoption("Unproven", unconfirmed);
    const { pet: second } = await adoption("Nobody", { email: "no-account@example.com" });
    await hourly("2026-11-05T17:00:00Z");
    expect(await outboxTo(unconfirmed.email)).toEqual([]);
    expect(await outboxTo("no-account@example.com")).toEqual([]);
    expect(await followUpRows(first.id)).toEqual([]);
    expect(await followUpRows(second.id)).toEqual([]);
    // A run that missed the day by more than a week sends nothing old.
    const { email } = await adoption("Late");
    await hourly("2026-11-13T17:00:00Z");
    expect(await outboxTo(email)).toEqual([]);
  });

  it("reminds a week before a next due vaccination, once, and not after one click stops them all", async () => {
    const { pet, email } = await adoption("Remy");
    await respond(
      t,
      careAction,
      withCookies(
        postForm(`/petadmin/pets/${pet.id}/care`, {
          intent: "vaccination",
          disease: "rabies",
          givenOn: "2025-12-20",
          nextDueOn: "2026-12-20",
          version: "0",
        }),
        staff,
      ),
      { id: String(pet.id) },
    );
    await hourly("2026-12-12T17:00:00Z");
    expect((await outboxTo(email)).map((mail) => mail.subject)).not.toContain(
      "Remy's Rabies vaccination is due on December 20, 2026",
    );
    await hourly("2026-12-13T17:00:00Z");
    await hourly("2026-12-14T17:00:00Z");
    const reminders = (await outboxTo(email)).filter(
      (mail) => mail.subject === "Remy's Rabies vaccination is due on December 20, 2026",
    );
    expect(reminders).toHaveLength(1);

    // The stop link: opening it changes nothing; its button stops every follow-up to the address.
    const link = new URL(/(http\S+\/care\/stop\?\S+)/.exec(reminders[0]!.text)![1]!);
    const opened = await respond(t, stopLoader, getRequest(`${link.pathname}${link.search}`));
    expect(opened.data).toMatchObject({ state: "confirm" });
    const forged = await respond(t, stopAction, postForm("/care/stop", { email, token: "A".repeat(43) }));
    expect(forged.status).toBe(400);
    const before = (await outboxTo(email)).length;
    await hourly("2027-02-02T17:00:00Z");
    expect((await outboxTo(email)).length).toBe(before + 1); // the three-month check-in: not stopped yet
    const stopped = await respond(
      t,
      stopAction,
      postForm(`${link.pathname}${link.search}`, {
        email: link.searchParams.get("email")!,
        token: link.searchParams.get("token")!,
      }),
    );
    expect(stopped.status).toBe(302);
    const other = await adoption("Second Pet", { email });
    await hourly("2026-11-05T17:00:00Z");
    expect(await followUpRows(other.pet.id)).toEqual([]);
    expect((await outboxTo(email)).length).toBe(before + 1);
  });

  it("writes in the adopter's language", async () => {
    const account = await createAccount(t.env.DB);
    await t.env.DB.prepare("update users set language = 'es' where id = ?").bind(account.id).run();
    await adoption("Luz", account);
    await hourly("2026-11-05T17:00:00Z");
    const [mail] = await outboxTo(account.email);
    expect(mail!.subject).toBe("¿Cómo se está adaptando Luz?");
    expect(mail!.text).toMatch(/\/es\/care\/stop\?email=/);
  });

  it("when the database fails halfway, writes nothing of that follow-up and sends it once on the next run", async () => {
    const { pet, email } = await adoption("Faulty");
    const faults = injectFaults(t, { d1: [{ sql: /insert into "queued_emails"/, message: transientD1Error }] });
    let outcomes;
    try {
      outcomes = await hourly("2026-11-05T17:00:00Z");
    } finally {
      faults.restore();
    }
    expect(faults.failures()).toBeGreaterThan(0);
    expect(outcomes.find((outcome) => outcome.step === "care follow-ups")?.result).toMatchObject({
      failed: expect.any(Number),
    });
    expect(await followUpRows(pet.id)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
    await hourly("2026-11-05T18:00:00Z");
    await hourly("2026-11-05T19:00:00Z");
    expect(await followUpRows(pet.id)).toEqual([{ kind: "check-in-3d", item: "" }]);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it('sends the second reminder on the due day, and none after the adopter taps "done"', async () => {
    const recordRabies = async (petId: number) =>
      respond(
        t,
        careAction,
        withCookies(
          postForm(`/petadmin/pets/${petId}/care`, {
            intent: "vaccination",
            disease: "rabies",
            givenOn: "2025-12-20",
            nextDueOn: "2026-12-20",
            version: "0",
          }),
          staff,
        ),
        { id: String(petId) },
      );
    const done = await adoption("Dot");
    const notDone = await adoption("Nod");
    await recordRabies(done.pet.id);
    await recordRabies(notDone.pet.id);
    await hourly("2026-12-13T17:00:00Z");
    const [reminder] = (await outboxTo(done.email)).filter((mail) => mail.subject.includes("vaccination is due"));
    const link = linkIn(reminder!.text, "done");
    // Opening the link changes nothing; its button records "done".
    expect((await respond(t, answerLoader, getRequest(link))).data).toMatchObject({ state: "confirm", answer: "done" });
    expect(await answersOf(done.pet.id)).toEqual([]);
    expect((await respond(t, answerAction, postForm(link, fieldsOf(link)))).status).toBe(302);
    expect(await answersOf(done.pet.id)).toEqual(["done"]);
    // On the due day (in shelter time: 07:00 UTC on the 20th is still the 19th in Eureka, no second reminder yet).
    await hourly("2026-12-20T07:00:00Z");
    expect((await outboxTo(notDone.email)).filter((mail) => mail.subject.startsWith("Still to do?"))).toEqual([]);
    await hourly("2026-12-20T17:00:00Z");
    await hourly("2026-12-21T17:00:00Z");
    expect((await outboxTo(done.email)).filter((mail) => mail.subject.startsWith("Still to do?"))).toEqual([]);
    expect(
      (await outboxTo(notDone.email))
        .filter((mail) => mail.subject.startsWith("Still to do?"))
        .map((mail) => mail.subject),
    ).toEqual(["Still to do? Nod's Rabies vaccination was due on December 20, 2026"]);
  });
});

/** The link after an answer's label in a follow-up e-mail, as a path with its query. */
function linkIn(text: string, answer: string) {
  const match = new RegExp(`(http\\S+/care/answer\\?\\S*answer=${answer}\\S*)`).exec(text);
  if (!match) throw new Error(`no ${answer} link in: ${text}`);
  const url = new URL(match[1]!);
  return `${url.pathname}${url.search}`;
}
const fieldsOf = (link: string) => Object.fromEntries(new URL(link, "http://x").searchParams);
const answersOf = async (petId: number) =>
  (
    await t.env.DB.prepare(
      "select answer from care_answers join care_follow_ups on care_follow_ups.id = follow_up_id where pet_id = ? order by care_answers.id",
    )
      .bind(petId)
      .all<{ answer: string }>()
  ).results.map((row) => row.answer);
const messagesFrom = async (email: string) =>
  (
    await t.env.DB.prepare("select id, message, reply_business_days from contact_messages where email = ? order by id")
      .bind(email)
      .all<{ id: number; message: string; reply_business_days: number | null }>()
  ).results;

describe("one-tap answers to a follow-up", () => {
  it('"We could use some help" reaches the staff inbox once, to answer within one business day; nothing on a GET', async () => {
    const { pet, email } = await adoption("Helpy");
    await hourly("2026-11-23T17:00:00Z");
    const [mail] = (await outboxTo(email)).filter((sent) => sent.subject === "Three weeks with Helpy");
    expect(mail!.text).toContain("We could use some help:");
    expect(mail!.text).toContain("We are thinking of bringing Helpy back:");
    const link = linkIn(mail!.text, "help");
    expect((await respond(t, answerLoader, getRequest(link))).data).toMatchObject({ state: "confirm", answer: "help" });
    expect(await messagesFrom(email)).toEqual([]);

    // A token for "help" does not answer "return"; a made-up token answers nothing.
    const forged = { ...fieldsOf(link), answer: "return" };
    expect((await respond(t, answerAction, postForm("/care/answer", forged))).status).toBe(400);
    expect(
      (await respond(t, answerAction, postForm("/care/answer", { ...fieldsOf(link), token: "A".repeat(43) }))).status,
    ).toBe(400);
    expect(await messagesFrom(email)).toEqual([]);

    expect((await respond(t, answerAction, postForm(link, fieldsOf(link)))).status).toBe(302);
    expect((await respond(t, answerAction, postForm(link, fieldsOf(link)))).status).toBe(302);
    const messages = await messagesFrom(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ reply_business_days: 1 });
    expect(messages[0]!.message).toContain("Help asked with Helpy");
    expect(await answersOf(pet.id)).toEqual(["help"]);
    const inbox = await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox?kind=message"), staff));
    expect((inbox.data as { items: { id: number; replyDays: number }[] }).items).toContainEqual(
      expect.objectContaining({ id: messages[0]!.id, replyDays: 1 }),
    );
    // Opened again after the answer: it says it is done.
    expect((await respond(t, answerLoader, getRequest(link))).data).toMatchObject({ state: "done" });
  });

  it('"We are thinking of bringing NAME back" is a return request in the inbox', async () => {
    const { email } = await adoption("Boomer");
    await hourly("2026-11-05T17:00:00Z");
    const link = linkIn((await outboxTo(email))[0]!.text, "return");
    expect((await respond(t, answerAction, postForm(link, fieldsOf(link)))).status).toBe(302);
    const [message] = await messagesFrom(email);
    expect(message!.message).toContain("Return request: thinking of bringing Boomer back");
  });

  it('"Yes, I registered the microchip" shows on the pet\'s care record for staff', async () => {
    const { pet, email } = await adoption("Chipper");
    await respond(
      t,
      careAction,
      withCookies(
        postForm(`/petadmin/pets/${pet.id}/care`, { intent: "chip", chipNumber: "985112003456780", version: "0" }),
        staff,
      ),
      { id: String(pet.id) },
    );
    await hourly("2026-11-05T17:00:00Z");
    const link = linkIn((await outboxTo(email))[0]!.text, "registered");
    expect((await respond(t, answerAction, postForm(link, fieldsOf(link)))).status).toBe(302);
    const page = await respond(t, careLoader, withCookies(getRequest(`/petadmin/pets/${pet.id}/care`), staff), {
      id: String(pet.id),
    });
    expect((page.data as { adopterAnswers: unknown[] }).adopterAnswers).toEqual([
      expect.objectContaining({ email, answer: "registered" }),
    ]);
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('"All is well" with a line: staff approve it and it shows on the home page, with the first name only', async () => {
    const account = await createAccount(t.env.DB, { firstName: "Wendy", lastName: "Private" });
    const { email } = await adoption("Sunny", account);
    await hourly("2026-11-05T17:00:00Z");
    const link = linkIn((await outboxTo(email))[0]!.text, "well");
    const tooLong = await respond(t, answerAction, postForm(link, { ...fieldsOf(link), line: "x".repeat(501) }));
    expect(tooLong.status).toBe(400);
    const line = "Sunny sleeps on the sofa and has made friends with the cat.";
    expect((await respond(t, answerAction, postForm(link, { ...fieldsOf(link), line }))).status).toBe(302);
    const [message] = await messagesFrom(email);
    expect(message).toMatchObject({ reply_business_days: null });
    const storyTexts = async () =>
      ((await respond(t, homeLoader, getRequest("/"))).data as { adopterStories: { text: string }[] }).adopterStories;
    expect(await storyTexts()).not.toContainEqual(expect.objectContaining({ text: line }));
    const page = await respond(
      t,
      messageLoader,
      withCookies(getRequest(`/petadmin/inbox/message/${message!.id}`), staff),
      {
        id: String(message!.id),
      },
    );
    expect(page.data).toMatchObject({ story: { petName: "Sunny", approved: false } });
    // Someone signed in without staff rights cannot approve it.
    const adopter = await signedIn(t, account);
    const refused = await respond(
      t,
      messageAction,
      withCookies(postForm(`/petadmin/inbox/message/${message!.id}`, { intent: "story" }), adopter),
      { id: String(message!.id) },
    );
    expect(refused.status).toBe(403);
    const approved = await respond(
      t,
      messageAction,
      withCookies(postForm(`/petadmin/inbox/message/${message!.id}`, { intent: "story" }), staff),
      { id: String(message!.id) },
    );
    expect(approved.status).toBe(302);
    const stories = await storyTexts();
    expect(stories[0]).toMatchObject({ text: line, petName: "Sunny", firstName: "Wendy" });
    expect(JSON.stringify(stories)).not.toContain("Private");
    expect(JSON.stringify(stories)).not.toContain(email);
  });

  it("a message that is not an adopter's line has no story to approve", async () => {
    const { email } = await adoption("Plain");
    await hourly("2026-11-05T17:00:00Z");
    const link = linkIn((await outboxTo(email))[0]!.text, "help");
    await respond(t, answerAction, postForm(link, fieldsOf(link)));
    const [message] = await messagesFrom(email);
    const refused = await respond(
      t,
      messageAction,
      withCookies(postForm(`/petadmin/inbox/message/${message!.id}`, { intent: "story" }), staff),
      { id: String(message!.id) },
    );
    expect(refused.status).toBe(400);
  });
});
