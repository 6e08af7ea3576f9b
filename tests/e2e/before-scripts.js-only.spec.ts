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

test("a click just as the page starts to hydrate is answered, and the page hydrates (React error #345)", async ({
  page,
  context,
}) => {
  // A slow phone: hydration takes several of the browser's tasks, so the click lands inside it.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // In the page, from its first task on: the moment React takes the document (hydrateRoot marks it with
  // its container key), the form's button is clicked, as a visitor's tap would be. Not a sleep: each
  // check is one task of the page's own event loop, and the click comes in the first task after it.
  await page.addInitScript(() => {
    const takenByReact = () => Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
    const watch = () => {
      if (!takenByReact()) {
        setTimeout(watch, 0);
        return;
      }
      document.documentElement.dataset.clickedWhileHydrating = String(
        document.documentElement.dataset.hydrated !== "true",
      );
      document.querySelector<HTMLButtonElement>('form#register button[type="submit"]')?.click();
    };
    setTimeout(watch, 0);
  });
  await page.goto("/register", { waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-clicked-while-hydrating", "true");
  // Before the fix the page never hydrated and threw React's error #345 instead.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The click did what a click does: the empty form is refused with its errors shown.
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  expect(errors, "errors thrown in the page").toEqual([]);
});
