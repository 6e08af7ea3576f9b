import type { Page } from "@playwright/test";
import { uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { englishUiTexts, expectNoEnglish } from "./spanish-helpers";

/**
 * The site in Spanish (decision 057), JavaScript on and off: the address, the switch, the first visit by
 * Accept-Language, sign-up with its messages, the confirmation email, and no English left on the
 * Spanish pages translated so far.
 */
const password = "paseos-por-la-bahia-77";

test("the switch leads to the same page in Spanish, is remembered, and leads back", async ({ page, visit }) => {
  await visit("/sign-in");
  await page.getByRole("link", { name: "Español" }).first().click();
  await expect(page).toHaveURL(/\/es\/sign-in$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
  await expect(page).toHaveTitle(/^Inicia sesión \| /);

  // The remembered choice: an English address now opens its Spanish page.
  await visit("/");
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cada animal merece un hogar con cariño" })).toBeVisible();
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es$/);
  await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /[^/]\/$/);
  await expect(head.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es$/);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /[^/]\/$/);
  await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");

  // The drawer is in Spanish, and offers English.
  const drawer = page.getByRole("navigation", { name: "Menú móvil" });
  await page.locator(".drawer__toggle").click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Inicio" })).toBeVisible();
  await drawer.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/[^/]\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Every animal deserves a loving home" })).toBeVisible();
  await visit("/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-MX" });

  test("gets the Spanish page on its first visit; an /es address stays put", async ({ page, visit }) => {
    await visit("/forgot-password");
    await expect(page).toHaveURL(/\/es\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "¿Olvidaste tu contraseña?" })).toBeVisible();
    await visit("/es/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
    // A page that does not exist says so in Spanish, with a 404.
    await visit("/es/no-existe", 404);
    await expect(page.getByRole("heading", { level: 1, name: "No encontramos esa página" })).toBeVisible();
  });
});

test("sign-up in Spanish: the messages, the account and the confirmation email in Spanish", async ({
  page,
  visit,
}, info) => {
  const email = uniqueEmail(info, "lucia");
  await visit("/es/register");
  await page.getByLabel("Acepto crear una cuenta de").check();
  await page.getByLabel("Nombre", { exact: true }).fill(" ");
  await page.getByLabel("Apellido", { exact: true }).fill("Ramírez");
  await page.getByLabel("Correo electrónico").fill(email.replace(".com", ""));
  await page.getByLabel("Contraseña (al menos 8 caracteres)").fill(password);
  await page.getByLabel("Repite la contraseña").fill(`${password}!`);
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(page.getByRole("alert")).toHaveText(
    "Revisa que estos campos obligatorios estén bien completados: Nombre, Correo electrónico, Repite la contraseña",
  );
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveAccessibleDescription(
    "Escribe tu nombre (al menos 1 carácter)",
  );
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
    "Escribe un correo electrónico válido, como ana@ejemplo.com",
  );
  await expect(page.getByLabel("Repite la contraseña")).toHaveAccessibleDescription("Las dos contraseñas no coinciden");
  await expect(page.getByLabel("Apellido", { exact: true })).toHaveValue("Ramírez");

  await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña (al menos 8 caracteres)").fill(password);
  await page.getByLabel("Repite la contraseña").fill(password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/es\/confirm-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirma tu correo electrónico" })).toBeVisible();

  await page.goto("/dev/outbox");
  const message = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  await expect(message.getByRole("heading")).toHaveText("Confirma tu correo electrónico para Sequoia Humane Society");
  await expect(message.locator(".outbox__body")).toContainText("Hola, Lucía:");
  await expect(message.locator(".outbox__body")).toContainText("Confirma tu correo electrónico abriendo este enlace:");
  await message.locator(".outbox__body a").first().click();
  await expect(page).toHaveURL(/\/es\/verify-email\?token=/);
  await page.getByRole("button", { name: "Confirmar mi correo electrónico" }).click();
  await expect(page.getByRole("status")).toHaveText(/tu correo electrónico está confirmado/);
});

test("the English of the catalogue and of the shelter's configuration is what the check looks for", () => {
  const english = englishUiTexts();
  expect(english.length).toBeGreaterThan(100);
  expect(english).toContain("Create your account");
  expect(english).toContain("Saving lives, one animal at a time");
});

// Each Spanish page translated so far, a test of its own (each page is loaded and checked with axe).
for (const [path, status] of [
  ["/es", 200],
  ["/es/sign-in", 200],
  ["/es/register", 200],
  ["/es/forgot-password", 200],
  ["/es/reset-password?token=caducado", 200],
  ["/es/verify-email?token=caducado", 200],
  ["/es/confirm-email", 200],
  ["/es/no-existe", 404],
] as const) {
  test(`${path} shows no English text of the catalogue`, async ({ page, visit }) => {
    await visit(path, status);
    // The pet cards (names and texts staff type, and the card's own words) are translated with the pet pages.
    await expectNoEnglish(page, { ignore: [".pet-card"] });
  });
}

/**
 * Errors the page reports: thrown ones, React's (a hydration that did not match the server's page among
 * them). A form's reply with errors is a 400, which Chromium reports too: that one is the answer expected.
 */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("the server responded with a status of 400"))
      errors.push(message.text());
  });
  return errors;
}

test("a page hydrates in Spanish with its own catalogues, and a linked page renders in Spanish from its first frame", async ({
  page,
  visit,
  javaScriptEnabled,
}) => {
  const errors = pageErrors(page);
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  await visit("/es/sign-in");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
  // Every heading the page shows from here on, as it shows it, after the one it shows now (the page may
  // change elsewhere while the next one loads: a lazy part arriving, the form's live check).
  await page.evaluate(() => {
    const seen = [document.querySelector("h1")?.textContent ?? ""];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => {
      const heading = document.querySelector("h1")?.textContent;
      if (heading && seen.at(-1) !== heading) seen.push(heading);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("link", { name: "Crea una cuenta" }).click();
  await expect(page).toHaveURL(/\/es\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crea tu cuenta" })).toBeVisible();
  await expect(page.getByText("Guarda tus mascotas favoritas", { exact: false })).toBeVisible();
  await expectNoEnglish(page);
  if (javaScriptEnabled) {
    // A client-side navigation: the page never showed the new route's English ids or texts.
    expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).toEqual([
      "Inicia sesión",
      "Crea tu cuenta",
    ]);
  }
  expect(errors, "errors in the page (a hydration mismatch among them)").toEqual([]);
  // Only the pages' own messages, in Spanish only: not the home page's newsletter thanks, not the English.
  const code = (await Promise.all(scripts)).join("\n");
  expect(code.includes("Crea tu cuenta")).toBe(javaScriptEnabled);
  expect(code).not.toContain("Gracias por suscribirte");
  expect(code).not.toContain("Create your account");
  // Nor the emails' (server-only) messages: the confirmation email's.
  expect(code).not.toContain("abriendo este enlace");
});

test("a form's messages in Spanish: the live check's, which load with it, and the server's reply", async ({
  page,
  visit,
}) => {
  const errors = pageErrors(page);
  await visit("/es");
  const form = page.locator("form#newsletter");
  const email = form.getByLabel("Tu correo electrónico");
  await email.fill("sam@example");
  await form.getByRole("button", { name: "Suscribirme" }).click();
  await expect(email).toHaveAccessibleDescription("Escribe un correo electrónico válido, como nombre@ejemplo.com");
  await expect(email).toHaveValue("sam@example");
  await expectNoEnglish(page, { ignore: [".pet-card"] });
  expect(errors).toEqual([]);
});

test.describe("a post sent before the page hydrated", () => {
  // The test holds the page's script; the offline worker would answer it from its cache instead.
  test.use({ serviceWorkers: "block" });

  test("is answered with its messages, and the page hydrates in Spanish without a mismatch", async ({
    page,
    javaScriptEnabled,
  }) => {
    const errors = pageErrors(page);
    // The first page's entry script is an empty module: that page stays as the server sent it. The first
    // request for it is the one held, decided where it is answered: a flag turned off after `goto` raced the
    // route's handler on a busy machine, and the real script got through first.
    let held = true;
    let heldServed = () => {};
    const served = new Promise<void>((resolve) => (heldServed = resolve));
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      if (!held) return route.continue();
      held = false;
      await route.fulfill({ contentType: "text/javascript", body: "export {};" });
      heldServed();
    });
    // Not `visit`: with JavaScript it returns once the page has hydrated, which this page never does.
    await page.goto("/es", { waitUntil: "domcontentloaded" });
    if (javaScriptEnabled) await served;
    const form = page.locator("form#newsletter");
    await form.getByLabel("Tu correo electrónico").fill("sam@example");
    await form.getByRole("button", { name: "Suscribirme" }).click();
    await expect(page).toHaveURL(/\/es\?index#newsletter$/);
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator("#reply-messages")).toHaveCount(javaScriptEnabled ? 0 : 1);
    await expect(form.getByLabel("Tu correo electrónico")).toHaveAccessibleDescription(
      "Escribe un correo electrónico válido, como nombre@ejemplo.com",
    );
    await expectNoEnglish(page, { ignore: [".pet-card"] });
    expect(errors, "errors in the page (a hydration mismatch among them)").toEqual([]);
  });
});
