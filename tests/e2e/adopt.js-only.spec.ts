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
    "Small (under 25 lbs) ×",
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
