import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { lostFoundPlace } from "../../app/config/lost-found-places";
import { uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/** The newest email to `to` in the development outbox whose subject is `subject`. */
function outboxMessage(page: Page, to: string, subject: string) {
  return page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: to }) })
    .filter({ has: page.getByRole("heading", { name: subject, exact: true }) })
    .first();
}

/** Follows the link of an email whose address contains `part`. */
async function linkIn(message: Locator, part: string) {
  const href = await message.locator(`.outbox__body a[href*="${part}"]`).first().getAttribute("href");
  const url = new URL(href!);
  return url.pathname + url.search;
}

test("an owner reports a lost brown dog, a neighbour reports a found brown dog in the next town (in Spanish), the owner is emailed the match, a message is relayed both ways, and the owner closes the report", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  // Eleven pages checked by axe (twice without JavaScript), two photo uploads' worth of work, on a shared machine.
  test.setTimeout(210_000);
  const owner = uniqueEmail(info, "lost-owner");
  const finder = uniqueEmail(info, "finder");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

  // The footer's link leads to the board.
  await visit("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Lost or found animals" })).toHaveAttribute(
    "href",
    "/lost-found",
  );
  await visit("/lost-found");
  await page.getByRole("link", { name: "Report a lost pet" }).click();
  await expect(page).toHaveURL(/\/lost-found\/report\?kind=lost/);
  // With JavaScript the address changes before the new page is drawn, and the board has an "Animal" select
  // of its own: wait for the form's heading, or the first answer goes to the board's filter (decision 036,
  // amended 2026-11-29).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a lost pet");

  // A refused post keeps what was typed and says what is missing.
  await page.getByLabel("Animal").selectOption("dog");
  await page
    .getByLabel("Description: collar, markings, behaviour")
    .fill("Brown and white dog, red collar, shy with men.");
  await page.getByLabel("Your name").fill("Owner Olive");
  await page.getByLabel("Email", { exact: true }).fill(owner);
  await page.getByLabel("Date lost").fill(today);
  await page.getByLabel("Town or area").selectOption("eureka");
  await page.getByRole("button", { name: "Send my lost pet report" }).click();
  await expect(page.getByText("Tick at least one colour, or type it").first()).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Owner Olive");

  await page.getByLabel("brown", { exact: true }).check();
  await page.getByLabel("white", { exact: true }).check();
  await page.getByLabel("Sex").selectOption("male");
  await page.getByLabel("Size").selectOption("medium");
  await page.getByLabel("Phone (optional)").fill("707 555 0142");
  await page.getByRole("button", { name: "Send my lost pet report" }).click();
  await expect(page.getByRole("status")).toContainText("follow the link in our email");

  await page.goto("/dev/outbox");
  const confirmLost = await linkIn(
    outboxMessage(page, owner, "Confirm your lost and found report to Sequoia Humane Society"),
    "/lost-found/confirm",
  );
  await visit(confirmLost);
  await page.getByRole("button", { name: "Confirm my report" }).click();
  await expect(page.getByRole("status")).toContainText("your report is on the board");
  await page.getByRole("link", { name: "See your report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lost: Dog");
  const lostReport = new URL(page.url()).pathname;
  // Never the reporter: not the name, the address or the phone.
  await expect(page.locator("main")).not.toContainText("Owner Olive");
  expect(await page.content()).not.toContain(owner);
  expect(await page.content()).not.toContain("555 0142");

  // A neighbour, on the Spanish pages, reports a dog found in the next town, with a photo.
  await visit("/es/lost-found/report?kind=found");
  await page.getByLabel("Animal").selectOption("dog");
  await page.getByLabel("marrón", { exact: true }).check();
  await page
    .getByLabel("Descripción: collar, marcas, comportamiento")
    .fill("Perro marrón con collar rojo, muy tranquilo.");
  await page.getByLabel("Fecha en que lo encontraste").fill(today);
  const arcata = lostFoundPlace("arcata")!;
  if (javaScriptEnabled) {
    // "Use my location" picks the nearest place of the county's list (Chromium's geolocation emulation).
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: arcata.latitude + 0.004, longitude: arcata.longitude - 0.003 });
    await page.getByRole("button", { name: "Usar mi ubicación" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Lugar más cercano elegido: Arcata." })).toBeVisible();
    await expect(page.getByLabel("Pueblo o zona")).toHaveValue("arcata");
  } else {
    await expect(page.getByRole("button", { name: "Usar mi ubicación" })).toHaveCount(0);
    await page.getByLabel("Pueblo o zona").selectOption("arcata");
  }
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8b5a2b" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Fotos/).setInputFiles({ name: "found-dog.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Tu nombre").fill("Finder Fran");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(finder);
  await page.getByRole("button", { name: "Enviar mi aviso de mascota encontrada" }).click();
  await expect(page.getByRole("status")).toContainText("Revisa tu bandeja de entrada");

  await page.goto("/dev/outbox");
  const confirmFound = await linkIn(
    outboxMessage(page, finder, "Confirma tu aviso de animal perdido o encontrado a Sequoia Humane Society"),
    "/lost-found/confirm",
  );
  expect(confirmFound).toMatch(/^\/es\/lost-found\/confirm/);
  await visit(confirmFound);
  await page.getByRole("button", { name: "Confirmar mi aviso" }).click();
  await expect(page.getByRole("status")).toContainText("tu aviso está en el tablón");

  // The owner's email arrives, in English, with the match: a link to the found report, never the finder's address.
  await page.goto("/dev/outbox");
  const match = outboxMessage(page, owner, "A possible match for your lost and found report");
  await expect(match).toContainText(/both brown, \d+ miles apart, the same day/);
  await expect(match).not.toContainText(finder);
  await expect(match).not.toContainText("Finder Fran");
  const foundReport = await linkIn(match, "/lost-found/");
  const close = await linkIn(match, "/close?token=");
  await visit(foundReport);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Found: Dog");
  await expect(page.getByText(`Arcata`).first()).toBeVisible();
  await expect(page.locator(".report-photos img")).toHaveCount(1);
  await expect(
    page.getByRole("region", { name: "Possible matches" }).getByRole("link", { name: "Lost: Dog" }).first(),
  ).toBeVisible();

  // The neighbour writes to the owner from the lost report's page (in Spanish): the site relays it once the
  // neighbour confirms their address, and neither side sees the other's address.
  await visit(`/es${lostReport}`);
  const write = page.getByRole("region", { name: "Enviar un mensaje" });
  await write.getByLabel("Tu nombre").fill("Finder Fran");
  await write.getByLabel("Correo electrónico", { exact: true }).fill(finder);
  await write.getByLabel("Mensaje").fill("Creo que encontré a tu perro: marrón, collar rojo, en Arcata.");
  await write.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByRole("status")).toContainText("Revisa tu bandeja de entrada");
  await page.goto("/dev/outbox");
  const confirmMessage = await linkIn(
    outboxMessage(page, finder, "Confirma tu mensaje sobre una mascota perdida o encontrada"),
    "/lost-found/messages/confirm",
  );
  await visit(confirmMessage);
  await page.getByRole("button", { name: "Enviar mi mensaje" }).click();
  await expect(page.getByRole("status")).toContainText("Tu mensaje va en camino");
  await page.goto("/dev/outbox");
  const relayed = outboxMessage(page, owner, "A message about your lost and found report");
  await expect(relayed).toContainText("Finder Fran wrote to you about your report of a lost dog:");
  await expect(relayed).toContainText("collar rojo, en Arcata");
  await expect(relayed).not.toContainText(finder);
  // The owner answers through the site; the answer reaches the neighbour, in Spanish, without the owner's address.
  await visit(await linkIn(relayed, "/lost-found/messages/"));
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("collar rojo, en Arcata");
  await page.getByLabel("Your answer").fill("That is Rex! Thank you so much, I am on my way.");
  await page.getByRole("button", { name: "Send my answer" }).click();
  await expect(page.getByRole("status")).toContainText("Your answer is on its way.");
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("I am on my way");
  expect(await page.content()).not.toContain(owner);
  expect(await page.content()).not.toContain(finder);
  await page.goto("/dev/outbox");
  const answered = outboxMessage(page, finder, "Una respuesta sobre una mascota perdida o encontrada");
  await expect(answered).toContainText("I am on my way");
  await expect(answered).not.toContainText(owner);
  await expect(answered).not.toContainText("Owner Olive");

  // The owner's one-click link (from the match email): one button, and the report leaves the board.
  await visit(close);
  await page.getByRole("button", { name: "We are together again" }).click();
  await expect(page.getByRole("status")).toContainText("Your report is closed");
  await visit(lostReport);
  await expect(page.getByRole("status")).toContainText("This report is closed");
  await visit("/lost-found?kind=lost&species=dog");
  await expect(page.locator(`a[href="${lostReport}"]`)).toHaveCount(0);
});
