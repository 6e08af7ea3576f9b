import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Answers what the questionnaire and profile did not fill in, then sends the application. */
export async function fillAndSend(page: Page) {
  await page.getByLabel("Phone", { exact: true }).fill("(707) 555-0199");
  await page.getByLabel("Street address").fill("12 Harbor Lane");
  await page.getByLabel("City").fill("Eureka");
  await page.getByLabel("State").fill("CA");
  await page.getByLabel("ZIP code").fill("95501");
  await page.getByLabel("Kind of home").selectOption("House");
  await page.getByLabel("Do you own or rent it?").selectOption("I own it");
  await page.getByLabel("If you rent: does your landlord allow pets?").selectOption("Not applicable");
  await page.getByLabel("Yard and fencing").selectOption("Fully fenced yard");
  await page.getByLabel("Adults in the home (you included)").fill("2");
  await page.getByLabel("Children in the home").fill("0");
  await page.getByLabel("Are they spayed or neutered?").selectOption("I have no other pets");
  await page.getByLabel("Are their vaccinations up to date?").selectOption("I have no other pets");
  await page.getByLabel("Hours a day the pet would be alone").fill("3");
  await page.getByLabel("Where will the pet sleep?").fill("On the sofa");
  await page.getByLabel("How will the pet get exercise and play?").fill("Play every morning and evening");
  await page.getByLabel("Your experience with pets").fill("Grew up with cats");
  await page.getByLabel("Why would you like to adopt this pet?").fill("A calm companion for a quiet home");
  await page.getByLabel(/My answers are true/).check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page).toHaveURL(/\/applications\?sent=\d+$/);
}

/**
 * Approve from the inbox application page, which asks first (issue 29): with JavaScript a dialog,
 * without it a confirmation at ?confirm=approve. Returns the confirmation's text.
 */
export async function approveApplication(page: Page, pet: string, javaScriptEnabled: boolean) {
  await page.getByRole("button", { name: `Approve and hold ${pet}…`, exact: true }).click();
  const confirmation = javaScriptEnabled
    ? page.getByRole("dialog", { name: `Approve and hold ${pet}?` })
    : page.getByRole("region", { name: `Approve and hold ${pet}?` });
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\?confirm=approve$/);
  await expect(confirmation).toBeVisible();
  const text = await confirmation.innerText();
  await confirmation.getByRole("button", { name: `Yes, approve and hold ${pet}`, exact: true }).click();
  await expect(page.getByRole("status")).toContainText("The pet is on hold for the adopter");
  return text;
}
