import sharp from "sharp";
import type { Page } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

/**
 * Scripts start after the first paint (decision 062), so staff on a slow phone use the pet form as the
 * server sent it before its scripts run. What they chose there is what the form works with once the
 * scripts do (issue 39): each test holds the page's entry script until the form is changed, then lets it
 * load. No sleeps: the script waits on a promise the test resolves.
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

/** Holds the page's entry script (so the page stays as the server sent it) until `release` is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  };
}

test("a species, breed words and photos chosen before the scripts start are the form's once they do", async ({
  page,
  signInAs,
}) => {
  await signInAs(demoAccounts.staff);
  const startScripts = await holdScripts(page);
  // Not `visit`: with JavaScript it returns once the page has hydrated, which this one waits to do.
  await page.goto("/petadmin/create", { waitUntil: "domcontentloaded" });
  const showBreeds = page.getByRole("button", { name: "Show breeds for this species" });
  await expect(showBreeds).toBeVisible();
  await page.getByRole("checkbox", { name: "Siamese" }).check();
  await page.getByLabel("Species").selectOption("Dog");
  await page.getByLabel("Other breeds").fill("Beagle, bo");
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#b5651d" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Add photos \(/).setInputFiles([{ name: "front.jpg", mimeType: "image/jpeg", buffer: jpeg }]);

  await startScripts();
  // The form follows the select: the dog breeds, filtered by the words typed, and `breedsFor` a dog's.
  await expect(page.getByLabel("Species")).toHaveValue("Dog");
  await expect(showBreeds).toHaveCount(0);
  const breeds = page.getByRole("group", { name: "Breed (dog breeds)" });
  await expect(breeds).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Siamese" })).toHaveCount(0);
  await expect(breeds.getByRole("checkbox", { name: "Boxer" })).toBeVisible();
  await expect(breeds.getByRole("checkbox", { name: "Labrador" })).toBeHidden();
  await expect(page.getByLabel("Other breeds")).toHaveValue("Beagle, bo");
  await expect(page.locator('input[type="hidden"][name="breedsFor"]')).toHaveValue("Dog");
  // The photo chosen meanwhile is previewed as if chosen now.
  await expect(page.getByRole("img", { name: "Preview of front.jpg" })).toBeVisible();

  // And the form goes on from there: another species clears the breeds, as always.
  await page.getByLabel("Species").selectOption("Cat");
  await expect(
    page.getByRole("group", { name: "Breed (cat breeds)" }).getByRole("checkbox", { name: "Siamese" }),
  ).not.toBeChecked();
  await expect(page.locator('input[type="hidden"][name="breedsFor"]')).toHaveValue("Cat");
});

test("photo positions typed before the scripts start are the order the arrows start from", async ({
  page,
  signInAs,
}) => {
  await signInAs(demoAccounts.staff);
  const startScripts = await holdScripts(page);
  await page.goto(`/petadmin/edit?pet_id=${demoId("Maple")}`, { waitUntil: "domcontentloaded" });
  const keys = page.locator('input[type="hidden"][name="photoKey"]');
  const before = await keys.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(before.length).toBeGreaterThanOrEqual(2);
  // Without its scripts the page asks for numbers: the first two photos change places.
  await page.getByLabel("Position of photo 1").fill("2");
  await page.getByLabel("Position of photo 2").fill("1");

  await startScripts();
  await expect(page.getByRole("button", { name: "Move photo 1 up" })).toBeVisible();
  await expect(page.getByLabel("Position of photo 1")).toHaveCount(0);
  const after = await keys.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
  // The arrows go on from there, as after a move: the photo now second can go back up.
  await page.getByRole("button", { name: "Move photo 2 up" }).click();
  expect(await keys.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(before);
  await expect(page.locator('input[type="hidden"][name="photoPosition"]')).toHaveCount(before.length);
});
