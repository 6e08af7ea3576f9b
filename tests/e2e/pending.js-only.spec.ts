import { openDrawer } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// These tests hold a request back with `page.route`, which never sees what the offline worker fetches.
test.use({ serviceWorkers: "block" });

test("while a form posts, its button is disabled and busy and the progress bar runs", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const bar = page.locator(".nav-progress");
  await expect(bar).not.toHaveAttribute("data-busy");

  // The answer is held back until the pending state has been seen, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/sign-in.data*", async (route) => {
    await held;
    await route.continue();
  });

  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Continue" }).click();
  const button = page.getByRole("button", { name: "Signing in…" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expect(bar).toHaveAttribute("data-busy", "");

  release();
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Continue" })).not.toHaveAttribute("aria-busy");
  await expect(bar).not.toHaveAttribute("data-busy");
});

test("a link to a slow page shows the progress bar until the page arrives", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/volunteer.data*", async (route) => {
    await held;
    await route.continue();
  });
  const drawer = await openDrawer(page);
  await drawer.getByRole("link", { name: "Volunteer" }).click();
  await expect(page.locator(".nav-progress")).toHaveAttribute("data-busy", "");
  release();
  await expect(page).toHaveURL(/\/volunteer$/);
  await expect(page.locator(".nav-progress")).not.toHaveAttribute("data-busy");
});
