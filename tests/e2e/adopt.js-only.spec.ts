import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

test("filter choices apply as they change, without a full reload", async ({ page }) => {
  await page.goto("/adopt/dog");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.locator("summary", { hasText: "Filters" }).click();
  await page.locator("summary", { hasText: "Size" }).click();
  await page.getByRole("checkbox", { name: "Small (under 25 lbs)" }).check();
  await expect(page).toHaveURL(/\/adopt\/dog\?size=Small(&sort=relevant)?$/);
  await expect(page.getByRole("list", { name: "Chosen filters" }).getByRole("link")).toHaveText([
    "Remove filter Small (under 25 lbs)",
  ]);
  // The dropdown stays open for the next choice, and the page was not reloaded.
  await expect(page.getByRole("checkbox", { name: "Medium (25 to 60 lbs)" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The count of what the choice left shows above the open panel, as the list says it below.
  const count = (await page.locator(".list-count").textContent())?.split(",")[0] ?? "";
  expect(count).toMatch(/^\d+ dogs?$/);
  await expect(page.locator("summary", { hasText: "Filters" })).toHaveText(new RegExp(`· ${count}$`));
  // Apply closes the panel onto the results.
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("checkbox", { name: "Medium (25 to 60 lbs)" })).toBeHidden();
});

test.describe("ticks made quickly", () => {
  // The test holds a request back with `page.route`, which never sees what the offline worker fetches.
  test.use({ serviceWorkers: "block" });

  test("a box ticked as the last tick's results are drawn stays ticked and is applied", async ({ page }) => {
    await page.goto("/adopt/dog");
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.locator("summary", { hasText: "Size" }).click();
    await page.locator("summary", { hasText: "Active level" }).click();
    // The second tick's results are held until its box has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const secondSent = new Promise<void>((resolve) => (sent = resolve));
    await page.route(/\/adopt\/dog\.data\?.*level=/, async (route) => {
      sent();
      await held;
      await route.continue();
    });
    // The moment the first tick's results are drawn, the visitor ticks the second box.
    await page.evaluate(() => {
      const count = () => document.querySelector(".list-count")?.textContent;
      const before = count();
      new MutationObserver((_, observer) => {
        if (count() === before) return;
        observer.disconnect();
        document.querySelector<HTMLInputElement>('input[name="level"][value="Very active"]')?.click();
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole("checkbox", { name: "Large (over 60 lbs)" }).check();
    await secondSent;
    // The first tick's results did not take the second tick back while its own were on the way.
    await expect(page.getByRole("checkbox", { name: "Very active" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Large (over 60 lbs)" })).toBeChecked();
    release();
    await expect(page).toHaveURL(/\/adopt\/dog\?level=Very\+active&size=Large(&sort=relevant)?$/);
    await expect(page.getByRole("list", { name: "Chosen filters" }).getByRole("link")).toHaveText([
      "Remove filter Very active",
      "Remove filter Large (over 60 lbs)",
    ]);
    await expect(page.getByRole("checkbox", { name: "Very active" })).toBeChecked();
  });
});

test("the carousel's buttons step through the photos and are disabled at the ends", async ({ page }) => {
  await page.goto(`/adopt/pet?pet_id=${demoId("Willow")}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const previous = page.getByRole("button", { name: "Previous photos" });
  const next = page.getByRole("button", { name: "Next photos" });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  const photos = demoPets().find((pet) => pet.name === "Willow")!.photos.length;
  for (let step = 1; step < photos; step++) {
    await next.click();
    await expect(previous).toBeEnabled();
  }
  await expect(next).toBeDisabled();
  const strip = page.locator(".carousel__strip");
  await expect
    .poll(() => strip.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1))
    .toBe(true);

  await previous.click();
  await expect(next).toBeEnabled();
});
