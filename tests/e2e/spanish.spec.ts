import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/**
 * The site in Spanish (decision 057), JavaScript on and off: the address, the switch, the first visit by
 * Accept-Language, sign-up with its messages, the confirmation email, and no English left on the
 * Spanish pages translated so far.
 */
const password = "paseos-por-la-bahia-77";

/** The English catalogue's messages that read differently in Spanish and have no placeholders. */
function englishUiTexts(): string[] {
  const entries = (file: string) =>
    new Map(
      [...readFileSync(new URL(`../../app/locales/${file}/messages.po`, import.meta.url), "utf8").matchAll(/\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)].map(
        (match) => [match[1]!.replace(/\\"/g, '"'), match[2]!.replace(/\\"/g, '"')],
      ),
    );
  const english = entries("en");
  const spanish = entries("es");
  return [...english]
    .filter(([id, text]) => text && !/[{}<]/.test(text) && spanish.get(id) !== text)
    .map(([, text]) => text);
}

/** The visible text of the page, without the pet cards (translated with the pet pages, next round). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll(".pet-card").forEach((card) => card.remove());
    document.documentElement.appendChild(copy);
    copy.hidden = false;
    const text = copy.innerText;
    copy.remove();
    return text;
  });
}

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

test("sign-up in Spanish: the messages, the account and the confirmation email in Spanish", async ({ page, visit }, info) => {
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
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveAccessibleDescription("Escribe tu nombre (al menos 1 carácter)");
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Escribe un correo electrónico válido, como ana@ejemplo.com");
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

test("the Spanish pages translated so far show no English text of the catalogue", async ({ page, visit }) => {
  const english = englishUiTexts();
  expect(english.length).toBeGreaterThan(100);
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
    await visit(path, status);
    const text = await visibleText(page);
    const left = english.filter((message) => new RegExp(`(^|[^\\p{L}])${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text));
    expect(left, `English on ${path}`).toEqual([]);
  }
});
