import type { Page } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { logOut, registerAccount, signIn, uniqueEmail } from "./accounts-helpers";
import { approveApplication, fillAndSend } from "./application-helpers";
import { expect, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

/** Fills and sends the application for a pet (the questionnaire left the rest empty). */
async function apply(page: Page, petName: string) {
  await page.goto(`/adopt/pet?pet_id=${demoId(petName)}`);
  await page.getByRole("link", { name: `Apply to adopt ${petName}` }).click();
  await fillAndSend(page);
}

test.use({ actionTimeout: 20_000 });

test("approve → the adopter books, moves, cancels and books again → staff see it under Visits → adopted; the other applicant is told", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(420_000);
  // Cats no other test uses, one a project (the adoption lists' tests count the dogs).
  const pet = info.project.name === "js" ? "Tofu" : "Simba";
  const { staff } = demoAccounts;
  const ada = {
    email: uniqueEmail(info, "ada-visit"),
    password: "a-walk-in-the-park-2026",
    firstName: "Ada",
    lastName: "Visitor",
  };
  const bo = {
    email: uniqueEmail(info, "bo-hopeful"),
    password: "a-walk-in-the-park-2026",
    firstName: "Bo",
    lastName: "Hopeful",
  };

  await registerAccount(page, bo, { confirm: true });
  await apply(page, pet);
  await logOut(page);
  await registerAccount(page, ada, { confirm: true });
  await apply(page, pet);
  await logOut(page);

  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/petadmin/inbox");
  await page
    .getByRole("link", { name: new RegExp(`Application for ${pet}.*${ada.email.replace(/[.+]/g, "\\$&")}`) })
    .click();
  await approveApplication(page, pet, javaScriptEnabled);
  const applicationUrl = page.url().replace(/\?.*$/, "");
  await logOut(page);

  await signIn(page, ada.email, ada.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/applications");
  const mine = page.locator(".panel", { has: page.getByRole("heading", { name: pet }) });
  await expect(mine).toContainText(`Book a time to meet ${pet} before your hold ends`);
  await mine.getByRole("link", { name: /Book your visit/ }).click();
  await expect(page).toHaveURL(/\/applications\/\d+\/visit$/);
  await visit(page.url());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Book your visit to meet ${pet}`);
  const radios = page.getByRole("radio");
  expect(await radios.count()).toBeGreaterThanOrEqual(12);
  // The last slot of the window: the first few may pass while the test runs.
  const last = radios.last();
  const lastTime = ((await last.locator("xpath=..").textContent()) ?? "").trim();
  await last.check();
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("status")).toContainText("Your visit is booked");
  await visit(page.url());
  await expect(page.getByRole("heading", { name: /^Your visit: / })).toContainText(lastTime.replace(/ \(.*\)$/, ""));

  // Move it to the slot before, then cancel, then book again.
  await page
    .getByRole("radio")
    .nth((await page.getByRole("radio").count()) - 2)
    .check();
  await page.getByRole("button", { name: "Move my visit" }).click();
  await expect(page.getByRole("status")).toContainText("Your visit is moved");
  await page.getByRole("button", { name: "Cancel this visit" }).click();
  await expect(page.getByRole("status")).toContainText("Your visit is cancelled");
  await page.getByRole("radio").last().check();
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("status")).toContainText("Your visit is booked");

  await page.goto("/applications");
  await expect(mine).toContainText("Your visit: ");
  await expect(mine.getByRole("link", { name: /Move or cancel/ })).toBeVisible();

  // The confirmation email lists its calendar attachment.
  await page.goto("/dev/outbox");
  const booked = page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: ada.email }) })
    .filter({ hasText: "Your visit is booked" })
    .first();
  await expect(booked.locator(".outbox__attachments")).toContainText("visit.ics");
  await expect(booked.locator(".outbox__body")).toContainText("4100 Redwood Way");
  // The outbox has no site menu: back to the site to sign out.
  await page.goto("/");
  await logOut(page);

  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/petadmin");
  await page.getByRole("link", { name: "Visits" }).click();
  await expect(page).toHaveURL(/\/petadmin\/visits$/);
  await visit(page.url());
  const row = page.locator("tr", { hasText: ada.email });
  await expect(row).toContainText(pet);
  await expect(row.getByRole("link", { name: "(707) 555-0199" })).toHaveAttribute("href", "tel:7075550199");
  await expect(row).toContainText("Booked");

  await page.goto(applicationUrl);
  await page.getByRole("button", { name: `Mark ${pet} adopted` }).click();
  await expect(page.getByRole("status")).toContainText("Marked adopted");
  await logOut(page);

  await signIn(page, bo.email, bo.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/applications");
  await expect(
    page.locator(".panel", { has: page.getByRole("heading", { name: pet }) }).getByRole("heading", { name: pet }),
  ).toContainText("Pet no longer available");
  await page.goto("/dev/outbox");
  await expect(
    page
      .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: bo.email }) })
      .filter({ hasText: `${pet} has found a home` }),
  ).toHaveCount(1);
});
