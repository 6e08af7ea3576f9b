import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

/** A fresh address per test and project: both projects share one database. */
export function uniqueEmail(info: TestInfo, name: string) {
  return `${name}.${info.project.name}.${info.workerIndex}.${Date.now()}@example.com`;
}

/** Opens the newest email to `email` in the development outbox and follows its link. */
export async function followEmailLink(page: Page, email: string) {
  await page.goto("/dev/outbox");
  const message = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  await expect(message).toBeVisible();
  await message.locator(".outbox__body a").first().click();
}

/**
 * Creates an account through the register page (which signs this browser in); with `confirm`, also
 * follows the emailed link and confirms the address.
 */
export async function registerAccount(
  page: Page,
  account: { email: string; password: string; firstName: string; lastName: string },
  { confirm = false } = {},
) {
  await page.goto("/register");
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password (at least 8 characters)").fill(account.password);
  await page.getByLabel("Re-type password").fill(account.password);
  await page.getByLabel(/^I agree to create .* account$/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm-email/);
  if (!confirm) return;
  await followEmailLink(page, account.email);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status")).toHaveText(/your email address is confirmed/);
}

/** Fills the sign-in form; `here` uses the sign-in page already open (keeping its redirectTo). */
export async function signIn(page: Page, email: string, password: string, { remember = false, here = false } = {}) {
  if (!here) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (remember) await page.getByLabel("Remember Me").check();
  // Returns once the server has answered the sign-in (its session cookie is set): a test that goes on
  // to another page at once would otherwise cancel the post in flight and meet that page signed out.
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/sign-in"),
  );
  await page.getByRole("button", { name: "Continue" }).click();
  await answered;
}

/** Opens the mobile drawer (it closes only on its own links and forms, back and forward, and Escape). */
export async function openDrawer(page: Page) {
  const drawer = page.getByRole("navigation", { name: "Mobile" });
  await page.locator(".drawer__toggle").click();
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function logOut(page: Page) {
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  // With JavaScript the drawer closes as the post leaves: signed out is when the page offers Sign In again
  // (a test that went on at once raced its own log-out and met a signed-in /sign-in).
  await expect(
    page.locator(".drawer__links--account").getByRole("link", { name: "Sign In", includeHidden: true }),
  ).toBeAttached();
}
