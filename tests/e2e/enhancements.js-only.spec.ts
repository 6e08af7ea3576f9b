import { expect, test } from "./fixtures";

// Behaviour that only exists when JavaScript runs; the no-js project does not run this file.

test("the drawer closes with Escape when JavaScript runs", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator(".drawer__toggle").click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await expect(page.locator(".drawer__toggle")).toBeFocused();
});

