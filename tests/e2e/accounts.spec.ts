import { followEmailLink, logOut, openDrawer, signIn, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const password = "walks-by-the-bay-77";

test("sign up, confirm from the email, log out, and sign in again with Remember Me", async ({ page, visit }, info) => {
  const email = uniqueEmail(info, "robin");
  await visit("/register");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password (at least 8 characters)").fill(password);
  await page.getByLabel("Re-type password").fill(password);
  await page.getByLabel("Date of birth (optional)").fill("1991-06-30");
  await page.getByLabel("Gender (optional)").selectOption("female");
  await page.getByLabel("I agree to create Sequoia Humane Society account").check();
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
  await expect(page.getByText("check your spam folder")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();

  await followEmailLink(page, email);
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status")).toHaveText(/your email address is confirmed/);

  const drawer = await openDrawer(page);
  await expect(drawer).toContainText("Robin Reyes");
  await drawer.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, email, password, { remember: true });
  await expect(page).toHaveURL(/\/$/);
  const signedIn = await openDrawer(page);
  await expect(signedIn.getByRole("link", { name: "Favorites" })).toBeVisible();
  await expect(signedIn.getByRole("link", { name: "Pet Admin" })).toHaveCount(0);
  await page.locator(".drawer__toggle").click();

  await logOut(page);
  await page.goto("/sign-in");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Remember Me")).toBeChecked();
});

test("the register form explains each field and lists those to fix", async ({ page, javaScriptEnabled }, info) => {
  await page.goto("/register");
  // Ticked first: with JavaScript, leaving a field shows its message and moves the fields below it.
  await page.getByLabel("I agree to create Sequoia Humane Society account").check();
  await page.getByLabel("First name").fill(" ");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email").fill(`${uniqueEmail(info, "typo").replace(".com", "")}`);
  await page.getByLabel("Password (at least 8 characters)").fill(password);
  await page.getByLabel("Re-type password").fill(`${password}!`);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByRole("alert")).toHaveText(
    "Make sure that the following required fields have valid form: First Name, Email, Re-type Password",
  );
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("First name must have at least 1 character");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
    "Email must have valid form, like jane@example.com",
  );
  await expect(page.getByLabel("Re-type password")).toHaveAccessibleDescription(
    "The re-type password does not match the password",
  );
  await expect(page.getByLabel("Last name")).toHaveValue("Reyes");
  // The server never sends a password back: without JavaScript the re-rendered field is empty; with
  // JavaScript the page is not reloaded and keeps what was typed.
  await expect(page.getByLabel("Password (at least 8 characters)")).toHaveValue(javaScriptEnabled ? password : "");
});

test("a wrong password gets the Cannot sign in alert", async ({ page, visit }) => {
  await visit("/sign-in");
  await signIn(page, "adopter@example.com", "not-the-right-one");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Cannot sign in");
  await expect(alert).toContainText("The email address or password is incorrect. Recheck your email and password.");
  await expect(page.getByLabel("Email")).toHaveValue("adopter@example.com");
});

test("forgot password: the emailed link sets a new password", async ({ page }, info) => {
  const email = uniqueEmail(info, "forgetful");
  await page.goto("/register");
  await page.getByLabel("First name").fill("Fran");
  await page.getByLabel("Last name").fill("Forgetful");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password (at least 8 characters)").fill(password);
  await page.getByLabel("Re-type password").fill(password);
  await page.getByLabel("I agree to create Sequoia Humane Society account").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that email address");

  await followEmailLink(page, email);
  await page.getByLabel("New password (at least 8 characters)").fill("a-new-leash-on-life");
  await page.getByLabel("Re-type password").fill("a-new-leash-on-life");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. Sign in with your new password.");

  await signIn(page, email, "a-new-leash-on-life");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test("Google sign-in goes through the local OpenID Connect provider and back", async ({ page }) => {
  await page.goto("/sign-in?redirectTo=%2Fadopt%2Fdog");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/adopt\/dog$/);
  const drawer = await openDrawer(page);
  await expect(drawer).toContainText("Gabriel Google");
  await drawer.getByRole("link", { name: "Manage your account" }).click();
  await expect(page.getByText("Your account is linked to a Google account.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("google.user@example.com");
});

test("a protected page sends a visitor to sign in and back", async ({ page }) => {
  await page.goto("/user-profile");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fuser-profile$/);
  await signIn(page, "adopter@example.com", "paws-and-whiskers-42", { here: true });
  await expect(page).toHaveURL(/\/user-profile$/);
  await expect(page.getByLabel("First name")).toHaveValue("Alex");
  await expect(page.getByLabel("First name")).toBeDisabled();
});

test("staff see Pet Admin and a menu with only Log out; others get a 403", async ({ page, visit }) => {
  await signIn(page, "adopter@example.com", "paws-and-whiskers-42");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.goto("/petadmin"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "This page is for shelter staff" })).toBeVisible();
  await logOut(page);

  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  const drawer = await openDrawer(page);
  const links = await drawer.getByRole("link").allTextContents();
  expect(links[0]).toBe("Pet Admin");
  expect(links).not.toContain("Favorites");
  await drawer.getByRole("link", { name: "Pet Admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pet Admin" })).toBeVisible();
  await page.getByRole("link", { name: "Staff and invitations" }).click();
  await visit("/petadmin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff of Sequoia Humane Society" })).toBeVisible();
  await expect(page.locator(".member", { hasText: "staff@example.com" })).toContainText("owner");

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pet Admin" })).toBeVisible();
  await page.locator(".account-menu__toggle").click();
  const menu = page.locator(".account-menu__panel");
  await expect(menu.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(menu.getByRole("link")).toHaveCount(0);
});

test("registering an address that has an account lands on the same page; its owner gets a sign-in and a reset link", async ({
  page,
  visit,
}, info) => {
  const email = uniqueEmail(info, "taken");
  const fill = async (firstName: string) => {
    await page.getByLabel("First name").fill(firstName);
    await page.getByLabel("Last name").fill("Taken");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password (at least 8 characters)").fill(password);
    await page.getByLabel("Re-type password").fill(password);
    await page.getByLabel("I agree to create Sequoia Humane Society account").check();
    await page.getByRole("button", { name: "Create Account" }).click();
  };
  await visit("/register");
  await fill("Owner");
  await expect(page).toHaveURL(/\/confirm-email$/);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A stranger tries the same address: the same page, no word about an account.
  await visit("/register");
  await fill("Stranger");
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
  await expect(page.getByText("We sent an email to the address you gave")).toBeVisible();
  await expect(page.getByText(/already/)).toHaveCount(0);
  await visit("/confirm-email");

  await page.goto("/dev/outbox");
  const notice = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  await expect(notice).toContainText("Someone tried to register your email");
  await notice.locator(".outbox__body a", { hasText: "/reset-password?token=" }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByLabel("New password (at least 8 characters)")).toBeVisible();
});
