import sharp from "sharp";
import type { Locator } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

/** Issue 40's phone trial: 390 × 844, JavaScript on and off. */
test.use({ viewport: { width: 390, height: 844 } });

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
};
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

test("a flyer's screen preview keeps its footer readable on a phone", async ({ page, visit }) => {
  await visit(`/adopt/flyer?pet_id=${demoId("Figaro")}`);
  const footer = page.locator(".flyer__footer");
  const caption = footer.locator("figcaption");
  const contact = footer.locator(".flyer__contact");
  await expect(caption).toContainText("Scan to meet Figaro");
  const [footerBox, captionBox, contactBox] = [await box(footer), await box(caption), await box(contact)];
  // Before: the caption was squeezed to a column one letter wide beside the QR code.
  expect(captionBox.width, "the QR code's caption").toBeGreaterThanOrEqual(140);
  expect(contactBox.width, "the shelter's address and hours").toBeGreaterThanOrEqual(0.8 * footerBox.width);
  expect(footerBox.x + footerBox.width, "the footer within the screen").toBeLessThanOrEqual(390);
  // Lines of words, not of letters.
  const lineHeight = await caption.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 16);
  expect(captionBox.height / lineHeight, "lines of the caption").toBeLessThan(8);
});

test("the flyer picker: a way back, a search by name and species, and boxes a finger can tick", async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/flyers");
  await expect(page.getByRole("link", { name: "‹ Pet Admin" })).toHaveAttribute("href", "/petadmin");
  const boxes = page.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(40);

  const search = page.getByRole("search", { name: "Find pets" });
  await search.getByLabel("Find a pet by the start of its name").fill("fig");
  await search.getByLabel("Species").selectOption("Cat");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/petadmin\/flyers\?q=fig&species=Cat$/);
  await visit(page.url());
  await expect(boxes).toHaveCount(1);
  const figaro = page.getByRole("checkbox", { name: /^Figaro \(Cat, / });
  const figaroBox = await box(figaro);
  expect(figaroBox.width).toBeGreaterThanOrEqual(24);
  expect(figaroBox.height).toBeGreaterThanOrEqual(24);
  // The whole row is the box's label: a target 44 px high at least.
  expect((await box(page.locator(".flyer-choices label"))).height).toBeGreaterThanOrEqual(44);
  await expect(search.getByLabel("Species")).toHaveValue("Cat");

  await page.goto("/petadmin/flyers?q=fig&species=Dog");
  await expect(page.getByText("No listed pet matches this search.")).toBeVisible();

  await page.goto("/petadmin/flyers?q=fig");
  await page.getByRole("checkbox", { name: /^Figaro / }).check();
  await page.getByRole("button", { name: "Show the chosen flyers to print" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopt/flyer\\?pet_id=${demoId("Figaro")}$`));
});

test("inbox cards: only the title looks like a link", async ({ page, visit, signInAs }) => {
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/inbox?status=all");
  const card = page.locator(".inbox-item").first();
  await expect(card).toBeVisible();
  const decoration = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).textDecorationLine);
  // Underlining a link underlines every line inside it: the card itself is not underlined, its title is.
  expect(await decoration(card)).toBe("none");
  expect(await decoration(card.locator(".inbox-item__what"))).toBe("underline");
});

test("a long name on a pet card ends in an ellipsis; in Recently deleted, a long id and a pet without a photo overlap nothing", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  await signInAs(demoAccounts.staff);
  // One long word, as a name can be, and a long pet id: each project its own.
  const name = javaScriptEnabled ? "Bartholomewfeatherstonehaugh" : "Maximilianwhiskerbottomley";
  // Pet ids have at most 40 characters: 37 here, with no space to wrap at.
  const animalId = `LONGID${Date.now()}${info.project.name === "js" ? "J" : "N"}WITHOUTANYSPACES`;
  await visit("/petadmin/create");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Pet id").fill(animalId);
  await page.getByLabel("Age (months)").fill("30");
  await page.getByLabel("Weight (lbs)").fill("2");
  await page.getByLabel("Adoption fee ($)").fill("40");
  await page.getByLabel("Sex").selectOption("Male");
  // Listed under "other" (the cat and dog lists other tests count stay as they are).
  await page.getByLabel("Species").selectOption("Other");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show breeds for this species" }).click();
  await page.getByLabel("Other breeds").fill("Hedgehog");
  await page.getByLabel("Active level").selectOption("Quietly active");
  await page.getByRole("textbox", { name: "About" }).fill(`${name} naps in a sock.`);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8d6e63" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(/^Add photos \(/)
    .setInputFiles([{ name: "hedgehog.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} was added.`);
  await page.goto(`/petadmin/edit?q=${name}&status=draft`);
  await page.getByRole("link", { name: new RegExp(`^${name} `) }).click();
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("The pet is published");
  const editUrl = page.url();

  const publicPage = await page.context().newPage();
  await publicPage.goto("/adopt/other");
  const card = publicPage.locator(".pet-card", { hasText: name });
  const heading = card.getByRole("heading", { name });
  await expect(heading).toBeVisible();
  // The name is cut with an ellipsis, inside the card; the link still holds the whole name.
  expect(await heading.evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis");
  expect(await heading.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(inside(await box(heading), await box(card))).toBe(true);
  await expect(card.getByRole("link", { name })).toHaveAttribute("title", name);
  await publicPage.close();

  // A draft without a photo (its card shows the placeholder), then both deleted.
  const draft = `${name.slice(0, 12)} Draft`;
  await page.goto("/petadmin/create");
  await page.getByLabel("Name").fill(draft);
  await page.getByLabel("Pet id").fill(`${animalId}D`);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status")).toContainText(`${draft} was added.`);
  await page.goto(`/petadmin/edit?q=${encodeURIComponent(draft)}&status=draft`);
  await page.getByRole("link", { name: new RegExp(`^${draft} `) }).click();
  await expect(page).toHaveURL(/\/petadmin\/edit\?pet_id=\d+$/);
  for (const [pet, url] of [
    [draft, page.url()],
    [name, editUrl],
  ] as const) {
    await page.goto(url);
    await page.getByLabel("Type “delete” to confirm").fill("delete");
    await page.getByRole("button", { name: `Delete ${pet}` }).click();
    await expect(page.getByRole("status")).toContainText(`${pet} was deleted.`);
  }

  await visit(page.url());
  const recent = page.getByRole("region", { name: "Recently deleted" });
  for (const pet of [name, draft]) {
    const item = recent.getByRole("listitem").filter({ has: page.getByRole("button", { name: `Restore ${pet}` }) });
    const photo = item.locator("img");
    await photo.scrollIntoViewIfNeeded();
    // The thumbnail is a picture, not an empty box: the photo, or the placeholder of a pet without one.
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
        message: `${pet}'s thumbnail`,
      })
      .toBe(true);
    const parts = [
      photo,
      item.locator(".staff-pet__name"),
      item.locator(".staff-pet__id"),
      item.getByText(/^Deleted /),
      item.getByRole("button"),
    ];
    const boxes = await Promise.all(parts.map(box));
    const itemBox = await box(item);
    for (const [index, part] of boxes.entries()) {
      expect(inside(part, itemBox), `${pet}: part ${index} inside its card`).toBe(true);
      for (const other of boxes.slice(index + 1))
        expect(overlap(part, other), `${pet}: part ${index} overlaps another`).toBe(false);
    }
  }
  await expect(recent.getByText(animalId, { exact: true })).toBeVisible();
});
