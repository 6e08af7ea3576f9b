import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localTimeToInstant } from "#app/lib/visits/business-hours";
import { i18nFor } from "#app/locales/catalogs.server";
import { action as applyAction } from "#app/routes/adopt/apply";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as visitAction, loader as visitLoader } from "#app/routes/adopt/application-visit";
import { action as volunteerApplyAction } from "#app/routes/volunteer/apply";
import { action as volunteerConfirmAction } from "#app/routes/volunteer/confirm";
import { action as volunteerItemAction } from "#app/routes/petadmin/inbox/volunteer";
import { crons, runScheduled } from "#server/scheduled";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";

/**
 * Emails in the reader's language (issue 28, decision 057): the application's own confirmation in the
 * page's language; what staff and the hourly run send later in the account's (users.language), with
 * links to that language's pages; an English account's stay in English.
 */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
const mailsTo = async (email: string) => {
  await t.settle();
  return rows<{ subject: string; text: string }>(
    'select subject, text from outbox_messages where "to" = ? order by id',
    email,
  );
};

/** An adopter whose account says `language`, applying from the page in `pageLanguage`, approved by staff. */
async function approvedApplicant(petName: string, language: "en" | "es", pageLanguage: "en" | "es" = language) {
  const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
  const account = await createAccount(t.env.DB, { firstName: "Lucía", lastName: petName });
  await t.env.DB.prepare("update users set language = ? where id = ?").bind(language, account.id).run();
  const jar = await signedIn(t, account);
  const prefix = pageLanguage === "es" ? "/es" : "";
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`${prefix}/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
  );
  expect(sent.status).toBe(302);
  expect(sent.headers.get("Location")).toMatch(new RegExp(`^${prefix}/applications\\?sent=\\d+$`));
  const id = Number(sent.headers.get("Location")!.split("=")[1]);
  const approve = await respond(
    t,
    itemAction,
    withCookies(postForm(`/petadmin/inbox/application/${id}`, { intent: "approve", version: "1" }), staff),
    { id: String(id) },
  );
  expect(approve.status).toBe(302);
  return { pet, account, jar, id };
}

describe("emails in the reader's language", () => {
  it("a Spanish account: the application, its approval, the booked visit and the hourly run's reminder in Spanish", async () => {
    const { account, jar, id } = await approvedApplicant("Canela", "es");
    const [submitted, approved] = await mailsTo(account.email);
    expect(submitted!.subject).toBe("Tu solicitud de adopción de Canela: enviada");
    expect(submitted!.text).toMatch(/^Hola, Lucía:\n\nRecibimos tu solicitud de adopción de Canela\./);
    expect(submitted!.text).toContain("/es/applications");
    // Staff approve from an English page: the email is in the adopter's language.
    expect(approved!.subject).toBe("Tu solicitud de adopción de Canela: aprobada");
    expect(approved!.text).toContain("Buenas noticias: tu solicitud de adopción de Canela está aprobada");
    // Straight to the booking page (issue 40); calling is the fallback.
    expect(approved!.text).toMatch(
      new RegExp(
        `Reservamos a Canela para ti hasta el \\S+ \\d+ de \\S+, \\d+(:\\d\\d)? p\\. m\\.: elige una hora para conocer a Canela antes de esa fecha, aquí:\n\nhttp://localhost/es/applications/${id}/visit\n`,
      ),
    );
    expect(approved!.text).toContain(
      "llámanos al (707) 555-0142 (abrimos de martes a domingo, de 11 a. m. a 5 p. m.). Cuando termine tu reserva, Canela vuelve a nuestra lista de adopción.",
    );
    expect(approved!.text).not.toContain("..");
    expect(approved!.text).toMatch(/\/es\/applications\n/);

    // The visit page in Spanish, and its own confirmation in the page's language.
    const page = (
      await respond(t, visitLoader, withCookies(getRequest(`/es/applications/${id}/visit`), jar), { id: String(id) })
    ).data as {
      meta: { title: string };
      days: { day: string; slots: { start: number; time: string }[] }[];
    };
    expect(page.meta.title).toBe("Reserva tu visita");
    const day = page.days.at(-1)!;
    const slot = day.slots.at(-1)!;
    expect(day.day).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de \S+$/);
    expect(slot.time).toMatch(/^\d+(:\d\d)? [ap]\. m\.$/);
    const booked = await respond(
      t,
      visitAction,
      withCookies(postForm(`/es/applications/${id}/visit`, { intent: "book", slot: String(slot.start) }), jar),
      { id: String(id) },
    );
    expect(booked.headers.get("Location")).toBe(`/es/applications/${id}/visit?done=booked`);
    const bookedMail = (await mailsTo(account.email)).at(-1)!;
    expect(bookedMail.subject).toBe(`Tu visita está reservada: conoce a Canela el ${day.day}, ${slot.time}`);
    expect(bookedMail.text).toContain("Trae una identificación con foto");

    // The hourly run on the morning of the visit: the reminder in the account's language.
    const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })
      .format(new Date(slot.start))
      .split("-")
      .map(Number);
    await runScheduled(
      t.env,
      crons.hourly,
      localTimeToInstant({ year: y!, month: m!, day: d! }, "07:30", "America/Los_Angeles").getTime(),
      i18nFor,
    );
    const reminder = (await mailsTo(account.email)).at(-1)!;
    expect(reminder.subject).toBe(`Hoy, ${slot.time}: conoce a Canela`);
    expect(reminder.text).toMatch(/^Hola, Lucía:\n\nTe recordamos que hoy conoces a Canela: /);
    expect(reminder.text).toContain("¿No puedes venir? Cambia o cancela tu visita:");
    expect(reminder.text).toContain(`/es/applications/${id}/visit`);
    expect(reminder.text).not.toMatch(/Hello|Today|Please bring|\.\./);
  });

  it("a Spanish account's hold ended by the hourly run is told in Spanish; an English account's in English", async () => {
    const spanish = await approvedApplicant("Tormenta", "es", "en");
    const english = await approvedApplicant("Breeze", "en");
    // Applied from an English page: that confirmation is in the page's language.
    expect((await mailsTo(spanish.account.email))[0]!.subject).toBe("Your application to adopt Tormenta: submitted");
    const [until] = await rows<{ until: number }>(
      "select max(on_hold_until) as until from pets where id in (?, ?)",
      spanish.pet.id,
      english.pet.id,
    );
    await runScheduled(t.env, crons.hourly, until!.until + 60_000, i18nFor);
    const ended = (await mailsTo(spanish.account.email)).at(-1)!;
    expect(ended.subject).toBe("Tu solicitud de adopción de Tormenta: reserva terminada");
    expect(ended.text).toContain("Tu reserva de Tormenta terminó. Tu solicitud sigue abierta");
    expect(ended.text).toContain("/es/applications");
    const endedEnglish = (await mailsTo(english.account.email)).at(-1)!;
    expect(endedEnglish.subject).toBe("Your application to adopt Breeze: hold ended");
    expect(endedEnglish.text).toMatch(/^Hello Lucía,\n\nYour hold on Breeze has ended\./);
    expect(endedEnglish.text).not.toContain("/es/");
  });

  it("a volunteer application sent from a Spanish page keeps its language (migration 0020): its confirmation and staff's later email in Spanish", async () => {
    const email = "rosa.voluntaria@example.com";
    const form = new URLSearchParams([
      ["role", "social-media"],
      ["name", "Rosa Márquez"],
      ["email", email],
      ["phone", "+1 707 555 0177"],
      ["availability", "saturday-morning"],
      ["interests", "photography"],
      ["age", "adult"],
    ]);
    const request = new Request("http://localhost/es/volunteer/apply", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.77" },
    });
    expect((await respond(t, volunteerApplyAction, request)).status).toBe(302);
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.subject).toBe("Confirma tu solicitud de voluntariado en Sequoia Humane Society");
    expect(confirmation!.text).toMatch(/^Hola, Rosa Márquez:\n\n/);
    const token = confirmation!.text.match(/http:\/\/localhost\/es\/volunteer\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const confirmed = await respond(t, volunteerConfirmAction, postForm("/es/volunteer/confirm", { token: token! }));
    expect(confirmed.headers.get("Location")).toBe("/es/volunteer/confirm?done");
    expect((await mailsTo(email)).at(-1)!.subject).toBe("Recibimos tu solicitud de voluntariado");
    const [application] = await rows<{ id: number; language: string; version: number }>(
      "select id, language, version from volunteer_applications where email = ?",
      email,
    );
    expect(application!.language).toBe("es");
    // Staff move it from their (English) page: the email is in the application's language.
    const moved = await respond(
      t,
      volunteerItemAction,
      withCookies(
        postForm(`/petadmin/inbox/volunteer/${application!.id}`, {
          status: "contacted",
          version: String(application!.version),
        }),
        staff,
      ),
      { id: String(application!.id) },
    );
    expect(moved.status).toBe(302);
    const later = (await mailsTo(email)).at(-1)!;
    expect(later.subject).toBe("Sobre tu solicitud de voluntariado");
    // The role too, in the application's language.
    expect(later.text).toContain("Nuestra coordinación de voluntariado ya tiene tu solicitud para Redes sociales");
  });
});
