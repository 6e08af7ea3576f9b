import { expect, test } from "./fixtures";
import { expectPetDetails, expectStory, scriptsLoaded } from "./static-parts-helpers";

test("a link in a static part navigates in the browser; back on the home page, its story renders from its code", async ({
  page,
}) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  const loaded = scriptsLoaded(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("contentinfo").getByRole("link", { name: "Give online" }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/donat/i);

  // The drawer's Home link: a client-side navigation to the home page, whose story is rendered in the browser now.
  await page.locator(".drawer__toggle").click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectStory(page);
  expect(documents).toEqual(["/"]);
  expect(loaded.some((file) => /\/assets\/home-story-/.test(file))).toBe(true);
});

test("a pet page reached in the browser renders its facts from their code", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  const loaded = scriptsLoaded(page);
  await page.goto("/adopt/dog");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(loaded.some((file) => /\/assets\/pet-details-/.test(file))).toBe(false);
  const card = page.locator(".pet-card").first();
  const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(/\/adopt\/pet\?pet_id=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectPetDetails(page, /\S/);
  expect(documents).toEqual(["/adopt/dog"]);
  expect(loaded.some((file) => /\/assets\/pet-details-/.test(file))).toBe(true);
});
