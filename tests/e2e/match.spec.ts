import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function next(page: Page, title: string) {
  const question = page.getByRole("form", { name: title });
  await question.getByRole("button", { name: "Next" }).click();
  return question;
}

test("the whole questionnaire, its rules, the review, the matches, search, filters and an edit", async ({ page, visit, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await visit("/match");
  await expect(page.getByRole("heading", { name: "Sign In Recommended" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an Account" })).toHaveAttribute("href", "/register?redirectTo=%2Fmatch");
  await page.getByRole("button", { name: "Continue without saving" }).click();
  await expect(page.getByText("Process complete 0%")).toBeVisible();

  // a1: Other needs its text.
  let question = page.getByRole("form", { name: "What kind of home do you live in?" });
  await question.getByLabel("Other", { exact: true }).check();
  await next(page, "What kind of home do you live in?");
  await expect(page.getByLabel("If Other, what kind of home?")).toHaveAccessibleDescription("Tell us what kind of home it is");
  await page.getByLabel("Apartment").check();
  await next(page, "What kind of home do you live in?");
  await expect(page.getByText("You live in an apartment.")).toBeVisible();

  // a2: children above 0 need the youngest's age.
  question = page.getByRole("form", { name: "How many children live with you?" });
  await question.getByLabel("Number of children").selectOption("2");
  await next(page, "How many children live with you?");
  await expect(page.getByText("Choose the age of the youngest child")).toBeVisible();
  await page.getByLabel("Teenager (13 - 18 Years)").check();
  await next(page, "How many children live with you?");
  await expect(page.getByText("Process complete 25%")).toBeVisible();

  // a3: Yes needs an animal.
  question = page.getByRole("form", { name: "Is anyone in your home allergic to animals?" });
  await question.getByLabel("Yes").check();
  await next(page, "Is anyone in your home allergic to animals?");
  await expect(page.getByText("Choose or type at least one animal")).toBeVisible();
  await page.getByRole("form", { name: "Is anyone in your home allergic to animals?" }).getByLabel("No").check();
  await next(page, "Is anyone in your home allergic to animals?");

  // a4: a listed pet needs type and age.
  question = page.getByRole("form", { name: "Do you have other pets?" });
  await question.getByLabel("Yes").check();
  await question.getByRole("group", { name: "Pet 1" }).getByLabel("Type").selectOption("Cat");
  await next(page, "Do you have other pets?");
  await expect(page.getByText("Choose both the type and the age of this pet")).toBeVisible();
  question = page.getByRole("form", { name: "Do you have other pets?" });
  await question.getByRole("group", { name: "Pet 1" }).getByLabel("Age").selectOption("36");
  await next(page, "Do you have other pets?");
  await expect(page.getByText("You have a cat of 36 months.")).toBeVisible();

  // Group 2 appears once group 1 is complete.
  await expect(page.getByRole("region", { name: "About your ideal pets" })).toBeVisible();
  await page.getByLabel("Dog").check();
  await next(page, "Which species would you like to adopt?");
  await next(page, "What age would you like your pet to be?");
  await expect(page.getByText("Choose at least one end of the age range")).toBeVisible();
  question = page.getByRole("form", { name: "What age would you like your pet to be?" });
  await question.getByLabel("From", { exact: true }).selectOption("36");
  if (javaScriptEnabled) {
    // With JavaScript the wrong way round cannot even be chosen.
    await expect(question.getByLabel("To", { exact: true }).locator('option[value="12"]')).toBeDisabled();
  } else {
    await question.getByLabel("To", { exact: true }).selectOption("12");
    await next(page, "What age would you like your pet to be?");
    await expect(page.getByText("The youngest age cannot be above the oldest")).toBeVisible();
  }
  await page.getByLabel("To", { exact: true }).selectOption("All");
  await page.getByLabel("From", { exact: true }).selectOption("All");
  await next(page, "What age would you like your pet to be?");
  await next(page, "Which sizes suit you?");
  await expect(page.getByText("Choose at least one size")).toBeVisible();
  for (const size of ["Small (under 25 lbs)", "Medium (25 to 60 lbs)", "Large (over 60 lbs)"]) await page.getByLabel(size).check();
  await next(page, "Which sizes suit you?");
  await next(page, "How active would you like your pet to be?");
  await expect(page.getByText("Choose at least one energy level")).toBeVisible();
  for (const level of ["Very active", "Moderately active", "Quietly active"]) await page.getByLabel(level).check();
  await next(page, "How active would you like your pet to be?");
  await expect(page.getByText("Process complete 100%")).toBeVisible();

  await page.getByRole("link", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Adopter Info" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pet Preferences" })).toBeVisible();
  await page.getByRole("button", { name: "Find your matched pets" }).click();

  const heading = page.getByRole("heading", { name: /^Your Matches \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const cards = page.locator(".pet-card");
  const total = await cards.count();
  expect(total).toBeGreaterThan(3);
  await expect(cards.first().getByRole("list", { name: /^Why .+ matched$/ })).toContainText("as you asked");
  await visit(page.url());

  await page.getByLabel("Search for a pet").fill("BU");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=BU/);
  for (const name of await page.locator(".pet-card__name").allTextContents()) expect(name.toLowerCase()).toContain("bu");
  await page.getByRole("link", { name: "Clear the search" }).click();
  await expect(cards).toHaveCount(total);

  await page.locator(".match-filters summary, .match-filters__open").click();
  await page.getByRole("group", { name: "Sizes" }).getByLabel("Large (over 60 lbs)").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("list", { name: "Chosen filters" })).toContainText("Large (over 60 lbs)");
  expect(await cards.count()).toBeLessThan(total);

  // Editing an answer clears the results and asks that question again.
  await page.getByRole("link", { name: "Go back to the questionnaires" }).click();
  await page.locator(".answers li", { hasText: "You would like to adopt a dog." }).getByRole("link", { name: "Edit this answer" }).click();
  await page.getByLabel("Cat", { exact: true }).check();
  await next(page, "Which species would you like to adopt?");
  await expect(page.getByText("You would like to adopt a cat.")).toBeVisible();
  await page.getByRole("link", { name: "Review" }).click();
  await page.getByRole("button", { name: "Find your matched pets" }).click();
  await expect(heading).toBeVisible();
  await expect(page.locator(".pet-card__breed").first()).toHaveText(/Siamese|Domestic/);
});
