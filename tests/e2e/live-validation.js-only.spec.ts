import { demoAccounts } from "../../scripts/demo/accounts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Counts the form posts a page sends to `path`: a form stopped in the browser sends none. */
function countPosts(page: Page, path: string) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(path)) posts.push(request.url());
  });
  return posts;
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

test("register speaks the spec's messages field by field, clears them when fixed, and lists them without a post", async ({ page }) => {
  await page.goto("/register");
  await hydrated(page);
  const posts = countPosts(page, "/register");
  const firstName = page.getByLabel("First name");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password (at least 8 characters)");
  const retyped = page.getByLabel("Re-type password");

  await firstName.focus();
  await firstName.press("Tab");
  await expect(firstName).toHaveAccessibleDescription("First name must have at least 1 character");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Last name").fill("Reyes");
  await email.fill("not-an-email");
  await email.press("Tab");
  await expect(email).toHaveAccessibleDescription("Email must have valid form, like jane@example.com");
  await password.fill("abcde");
  await password.press("Tab");
  await expect(password).toHaveAccessibleDescription("The length of password is at least 8");
  await retyped.fill("abcdf");
  await retyped.press("Tab");
  await expect(retyped).toHaveAccessibleDescription("The re-type password does not match the password");

  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Make sure that the following required fields have valid form: First Name, Email, Password, Re-type Password",
  );
  await expect(firstName).toBeFocused();

  // Each message goes as soon as its field is valid, while typing.
  await firstName.fill("Ana");
  await expect(firstName).not.toHaveAttribute("aria-invalid");
  await expect(firstName).toHaveAccessibleDescription("");
  await email.fill("ana@example.com");
  await expect(email).toHaveAccessibleDescription("");
  await password.fill("a-long-pass");
  await expect(password).toHaveAccessibleDescription("");
  await expect(retyped).toHaveAccessibleDescription("The re-type password does not match the password");
  await retyped.fill("a-long-pass");
  await expect(retyped).toHaveAccessibleDescription("");
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("the pet form checks each field as staff leave it, and Upload pet with errors sends nothing", async ({ page, signInAs }) => {
  await signInAs(demoAccounts.staff);
  await page.goto("/petadmin/create");
  await hydrated(page);
  const posts = countPosts(page, "/petadmin/create");
  const name = page.getByLabel("Name");
  const age = page.getByLabel("Age (months)");

  await name.focus();
  await name.press("Tab");
  await expect(name).toHaveAccessibleDescription("Name is required");
  await age.fill("-3");
  await age.press("Tab");
  await expect(age).toHaveAccessibleDescription("Age must be at least 0");
  await age.fill("4");
  await expect(age).toHaveAccessibleDescription("");

  await page.getByRole("button", { name: "Upload pet" }).last().click();
  await expect(page.getByLabel("Pet id")).toHaveAccessibleDescription("Pet id is required");
  await expect(name).toBeFocused();
  await name.fill("Pip");
  await expect(name).toHaveAccessibleDescription("");
  expect(posts).toEqual([]);
});
