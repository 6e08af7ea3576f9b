import type { Page } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { registerAccount, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { expectNoEnglish } from "./spanish-helpers";

/**
 * The rest of the site in Spanish (issue 28, decisions 057 and 059), JavaScript on and off: foster
 * (landing, application with its messages, My foster pets), volunteer (landing, application with its
 * messages, the emailed confirmation), /join, the account page, the not-found page and the staff
 * pages' foster and volunteer words; each shows no English text of the catalogue, and the forms'
 * emails come in Spanish.
 */

/** The newest email to `email` in the development outbox. */
function mailTo(page: Page, email: string) {
  return page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
}

/** Without JavaScript the browser's own checks would stop the post: the server's answer is what is tested. */
async function letServerCheck(page: Page, javaScriptEnabled: boolean, form: string) {
  if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  else await page.locator(form).evaluate((element) => element.setAttribute("novalidate", ""));
}

test("the foster and volunteer pages in Spanish", async ({ page, visit }) => {
  await visit("/es/foster?species=cat");
  await expect(page).toHaveTitle(/^Hogar temporal \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Acoge a una mascota" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "¿Por qué ser hogar temporal?" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Filtrar por especie" }).getByRole("link", { name: "Gatos" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Solicita ser hogar temporal" })).toHaveAttribute(
    "href",
    "/es/foster/apply",
  );
  await expect(
    page
      .locator(".pet-card")
      .first()
      .getByRole("link", { name: /^Acoge a / }),
  ).toHaveAttribute("href", /^\/es\/foster\/apply\?pet_id=\d+$/);
  await expectNoEnglish(page, { ignore: [".pet-card__name"] });

  await visit("/es/volunteer");
  await expect(page).toHaveTitle(/^Voluntariado \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Sé voluntario con nosotros" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Redes sociales" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Postúlate: Redes sociales" })).toHaveAttribute(
    "href",
    "/es/volunteer/apply?role=social-media",
  );
  await expectNoEnglish(page);
});

test("a volunteer application in Spanish: Spanish messages, the confirmation email in Spanish, its link to the Spanish page, staff's view", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(info, "voluntaria");
  await visit("/es/volunteer/apply?role=social-media");
  await expect(page).toHaveTitle(/^Solicita ser voluntario \| /);
  await expect(page.getByLabel("Rol")).toHaveValue("social-media");
  await expect(page.getByLabel("Sábado por la mañana")).toBeVisible();
  await expectNoEnglish(page);

  // Refused: no time ticked and a phone number with letters; the answers kept.
  await letServerCheck(page, javaScriptEnabled, "form.application-form");
  await page.getByLabel("Tu nombre").fill("Lucía Ramos");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Teléfono", { exact: true }).fill("llámame");
  await page.getByLabel("Tengo 18 años o más").check();
  await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "2 respuestas necesitan un cambio" });
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole("link", { name: "Cuándo podrías venir: Marca al menos un momento en que podrías venir" }),
  ).toBeVisible();
  await expect(summary.getByRole("link", { name: "Teléfono: Usa solo dígitos, espacios y + ( ) -" })).toBeVisible();
  await expect(page.getByLabel("Teléfono", { exact: true })).toHaveAccessibleDescription(
    "Usa solo dígitos, espacios y + ( ) -",
  );
  await expect(page.getByLabel("Tu nombre")).toHaveValue("Lucía Ramos");
  await expectNoEnglish(page);

  await page.getByLabel("Teléfono", { exact: true }).fill("707 555 0177");
  await page.getByLabel("Sábado por la mañana").check();
  await page.getByLabel("Fotografía y redacción").check();
  await page.getByLabel("Tengo 18 años o más").check();
  await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
  await expect(page).toHaveURL(/\/es\/volunteer\/apply\?sent=yes$/);
  await expect(page.getByRole("status")).toContainText("sigue el enlace de nuestro correo");
  await expectNoEnglish(page);

  await page.goto("/dev/outbox");
  const message = mailTo(page, email);
  await expect(message.getByRole("heading")).toHaveText(
    "Confirma tu solicitud de voluntariado en Sequoia Humane Society",
  );
  await expect(message.locator(".outbox__body")).toContainText("Hola, Lucía Ramos:");
  await expect(message.locator(".outbox__body")).toContainText("una solicitud de voluntariado para Redes sociales.");
  const link = new URL(
    (await message.locator('.outbox__body a[href*="/volunteer/confirm"]').first().getAttribute("href"))!,
  );
  expect(link.pathname).toBe("/es/volunteer/confirm");
  await visit(link.pathname + link.search);
  await expect(
    page.getByText("Con un clic, tu solicitud para Redes sociales llega a nuestra coordinación de voluntariado."),
  ).toBeVisible();
  await expectNoEnglish(page);
  await page.getByRole("button", { name: "Confirmar mi solicitud" }).click();
  await expect(page.getByRole("status")).toContainText("tu solicitud está confirmada");

  await page.goto("/dev/outbox");
  await expect(mailTo(page, email).getByRole("heading")).toHaveText("Recibimos tu solicitud de voluntariado");
  await expect(mailTo(page, email).locator(".outbox__body")).toContainText("para Redes sociales");

  // Staff read it in Spanish too: its role, times and interests.
  await signInAs(demoAccounts.staff);
  await visit("/es/petadmin/inbox?kind=volunteer&status=all");
  await page
    .getByRole("link", { name: new RegExp(`Voluntariado: Redes sociales.*${email.replace(/[.]/g, "\\.")}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Solicitud de voluntariado de Lucía Ramos");
  await expect(page.getByText("sáb mañana", { exact: true })).toBeVisible();
  await expect(page.getByText("Fotografía y redacción", { exact: true })).toBeVisible();
  await expectNoEnglish(page);
});

test("a foster application in Spanish: Spanish messages, sent, its email in Spanish, My foster pets", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const account = {
    email: uniqueEmail(info, "acogida"),
    password: "un-hogar-temporal-2026",
    firstName: "Marta",
    lastName: "Acosta",
  };
  await registerAccount(page, account, { confirm: true });

  await visit("/es/foster/apply");
  await expect(page).toHaveTitle(/^Solicita ser hogar temporal \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Solicita ser hogar temporal" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Tu vivienda y tu hogar" })).toBeVisible();
  await expect(
    page.getByLabel("¿Puedes llevar a una mascota al refugio y al veterinario?").locator("option"),
  ).toHaveText(["Elige…", "Tengo carro", "Alguien puede llevarme", "Necesito que el refugio maneje"]);
  await expectNoEnglish(page);

  // A draft keeps the page's language.
  await page.getByLabel("Ciudad").fill("Arcata");
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/es\/foster\/apply\?saved=draft$/);
  await expect(page.getByRole("status")).toHaveText(
    "Tu borrador está guardado. Vuelve a esta página cuando quieras para terminarlo.",
  );

  // Refused: the summary and each field's message in Spanish.
  await letServerCheck(page, javaScriptEnabled, "form.application-form");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  const summary = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: /respuestas necesitan un cambio$/ }) });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: "¿Tu vivienda es tuya o la rentas?: Elige si es tuya o la rentas" }),
  ).toBeVisible();
  await expect(
    summary.getByRole("link", { name: "Qué animales podrías acoger: Marca perros, gatos o ambos" }),
  ).toBeVisible();
  await expect(
    summary.getByRole("link", {
      name: "La promesa de que tus respuestas son verdaderas: Confirma que tus respuestas son verdaderas",
    }),
  ).toBeVisible();
  await expect(page.getByLabel("Ciudad")).toHaveValue("Arcata");
  await expectNoEnglish(page);

  await page.getByLabel("Teléfono", { exact: true }).fill("(707) 555-0190");
  await page.getByLabel("Calle y número").fill("12 Bay St");
  await page.getByLabel("Estado", { exact: true }).fill("CA");
  await page.getByLabel("Código postal").fill("95521");
  await page.getByLabel("¿Tu vivienda es tuya o la rentas?").selectOption({ label: "Es mía" });
  await page.getByLabel("Si rentas: ¿tu arrendador permite mascotas en acogida?").selectOption({ label: "No aplica" });
  await page.getByLabel("Adultos en casa (contándote a ti)").fill("2");
  await page.getByLabel("Niños en casa").fill("0");
  await page.getByLabel("¿Están esterilizadas?").selectOption({ label: "No tengo otras mascotas" });
  await page.getByLabel("¿Tienen las vacunas al día?").selectOption({ label: "No tengo otras mascotas" });
  await page.getByLabel("Gatos", { exact: true }).check();
  await page.getByLabel("Perros que podrías acoger a la vez").fill("0");
  await page.getByLabel("Gatos que podrías acoger a la vez").fill("1");
  await page
    .getByLabel("¿Puedes llevar a una mascota al refugio y al veterinario?")
    .selectOption({ label: "Tengo carro" });
  await page.getByLabel(/^Mis respuestas son verdaderas/).check();
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page).toHaveURL(/\/es\/applications\?sent=foster$/);
  await expect(page.getByRole("region", { name: /Solicitud de hogar temporal/ })).toContainText("Enviada");

  await page.goto("/dev/outbox");
  await expect(mailTo(page, account.email).getByRole("heading")).toHaveText("Recibimos tu solicitud de hogar temporal");
  await expect(mailTo(page, account.email).locator(".outbox__body a").first()).toHaveAttribute(
    "href",
    /\/es\/applications$/,
  );

  // Applied already: the form says so, with the status in Spanish.
  await visit("/es/foster/apply");
  await expect(page.getByRole("status")).toContainText("Ya solicitaste ser hogar temporal (estado: Enviada).");
  await expectNoEnglish(page);

  await visit("/es/foster/pets");
  await expect(page.getByRole("heading", { level: 1, name: "Mis mascotas en acogida" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sobre el hogar temporal" })).toHaveAttribute("href", "/es/foster");
  await expectNoEnglish(page);
});

test("the account page in Spanish, with its refusal of a wrong current password", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(60_000);
  const account = {
    email: uniqueEmail(info, "cuenta"),
    password: "mi-cuenta-en-espanol-1",
    firstName: "Inés",
    lastName: "Vega",
  };
  await registerAccount(page, account, { confirm: true });
  await visit("/es/user-profile");
  await expect(page).toHaveTitle(/^Tu cuenta \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Tu cuenta" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(account.email);
  await expect(page.getByRole("heading", { name: "Dónde tienes la sesión iniciada" })).toBeVisible();
  await expect(page.locator(".member").first()).toContainText("(este dispositivo)");
  await expect(page.locator(".member").first()).toContainText(/Inició sesión el \d+ de \S+ de \d{4}/);
  await expectNoEnglish(page);

  await letServerCheck(page, javaScriptEnabled, "#change-password");
  await page.getByLabel("Contraseña actual").fill("no-es-mi-contraseña");
  await page.getByLabel("Contraseña nueva (al menos 8 caracteres)").fill("otra-contrasena-larga-2");
  await page.getByLabel("Vuelve a escribir la contraseña nueva").fill("otra-contrasena-larga-2");
  await page.getByRole("button", { name: "Cambiar la contraseña" }).click();
  await expect(page.getByLabel("Contraseña actual")).toHaveAccessibleDescription(
    "La contraseña actual no es correcta.",
  );
  await expect(page).toHaveURL(/\/es\/user-profile$/);
  await expectNoEnglish(page);
});

test("an invitation, a page that is not there and the staff's foster and volunteer words in Spanish", async ({
  page,
  visit,
  signInAs,
}) => {
  test.setTimeout(60_000);
  await visit("/es/join?token=caducada");
  await expect(page.getByRole("heading", { level: 1, name: "Únete al equipo" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "Esta invitación venció, ya se usó o no existe. Pide a una persona administradora que te invite de nuevo.",
  );
  await expectNoEnglish(page);

  await visit("/es/no-existe-esta-pagina", 404);
  await expect(page.getByRole("heading", { level: 1, name: "No encontramos esa página" })).toBeVisible();
  await expectNoEnglish(page);

  await signInAs(demoAccounts.staff);
  await visit("/es/petadmin");
  await expect(page.getByRole("heading", { name: "Sitios asociados" })).toBeVisible();
  await expect(page.locator(".partner-status thead")).toHaveText(
    /Sitio asociado\s*Último archivo recibido\s*Mascotas incluidas\s*Último error/,
  );
  // The partners' names ("Adopt-a-Pet") and their stored errors are not the site's words.
  await expectNoEnglish(page, { ignore: [".partner-status tbody th", ".partner-status td:last-child"] });

  // The inbox's status filter names the volunteer and foster statuses in Spanish.
  await visit("/es/petadmin/inbox");
  const statuses = page.locator("#inbox-status option");
  await expect(statuses.filter({ hasText: "Voluntariado: Nueva" })).toHaveCount(1);
  await expect(statuses.filter({ hasText: "Familias de acogida: Activa (acogiendo)" })).toHaveCount(1);
  // The volunteer applications (visitors' messages are shown as typed): their roles and statuses in Spanish.
  await visit("/es/petadmin/inbox?kind=volunteer&status=all");
  await expectNoEnglish(page);
});

test("a pet's flyer in Spanish, its QR code to the Spanish page", async ({ page, visit }) => {
  const id = demoPets().findIndex((pet) => pet.name === "Figaro") + 1;
  // Spanish chosen with the switch (remembered): the pet page's link to the flyer leads to the Spanish one.
  await page.goto(`/language?to=es&path=${encodeURIComponent(`/adopt/pet?pet_id=${id}`)}`);
  await expect(page).toHaveURL(new RegExp(`/es/adopt/pet\\?pet_id=${id}$`));
  await page.getByRole("link", { name: "Imprimir un folleto" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/adopt/flyer\\?pet_id=${id}$`));
  await visit(page.url());
  await expect(page).toHaveTitle(/^Folleto: Figaro \| /);
  const flyer = page.getByRole("article", { name: "Adóptame: Figaro" });
  await expect(flyer.getByRole("heading", { name: "Por qué adoptarme" })).toBeVisible();
  await expect(flyer.locator(".flyer__facts")).toContainText("Especie");
  await expect(flyer.locator(".flyer__facts")).toContainText("Gato");
  await expect(flyer.locator(".flyer__contact")).toContainText("De martes a domingo");
  await expect(flyer.locator("figcaption")).toContainText(new RegExp(`/es/adopt/pet\\?pet_id=${id}$`));
  await expect(page.getByRole("link", { name: "Elegir otras mascotas" })).toHaveAttribute(
    "href",
    "/es/petadmin/flyers",
  );
  // The pet's story is shown as staff typed it.
  await expectNoEnglish(page, { ignore: [".flyer__why > p:not(.flyer__traits)"] });
});
