import type { Page } from "@playwright/test";
import { registerAccount, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

async function answer(page: Page, title: string, choose: (form: ReturnType<Page["getByRole"]>) => Promise<unknown>) {
  const form = page.getByRole("form", { name: title });
  await choose(form);
  await form.getByRole("button", { name: "Next" }).click();
}

test("an adopter turns new-pet alerts on from the matches and off from the profile", async ({ page, visit }, info) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(info, "alerts");
  const password = "walks-by-the-bay-77";
  await registerAccount(page, { email, password, firstName: "Ari", lastName: "Alert" }, { confirm: true });

  // Before the questionnaire is answered, there is nothing to match and no switch.
  await visit("/user-profile");
  await expect(page.getByRole("button", { name: "Email me when new pets match" })).toHaveCount(0);

  await page.goto("/match");
  await answer(page, "What kind of home do you live in?", (form) => form.getByLabel("House").check());
  await answer(page, "How many children live with you?", (form) =>
    form.getByLabel("Number of children").selectOption("0"),
  );
  await answer(page, "Is anyone in your home allergic to animals?", (form) => form.getByLabel("No").check());
  await answer(page, "Do you have other pets?", (form) => form.getByLabel("No").check());
  await answer(page, "Which species would you like to adopt?", (form) => form.getByLabel("Dog").check());
  await answer(page, "What age would you like your pet to be?", async (form) => {
    await form.getByLabel("From", { exact: true }).selectOption("All");
    await form.getByLabel("To", { exact: true }).selectOption("All");
  });
  await answer(page, "Which sizes suit you?", (form) => form.getByLabel("Medium (25 to 60 lbs)").check());
  await answer(page, "How active would you like your pet to be?", (form) =>
    form.getByLabel("Moderately active").check(),
  );
  await page.getByRole("button", { name: "Find your matched pets" }).click();
  await expect(page.getByRole("heading", { name: /^Your Matches \(\d+\)$/ })).toBeVisible();

  const alerts = page.getByRole("form", { name: "New-pet alerts" });
  await alerts.getByRole("button", { name: "Email me when new pets match" }).click();
  await expect(page).toHaveURL(/\/match$/);
  await expect(alerts).toContainText("On: once a day at most");
  await visit(page.url());

  await visit("/user-profile");
  await expect(alerts).toContainText("On: once a day at most");
  await alerts.getByRole("button", { name: "Stop new-pet alerts" }).click();
  await expect(page).toHaveURL(/\/user-profile$/);
  await expect(alerts.getByRole("button", { name: "Email me when new pets match" })).toBeVisible();
});

test("an alert's unsubscribe page refuses a link that is not valid, and says when it is done", async ({
  page,
  visit,
}) => {
  await visit("/alerts/unsubscribe?user=1&token=not-the-right-token");
  await expect(page.getByRole("heading", { level: 1, name: "New-pet alerts" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid");
  await expect(page.getByRole("button", { name: "Stop new-pet alerts" })).toHaveCount(0);
  await visit("/alerts/unsubscribe?done");
  await expect(page.getByRole("status").filter({ hasText: "you will get no more new-pet alerts" })).toBeVisible();
});
