import type { Browser, Page, TestInfo } from "@playwright/test";
import { registerAccount, signIn, uniqueEmail } from "./accounts-helpers";
import { expect, test, visitorAddress } from "./fixtures";

const password = "walks-by-the-bay-77";

/** Creates an account through the register page; registering signs this browser in. */
async function register(page: Page, info: TestInfo, name: string) {
  const email = uniqueEmail(info, name);
  await registerAccount(page, { email, password, firstName: "Dana", lastName: "Devices" });
  return email;
}

/** A second browser (its own cookies), signed in to the same account. */
async function otherBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  email: string,
  secret: string,
  address: string,
) {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": address } });
  const page = await context.newPage();
  await signIn(page, email, secret);
  await expect(page).toHaveURL(/\/confirm-email/);
  return page;
}

async function isSignedIn(page: Page) {
  await page.goto("/user-profile");
  return !/\/sign-in/.test(page.url());
}

test("change the password: a wrong current one is refused, then the other browser is signed out and this one stays", async ({
  page,
  browser,
  visit,
  javaScriptEnabled,
}, info) => {
  const email = await register(page, info, "changer");
  const other = await otherBrowser(browser, javaScriptEnabled, email, password, visitorAddress(info, 1));

  await visit("/user-profile");
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password (at least 8 characters)").fill("a-brand-new-passphrase");
  await page.getByLabel("Re-type new password").fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  const current = page.getByLabel("Current password");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  // The server never sends a password back; with JavaScript the field keeps what the browser holds.
  if (!javaScriptEnabled) await expect(current).toHaveValue("");

  await current.fill(password);
  await page.getByLabel("New password (at least 8 characters)").fill("a-brand-new-passphrase");
  await page.getByLabel("Re-type new password").fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password is changed. Every other device is signed out.");
  await visit(page.url());

  expect(await isSignedIn(other)).toBe(false);
  expect(await isSignedIn(page)).toBe(true);
  await other.context().close();
});

test("see the signed-in devices and sign out everywhere else", async ({
  page,
  browser,
  visit,
  javaScriptEnabled,
}, info) => {
  const email = await register(page, info, "devices");
  const other = await otherBrowser(browser, javaScriptEnabled, email, password, visitorAddress(info, 1));

  await visit("/user-profile");
  const devices = page.getByRole("region", { name: "Where you are signed in" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByText("(this device)")).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByRole("status")).toHaveText("Every other device is signed out.");
  await expect(devices.getByRole("listitem")).toHaveCount(1);

  expect(await isSignedIn(other)).toBe(false);
  expect(await isSignedIn(page)).toBe(true);
  await other.context().close();
});

test("owners read the security log, filtered by kind", async ({ page, visit }) => {
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  await visit("/petadmin");
  await page.getByRole("link", { name: "Security log" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Security log");
  await page.getByLabel("What happened").selectOption("sign-in");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/kind=sign-in/);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("staff@example.com");
  await visit(page.url());
});
