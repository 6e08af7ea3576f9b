import { expect, test } from "./fixtures";

/** Answers posted as the question forms post them; the page's cookies carry them. */
const earlier: Record<string, string>[] = [
  { intent: "continue" },
  { intent: "answer", question: "a1", housing: "House" },
  { intent: "answer", question: "a2", children: "0" },
  { intent: "answer", question: "a3", allergic: "No" },
  { intent: "answer", question: "a4", hasPets: "No" },
  { intent: "answer", question: "p1", species: "Dog" },
];

test("the age range disables the options that would make it the wrong way round", async ({ page }) => {
  for (const form of earlier) await page.request.post("/match", { form, maxRedirects: 0 });
  await page.goto("/match");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const question = page.getByRole("form", { name: "What age would you like your pet to be?" });
  const from = question.getByLabel("From", { exact: true });
  const to = question.getByLabel("To", { exact: true });

  await from.selectOption("36");
  await expect(to.locator('option[value="24"]')).toBeDisabled();
  await expect(to.locator('option[value="48"]')).toBeEnabled();
  await expect(to.locator('option[value="All"]')).toBeEnabled();
  await to.selectOption("48");
  await expect(from.locator('option[value="60"]')).toBeDisabled();
  await expect(from.locator('option[value="12"]')).toBeEnabled();
});

test("the results' filters open in a dialog and close when applied", async ({ page }) => {
  const rest: Record<string, string>[] = [
    { intent: "answer", question: "p2", fromAge: "All", toAge: "All" },
    { intent: "answer", question: "p3", sizes: "Large" },
    { intent: "answer", question: "p4", levels: "Very active" },
    { intent: "match" },
  ];
  for (const form of [...earlier, ...rest]) await page.request.post("/match", { form, maxRedirects: 0 });
  await page.goto("/match");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("button", { name: "Filter" }).click();
  const dialog = page.getByRole("dialog", { name: "Filter your matches" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("group", { name: "Dog breeds" }).getByLabel("Labrador").check();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/breed=Labrador/);
  await expect(dialog).toBeHidden();
  // Retried until the new results are on the page: the address changes a moment before they render.
  await expect(page.locator(".pet-card__breed").filter({ hasNotText: "Labrador" })).toHaveCount(0);
});

test("Finding Matches shows while the matches are found, then the results", async ({ page }) => {
  const all: Record<string, string>[] = [
    ...earlier,
    { intent: "answer", question: "p2", fromAge: "All", toAge: "All" },
    { intent: "answer", question: "p3", sizes: "Medium" },
    { intent: "answer", question: "p4", levels: "Moderately active" },
  ];
  for (const form of all) await page.request.post("/match", { form, maxRedirects: 0 });
  await page.goto("/match?step=review");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("button", { name: "Find your matched pets" }).click();
  await expect(page.getByRole("status")).toHaveText("Looking for your most matched pets...");
  await expect(page.getByRole("list", { name: "Steps" }).locator('[aria-current="step"]')).toHaveText(
    "Finding Matches",
  );
  await expect(page.getByRole("heading", { name: /^Your Matches \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});
