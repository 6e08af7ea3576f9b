import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The link to `path` in the newest email to `email`, read from the development outbox. */
async function linkInOutbox(page: Page, email: string, path: string) {
  await page.goto("/dev/outbox");
  const message = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  const link = message.locator(`.outbox__body a[href*="${path}"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute("href"))!;
}

test("a newsletter sign-up counts once the emailed link's button is pressed, and the next email unsubscribes", async ({
  page,
  visit,
}, info) => {
  const email = `reader.${info.project.name}.${Date.now()}@example.com`;
  await page.goto("/");
  const form = page.locator("form#newsletter");
  await form.getByLabel("Your email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(/Please check your inbox/);

  const confirm = new URL(await linkInOutbox(page, email, "/newsletter/confirm"));
  await visit(confirm.pathname + confirm.search);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status")).toContainText("you are subscribed");

  const unsubscribe = new URL(await linkInOutbox(page, email, "/newsletter/unsubscribe"));
  await visit(unsubscribe.pathname + unsubscribe.search);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText("You are unsubscribed");
});
