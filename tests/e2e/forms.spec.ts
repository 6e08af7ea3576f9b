import { expect, test } from "./fixtures";

test("the contact form shows each field's error, keeps what was typed, then thanks the sender", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const form = page.locator("form#contact");
  await form.getByLabel("Your name").fill("   ");
  await form.getByLabel("Email").fill("ana@example");
  await form.getByLabel("Message").fill("I would like to meet Luna this weekend.");
  await form.getByRole("button", { name: "Send message" }).click();

  const name = form.getByLabel("Your name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Enter your name");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription(
    "Enter a valid email address, like name@example.com",
  );
  await expect(form.getByLabel("Email")).toHaveValue("ana@example");
  await expect(form.getByLabel("Message")).toHaveValue("I would like to meet Luna this weekend.");
  // Without JavaScript the reply lands on the section; with it the page stays put, on the first field to fix.
  await expect(javaScriptEnabled ? name : page.getByRole("heading", { name: "Get In Touch" })).toBeInViewport();

  await name.fill("Ana Ruiz");
  await form.getByLabel("Email").fill("ana@example.com");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/\?message=sent#get-in-touch$/);
  await expect(page.getByRole("status")).toHaveText(/Thank you for your message/);
});

test("the newsletter box refuses a bad address and thanks a subscriber", async ({ page }) => {
  await page.goto("/");
  const form = page.locator("form#newsletter");
  await form.getByLabel("Your email").fill("sam@example");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByLabel("Your email")).toHaveAccessibleDescription(
    "Enter a valid email address, like name@example.com",
  );
  await expect(form.getByLabel("Your email")).toHaveValue("sam@example");

  await form.getByLabel("Your email").fill(`sam+${test.info().project.name}@example.com`);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(/Thank you for subscribing. Please check your inbox/);
});
