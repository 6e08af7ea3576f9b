import { expect, test } from "./fixtures";

test("home shows every block of the spec and the six newest pets", async ({ page, visit }) => {
  await visit("/");
  await expect(page.getByRole("heading", { level: 1, name: "Every animal deserves a loving home" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Involved" })).toHaveAttribute("href", "/volunteer");
  await expect(page.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate");
  // The figures count the data (decision 064): the demo's 2,564 stays and 1,8xx adoptions, and 500 volunteers
  // before the site, plus what other tests add while the run goes (their pets' stays, adoptions, welcomed
  // volunteers). The exact arithmetic is tested in tests/integration/statistics.test.ts; here, the shape.
  const figures = [
    ["Animals rescued", /^2\.\dK\+$/],
    ["Adoptions", /^1\.\dK\+$/],
    ["Volunteers", /^\d00\+$/],
  ] as const;
  for (const [label, value] of figures)
    await expect(page.locator(".figure-list li").filter({ hasText: label }).locator("strong")).toHaveText(value);
  await expect(page.getByRole("heading", { name: "Why choose Sequoia Humane Society" })).toBeVisible();
  await expect(page.locator(".testimonial")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Find your match" })).toHaveAttribute("href", "/match");
  await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
  await expect(page.getByText("4100 Redwood Way, Eureka, CA 95501").first()).toBeVisible();

  const cards = page.locator(".pet-grid .pet-card");
  await expect(cards).toHaveCount(6);
  await expect(cards.first().locator(".pet-card__link")).toHaveAttribute("href", /^\/adopt\/pet\?pet_id=\d+$/);
  await expect(cards.first().getByRole("button", { name: /^Add .+ to favorites$/ })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(cards.first().locator("img")).toHaveAttribute("loading", "lazy");

  const donation = page.locator(".donation-panel");
  for (const amount of ["$25", "$50", "$100", "Custom"])
    await expect(donation.getByText(amount, { exact: true })).toBeVisible();
  await expect(donation.getByRole("button", { name: "Donate Securely" })).toBeVisible();

  await expect(page.getByRole("heading", { name: "We would like to thank our sponsors" })).toBeVisible();
  await expect(page.locator(".sponsors img")).toHaveCount(16);
  await expect(page.locator('.sponsors li:not([aria-hidden="true"]) img')).toHaveCount(8);
});

test("the hero image is not lazy and is fetched first", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator(".hero__image");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).not.toHaveAttribute("loading", "lazy");
});

test("foster lists at most six pets with a Foster link each, filtered by tabs", async ({ page, visit }) => {
  await visit("/foster");
  await expect(page.getByRole("heading", { level: 1, name: "Foster a pet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why foster?" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Filter by species" });
  await expect(tabs.getByRole("link", { name: "All Animals" })).toHaveAttribute("aria-current", "page");

  const cards = page.locator(".pet-card");
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  const firstName = (await cards.first().locator(".pet-card__name").textContent()) ?? "";
  const fosterLink = cards.first().getByRole("link", { name: `Foster ${firstName}` });
  await expect(fosterLink).toHaveAttribute("href", /^\/foster\/apply\?pet_id=\d+$/);

  await tabs.getByRole("link", { name: "Cats" }).click();
  await expect(page).toHaveURL(/\/foster\?species=cat$/);
  await expect(tabs.getByRole("link", { name: "Cats" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".pet-card__breed").first()).toHaveText(/Siamese|Domestic/);
  await expect(page.getByRole("link", { name: "Apply to foster" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Learn more about fostering" })).toBeVisible();
});

test("volunteer shows the figures, the four opportunities and the application link", async ({ page, visit }) => {
  await visit("/volunteer");
  for (const figure of ["500+", "50K+", "1,000+", "25+"])
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  const cards = page.locator(".info-card");
  await expect(cards).toHaveCount(4);
  await expect(cards.filter({ hasText: "Community Outreach" })).toContainText("4-6 hours/week");
  await expect(cards.filter({ hasText: "Event Planning" })).toContainText("6-8 hours/week");
  await expect(cards.filter({ hasText: "Social Media" })).toContainText("3-5 hours/week, remote");
  await expect(cards.filter({ hasText: "Administrative Support" })).toContainText("4-6 hours/week");
  await expect(page.getByRole("link", { name: "Apply to volunteer", exact: true })).toHaveAttribute(
    "href",
    "/volunteer/apply",
  );
});

test("adopt landing opens the cat and dog lists in a new tab", async ({ page, visit }) => {
  await visit("/adopt");
  for (const species of ["cat", "dog"]) {
    const link = page.locator(`a[href="/adopt/${species}"]`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toContainText("(opens in a new tab)");
  }
});

test("donate takes a preset amount into the gift form", async ({ page, visit }) => {
  await visit("/donate?amount=100");
  await expect(page.getByRole("heading", { name: "What your gift does" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "$100" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "One-time" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Donate securely" })).toBeVisible();
});

test("the home donation panel leads to the gift form with the custom amount", async ({ page }) => {
  await page.goto("/");
  await page.locator(".amount-option", { hasText: "Custom" }).click();
  await page.getByLabel("Custom amount in dollars").fill("35");
  await page.getByRole("button", { name: "Donate Securely" }).click();
  await expect(page).toHaveURL(/\/donate\?amount=custom&custom=35/);
  await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
  await expect(page.getByLabel("Custom amount in dollars")).toHaveValue("35");
});

test("an unknown address gets a friendly 404 inside the site layout", async ({ page, visit }) => {
  await visit("/no-such-page/at-all", 404);
  await expect(page.getByRole("heading", { level: 1, name: "We cannot find that page" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expect(page.locator("footer")).toContainText("Saving lives, one animal at a time");
});
