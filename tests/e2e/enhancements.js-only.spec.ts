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

test("the drawer opened while another navigation is under way stays open when it finishes, and closes on its own link", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // The next page's data is held until the drawer is open, so that navigation finishes after it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/volunteer\.data/, async (route) => {
    await released;
    await route.continue();
  });
  const requested = page.waitForRequest(/\/volunteer\.data/);
  await page.locator('main a[href="/volunteer"]').first().click();
  await requested;
  await page.locator(".drawer__toggle").click();
  const drawer = page.getByRole("navigation", { name: "Mobile" });
  await expect(drawer).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/volunteer$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/volunteer/i);
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Foster" }).click();
  await expect(page).toHaveURL(/\/foster$/);
  await expect(drawer).toBeHidden();
});
