import { demoPets } from "../../scripts/demo/pets";
import { logOut, signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// The `visit` fixture fails a test on any Content-Security-Policy violation the browser reports, so
// each test below also proves the pages it walks through work under the policy (decision 016).
const adopter = { email: "adopter@example.com", password: "paws-and-whiskers-42" };
const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

test("pages carry the policy with a fresh nonce, and their scripts run under it", async ({
  page,
  visit,
  javaScriptEnabled,
}) => {
  const nonces: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    if (nonce) nonces.push(nonce);
  });
  await visit("/");
  await visit("/adopt/dog");
  expect(nonces.length).toBeGreaterThanOrEqual(2);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  const asset = await page.request.get("/favicon.svg");
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  expect(asset.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(asset.headers()["content-security-policy"]).toContain("default-src 'none'");
  // From public/_headers (the Worker does not run for assets); browsers heed it over HTTPS only.
  expect(asset.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a visitor signs in and out under the policy", async ({ page, visit }) => {
  await visit("/sign-in");
  await signIn(page, adopter.email, adopter.password, { here: true });
  await expect(page).toHaveURL("/");
  await visit("/favorite");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await logOut(page);
  await visit("/favorite", 200);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the contact form posts and thanks the sender under the policy", async ({ page, visit }) => {
  await visit("/");
  const form = page.locator("form#contact");
  await form.getByLabel("Your name").fill("Casey Policy");
  await form.getByLabel("Email").fill(`casey+${test.info().project.name}@example.com`);
  await form.getByLabel("Message").fill("Is Luna still looking for a home?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you for your message.")).toBeVisible();
});

test("a pet page's photos and Back link work under the policy", async ({ page, visit, javaScriptEnabled }) => {
  await visit("/adopt/cat?sort=za");
  await page.getByRole("link", { name: "Willow", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/adopt/pet\\?pet_id=${demoId("Willow")}$`));
  await expect(page.locator(".carousel img").first()).toBeVisible();
  if (javaScriptEnabled) {
    const next = page.getByRole("button", { name: "Next photos" });
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByRole("button", { name: "Previous photos" })).toBeEnabled();
  }
  // Referrer-Policy keeps the full same-origin Referer the Back link is built from.
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/adopt\/cat\?sort=za$/);
});
