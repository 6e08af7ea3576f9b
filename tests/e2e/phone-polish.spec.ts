import type { Locator, Page } from "@playwright/test";
import { registerAccount, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/**
 * Issue 40's phone trial, polish: what a person on a 390 × 844 phone saw, JavaScript on and off.
 * Each test measures what they see, not how the page is built.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** How far `element`'s top sits below the sticky header's bottom (negative: the header covers it). */
async function clearanceBelowHeader(page: Page, element: Locator) {
  const headerBottom = await page.locator(".site-header").evaluate((header) => header.getBoundingClientRect().bottom);
  const top = await element.evaluate((node) => node.getBoundingClientRect().top);
  return Math.round(top - headerBottom);
}

/** The volunteer form with every answer but the times one could come, and a phone number with letters. */
async function fillVolunteerFormBadly(page: Page) {
  await page.getByLabel("Your name").fill("Robin Polish");
  await page.getByLabel("Email", { exact: true }).fill("robin.polish@example.com");
  await page.getByLabel("Phone", { exact: true }).fill("call me");
  await page.getByLabel("I am 18 or older").check();
}

test("a refused form's error summary and the field each of its links leads to show below the sticky header", async ({
  page,
  visit,
  javaScriptEnabled,
}) => {
  await visit("/volunteer/apply?role=social-media");
  await fillVolunteerFormBadly(page);
  // Without JavaScript the browser's own check of the phone pattern would stop the send: the server's answer is tested there.
  if (!javaScriptEnabled)
    await page.locator("form.application-form").evaluate((form) => form.setAttribute("novalidate", ""));
  // Sent from the bottom of the form, as a person does.
  const send = page.getByRole("button", { name: "Send my application" });
  await send.scrollIntoViewIfNeeded();
  await send.click();
  const summary = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: "2 answers need a change" }) });
  await expect(summary).toBeFocused();
  // The heading is read whole ("2 answers need a change", not "… change").
  expect(await clearanceBelowHeader(page, summary.getByRole("heading"))).toBeGreaterThanOrEqual(0);

  // Its link jumps to the field (a #fragment, with or without JavaScript): the field's label shows too.
  await summary.getByRole("link", { name: /^Phone: / }).click();
  await expect(page).toHaveURL(/#volunteer-phone$/);
  await expect(page.getByLabel("Phone", { exact: true })).toBeInViewport();
  expect(await clearanceBelowHeader(page, page.locator('label[for="volunteer-phone"]'))).toBeGreaterThanOrEqual(0);
});

test("the volunteer's week is a compact grid of named boxes that fits on one phone screen", async ({ page, visit }) => {
  await visit("/volunteer/apply");
  const week = page.getByRole("group", { name: /^When could you come\?/ });
  await expect(week.getByRole("checkbox")).toHaveCount(21);
  for (const name of ["Monday morning", "Wednesday afternoon", "Sunday evening"])
    await expect(week.getByRole("checkbox", { name, exact: true })).toHaveCount(1);
  // About one screen: the whole week, its question included, in the height of the phone below the header.
  const headerHeight = await page.locator(".site-header").evaluate((header) => header.getBoundingClientRect().height);
  const weekHeight = await week.evaluate((group) => group.getBoundingClientRect().height);
  expect(weekHeight).toBeLessThanOrEqual(844 - headerHeight);
  // Every card's question sits inside its card, not on its edge ("What would you enjoy?" and "Your age" did not).
  for (const card of await page.locator("form.application-form fieldset.panel").all()) {
    const [box, question] = await Promise.all([card.boundingBox(), card.locator("legend").first().boundingBox()]);
    const words = (await card.locator("legend").first().textContent()) ?? "";
    expect(question!.y - box!.y, words).toBeGreaterThanOrEqual(8);
    expect(question!.x - box!.x, words).toBeGreaterThanOrEqual(8);
  }
  await week.getByRole("checkbox", { name: "Saturday morning" }).check();
  await expect(week.getByRole("checkbox", { name: "Saturday morning" })).toBeChecked();
});

test("/volunteer's last button says where it leads", async ({ page, visit }) => {
  await visit("/volunteer");
  await expect(page.getByRole("link", { name: "Submit Application" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Apply to volunteer", exact: true })).toHaveAttribute(
    "href",
    "/volunteer/apply",
  );
});

test("/match lists the answers once between the last question and 'Find your matched pets'", async ({
  page,
  visit,
}) => {
  // Two pages checked by axe (twice each without JavaScript) on a shared machine.
  test.setTimeout(90_000);
  const answers: Record<string, string>[] = [
    { intent: "continue" },
    { intent: "answer", question: "a1", housing: "House" },
    { intent: "answer", question: "a2", children: "0" },
    { intent: "answer", question: "a3", allergic: "No" },
    { intent: "answer", question: "a4", hasPets: "No" },
    { intent: "answer", question: "p1", species: "Dog" },
    { intent: "answer", question: "p2", fromAge: "All", toAge: "All" },
    { intent: "answer", question: "p3", sizes: "Medium" },
  ];
  for (const form of answers) await page.request.post("/match", { form, maxRedirects: 0 });
  await visit("/match");
  const last = page.getByRole("form", { name: "How active would you like your pet to be?" });
  await last.getByLabel("Moderately active").check();
  await last.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Review your answers" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Find your matched pets" })).toBeVisible();
  // Eight answers, each once.
  await expect(page.locator(".answers li")).toHaveCount(8);
  await expect(page.getByText("You would like to adopt a dog.")).toHaveCount(1);
  await visit(page.url());
});

test("/donate asks to choose an amount once", async ({ page, visit }) => {
  await visit("/donate");
  await expect(page.getByText("Choose an amount", { exact: true })).toHaveCount(1);
  await expect(page.getByRole("group", { name: "Choose an amount" })).toBeVisible();
});

test("on confirm-email, 'Log out' keeps its distance from the line below", async ({ page }, info) => {
  await registerAccount(page, {
    email: uniqueEmail(info, "spacing"),
    password: "a-home-for-a-cat-2026",
    firstName: "Sol",
    lastName: "Spacing",
  });
  const logOut = page.getByRole("button", { name: "Log out" });
  const below = page.getByText(/while you wait\.$/);
  const [button, line] = await Promise.all([logOut.boundingBox(), below.boundingBox()]);
  expect(line!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(12);
});
