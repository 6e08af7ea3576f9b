import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Issue 29's phone: 390 × 844, where "Remove from favorites" spilled over its button and "Custom" touched its edges. */
test.use({ viewport: { width: 390, height: 844 } });

/** The gaps between a control's box and the words inside it, and whether the words overflow it. */
async function wordsInside(control: Locator) {
  return control.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const words = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      left: Math.round(words.left - box.left),
      right: Math.round(box.right - words.right),
      overflows: element.scrollWidth > element.clientWidth,
      insideViewport: box.left >= 0 && box.right <= window.innerWidth,
    };
  });
}

async function pressAndWait(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) => response.url().includes("/favorites/toggle") && response.request().method() === "POST",
  );
  await button.click();
  await answered;
}

test("the pet page's favorites button holds its words on a phone", async ({ page, visit, makePet, makeAdopter }) => {
  // Its own pet and adopter (tests/e2e/own-data.ts): a favorite no other test counts.
  const pet = await makePet();
  await makeAdopter();
  await visit(`/adopt/pet?pet_id=${pet.id}`);
  await pressAndWait(page, page.getByRole("button", { name: "Add to favorites" }));
  const remove = page.getByRole("button", { name: "Remove from favorites" });
  await expect(remove).toBeVisible();
  const gaps = await wordsInside(remove);
  expect(gaps).toMatchObject({ overflows: false, insideViewport: true });
  expect(gaps.left).toBeGreaterThanOrEqual(8);
  expect(gaps.right).toBeGreaterThanOrEqual(8);
  await pressAndWait(page, remove);
  await expect(page.getByRole("button", { name: "Add to favorites" })).toBeVisible();
});

test("every donation amount, Custom too, keeps room between its words and its edges", async ({ page, visit }) => {
  await visit("/donate");
  const options = page.locator(".amount-option span");
  await expect(options.filter({ hasText: "Custom" })).toBeVisible();
  for (const option of await options.all()) {
    const gaps = await wordsInside(option);
    expect(gaps, (await option.textContent()) ?? "").toMatchObject({ overflows: false, insideViewport: true });
    expect(gaps.left).toBeGreaterThanOrEqual(8);
    expect(gaps.right).toBeGreaterThanOrEqual(8);
  }
});
