import { demoPets } from "../../scripts/demo/pets";
import { registerAccount, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { expectNoEnglish } from "./spanish-helpers";

/**
 * The forms visitors fill, in Spanish (issue 28, decision 057), JavaScript on and off: the adoption
 * application with its messages, My applications, and the application's email in Spanish; no English
 * text of the catalogue left on those pages.
 */

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

test("an adoption application in Spanish: Spanish messages, a draft, the application sent and its email in Spanish", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  // Pets no other test applies for; applying holds nothing, so the lists stay as they were.
  const pet = info.project.name === "js" ? "Cooper" : "Bear";
  const email = uniqueEmail(info, "camila");
  await registerAccount(
    page,
    { email, password: "un-hogar-para-un-perro-2026", firstName: "Camila", lastName: "Solís" },
    { confirm: true },
  );

  await visit(`/es/adopt/apply?pet_id=${demoId(pet)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: `Solicita adoptar a ${pet}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Solicita adoptar a ${pet} \\| `));
  await expect(
    page.getByText(
      "Ya completamos tu nombre con tu perfil y tus respuestas al test de compatibilidad: revisa que todo esté bien.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("group", { name: "Tu vivienda" })).toBeVisible();
  await expect(page.getByLabel("Tipo de vivienda").locator("option")).toHaveText([
    "Elige…",
    "Casa",
    "Apartamento",
    "Condominio",
    "Casa móvil",
    "Otro",
  ]);
  await expectNoEnglish(page);

  // A draft, in Spanish.
  await page.getByLabel("Teléfono", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Tu borrador está guardado. Vuelve a esta página cuando quieras para terminarlo.",
  );

  // A refused send: the summary and each field's message in Spanish (from the browser's own check
  // with JavaScript, from the server without it), the answers kept.
  if (!javaScriptEnabled)
    await page.locator("form.application-form").evaluate((form) => form.setAttribute("novalidate", ""));
  else await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Ciudad").fill("Eureka");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  const summary = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: /respuestas necesitan un cambio$/ }) });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: "Teléfono: Escribe un número de teléfono, como (707) 555-0100" }),
  ).toHaveAttribute("href", "#application-phone");
  await expect(summary.getByRole("link", { name: "Tipo de vivienda: Elige tu tipo de vivienda" })).toBeVisible();
  await expect(
    summary.getByRole("link", {
      name: "La promesa de que tus respuestas son verdaderas: Confirma que tus respuestas son verdaderas",
    }),
  ).toBeVisible();
  await expect(page.getByLabel("Teléfono", { exact: true })).toHaveAccessibleDescription(
    "Escribe un número de teléfono, como (707) 555-0100",
  );
  await expect(page.getByLabel("Calle y número")).toHaveAccessibleDescription("Escribe tu dirección");
  await expect(page.getByLabel("Adultos en casa (contándote a ti)")).toHaveAccessibleDescription(
    "Escribe cuántos adultos",
  );
  await expect(page.getByLabel("Ciudad")).toHaveValue("Eureka");
  await expectNoEnglish(page);

  await page.getByLabel("Teléfono", { exact: true }).fill("(707) 555-0142");
  await page.getByLabel("Calle y número").fill("12 Harbor Lane");
  await page.getByLabel("Estado", { exact: true }).fill("CA");
  await page.getByLabel("Código postal").fill("95501");
  await page.getByLabel("Tipo de vivienda").selectOption({ label: "Casa" });
  await page.getByLabel("¿Es tuya o la rentas?").selectOption({ label: "La rento" });
  await page.getByLabel("Si rentas: ¿tu arrendador permite mascotas?").selectOption({ label: "Sí, por escrito" });
  await page.getByLabel("Patio y cerca").selectOption({ label: "Patio con cerca completa" });
  await page.getByLabel("Adultos en casa (contándote a ti)").fill("2");
  await page.getByLabel("Niños en casa").fill("0");
  await page.getByLabel("¿Están esterilizadas?").selectOption({ label: "No tengo otras mascotas" });
  await page.getByLabel("¿Tienen las vacunas al día?").selectOption({ label: "No tengo otras mascotas" });
  await page.getByLabel("Horas al día que la mascota estaría sola").fill("3");
  await page.getByLabel("¿Dónde dormirá la mascota?").fill("En su cama, junto al sofá");
  await page.getByLabel("¿Cómo hará ejercicio y jugará la mascota?").fill("Paseos por la playa cada mañana");
  await page.getByLabel("Tu experiencia con mascotas").fill("Crecí con perros");
  await page.getByLabel("¿Por qué quieres adoptar a esta mascota?").fill("Buscamos un compañero para caminar");
  await page.getByLabel(/^Mis respuestas son verdaderas/).check();
  await page.getByRole("button", { name: "Enviar solicitud" }).click();

  await expect(page).toHaveURL(/\/es\/applications\?sent=\d+$/);
  await visit(page.url());
  await expect(page.getByRole("heading", { level: 1, name: "Mis solicitudes" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Gracias: tu solicitud está enviada.");
  const mine = page.locator(".panel", { has: page.getByRole("heading", { name: pet }) });
  await expect(mine.getByRole("heading", { name: pet })).toContainText("Enviada");
  await expect(mine.locator(".next-step")).toContainText(
    /Siguiente paso: Te respondemos en \d+ días hábiles, a más tardar el \S+ \d+ de \S+, \d+(:\d\d)? [ap]\. m\./,
  );
  await expect(mine.getByRole("list", { name: `Historial de tu solicitud de ${pet}` })).toContainText(
    /Enviada, \d+ de \S+ de \d{4}/,
  );
  await expect(mine.getByRole("button", { name: `Retirar la solicitud de ${pet}` })).toBeVisible();
  await expectNoEnglish(page);

  // The form's own email, in the page's language, with a link to the Spanish page.
  await page.goto("/dev/outbox");
  const message = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  await expect(message.getByRole("heading")).toHaveText(`Tu solicitud de adopción de ${pet}: enviada`);
  const body = message.locator(".outbox__body");
  await expect(body).toContainText("Hola, Camila:");
  await expect(body).toContainText(
    `Recibimos tu solicitud de adopción de ${pet}. Nuestro equipo de adopción lee todas las solicitudes`,
  );
  await expect(body).toContainText("Tus solicitudes y su historial:");
  await expect(body.locator("a").first()).toHaveAttribute("href", /\/es\/applications$/);
});

test("the donate page in Spanish, with its message for a wrong amount", async ({ page, visit }) => {
  await visit("/es/donate");
  await expect(page.getByRole("heading", { level: 1, name: "Donaciones" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lo que logra tu donación" })).toBeVisible();
  await expect(page.locator(".impact-list")).toContainText("alimenta a un perro durante un mes");
  await expectNoEnglish(page);

  await page.getByRole("radio", { name: "Otra cantidad" }).check();
  await page.getByLabel("Otra cantidad en dólares").fill("0");
  await page.getByLabel("Tu nombre").fill("Camila");
  await page.getByLabel("Correo electrónico", { exact: true }).fill("camila@example.com");
  await page.getByRole("button", { name: "Donar de forma segura" }).click();
  await expect(
    page
      .locator(".field__errors")
      .filter({ hasText: "Escribe una cantidad entera de dólares, de $1 a $25,000." })
      .first(),
  ).toBeVisible();
  await expectNoEnglish(page);
});

test("the pages Spanish emails link to answer in Spanish: newsletter, alerts and volunteer links", async ({
  page,
  visit,
}) => {
  for (const [path, heading, text] of [
    ["/es/newsletter/confirm?token=caducado", "Confirma tu suscripción", "Este enlace venció o ya se usó."],
    [
      "/es/newsletter/unsubscribe?done",
      "Date de baja de nuestro boletín",
      "Ya te diste de baja. No volveremos a enviarte nuestro boletín.",
    ],
    [
      "/es/alerts/unsubscribe?user=1&token=falso",
      "Avisos de mascotas nuevas",
      "Este enlace para darte de baja no es válido.",
    ],
    [
      "/es/volunteer/confirm?token=caducado",
      "Confirma tu solicitud de voluntariado",
      "Puedes volver a presentar tu solicitud.",
    ],
  ] as const) {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("main")).toContainText(text);
    await expectNoEnglish(page);
  }
});
