import { expect, test } from "./fixtures";

test("the mobile drawer opens and closes", async ({ page }) => {
  await page.goto("/volunteer");
  const menu = page.locator(".drawer__toggle");
  const drawer = page.getByRole("navigation", { name: "Mobile" });
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  await menu.click();
  await expect(drawer).toBeVisible();
  const labels = await drawer.getByRole("link").allTextContents();
  // Last, the language switch (decision 057), in its own language.
  expect(labels).toEqual(["Home", "Foster", "Volunteer", "Donate", "Adopt", "Match", "Sign In", "Register", "Español"]);
  await expect(drawer.getByRole("link", { name: "Volunteer" })).toHaveAttribute("aria-current", "page");

  // Tapping outside the panel (the backdrop) closes it.
  await page.mouse.click(340, 600);
  await expect(drawer).toBeHidden();
});

test("a drawer link leads to its page", async ({ page }) => {
  await page.goto("/");
  await page.locator(".drawer__toggle").click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Foster" }).click();
  await expect(page).toHaveURL(/\/foster$/);
  await expect(page.getByRole("heading", { level: 1, name: "Foster a pet" })).toBeVisible();
});

test("the desktop bar shows the main links and account buttons", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const main = page.getByRole("navigation", { name: "Main" });
  expect(await main.getByRole("link").allTextContents()).toEqual(["Home", "Foster", "Volunteer", "Adopt", "Match"]);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
  await expect(page.locator(".drawer__toggle")).toBeHidden();
});

test("the footer has its five columns, social links and the yearly copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  for (const column of ["Adopt", "Donate", "Programs", "Services", "About"]) {
    await expect(footer.getByRole("heading", { name: column })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: "Wish List" })).toHaveAttribute("href", "/favorite");
  await expect(footer.getByRole("link", { name: "Give online" })).toHaveAttribute("href", "/donate");
  await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(3);
  await expect(footer).toContainText("Saving lives, one animal at a time");
  await expect(footer).toContainText(`${new Date().getFullYear()} Sequoia Humane Society`);
});
