import { demoPets } from "../../scripts/demo/pets";
import { followEmailLink, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/**
 * The ways back a person takes on a phone (issue 40, a trial at 390×844): the pet page's "Back" in
 * Spanish keeps the language and the list's filters, and the detour through sign-in, registration and
 * the emailed confirmation ends where the person was going. JavaScript on and off (both projects).
 */
test.use({ viewport: { width: 390, height: 844 } });

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

test("Spanish: a pet's “‹ Volver” leads back to the Spanish list with its filters, and falls back to the Spanish adopt page", async ({
  page,
  visit,
}) => {
  // Two pages audited by axe, on a shared machine.
  test.setTimeout(90_000);
  await page.goto("/es/adopt/cat?sort=za");
  await page
    .locator(`#pet-${demoId("Willow")}`)
    .getByRole("link", { name: "Willow", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/es/adopt/pet\\?pet_id=${demoId("Willow")}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Willow" })).toBeVisible();
  const back = page.getByRole("link", { name: "Volver" });
  await expect(back).toHaveAttribute("href", "/es/adopt/cat?sort=za");
  await back.click();
  await expect(page).toHaveURL(/\/es\/adopt\/cat\?sort=za$/);
  await expect(page.getByLabel("Ordenar por")).toHaveValue("za");

  // Opened from nowhere (a shared link): the fallback is the adopt page in the page's language.
  await visit(`/es/adopt/pet?pet_id=${demoId("Willow")}`);
  await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/es/adopt");
});

test("signed out, “Apply to foster” says why it asks to sign in; registering and confirming leads back to the foster form", async ({
  page,
  visit,
}, info) => {
  test.setTimeout(120_000);
  await visit("/foster");
  await page.getByRole("link", { name: "Apply to foster" }).first().click();
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Ffoster%2Fapply$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Sign in to apply to foster.")).toBeVisible();

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Ffoster%2Fapply$/);
  const email = uniqueEmail(info, "detour");
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Detour");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password (at least 8 characters)").fill("a-detour-password-1");
  await page.getByLabel("Re-type password").fill("a-detour-password-1");
  await page.getByLabel(/^I agree to create .* account$/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm-email\?redirectTo=%2Ffoster%2Fapply$/);
  await expect(page.getByRole("link", { name: "Continue to the site" })).toHaveAttribute("href", "/foster/apply");

  await followEmailLink(page, email);
  await expect(page).toHaveURL(/\/verify-email\?token=[^&]+&redirectTo=%2Ffoster%2Fapply$/);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status")).toContainText("your email address is confirmed");
  await page.getByRole("link", { name: "Continue where you left off" }).click();
  await expect(page).toHaveURL(/\/foster\/apply$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply to foster");
  await expect(page.getByLabel("Full name")).toHaveValue("Dana Detour");
});
