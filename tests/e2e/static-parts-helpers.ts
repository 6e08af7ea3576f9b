import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Static parts of a page (components/static-view.tsx, decision 039): the footer and the home page's
 * story are in the HTML, with or without JavaScript; with it, the page hydrates them as sent without
 * loading their code, their links to the site's pages navigate in the browser as `<Link>`s do, and a
 * client-side navigation back to the home page renders its story from the code, loaded then. A pet
 * page's facts (Info, Living with others, About) are one too.
 */
export const partScripts = /\/assets\/(home-story|site-footer|shelter-footer|pet-details)-[\w-]+\.js$/;

export function scriptsLoaded(page: Page) {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") loaded.push(new URL(request.url()).pathname);
  });
  return loaded;
}

export async function expectStory(page: Page) {
  await expect(page.getByRole("heading", { level: 2, name: /^About / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Why choose / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Stories of Hope" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "We would like to thank our sponsors" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Give online" })).toBeVisible();
}

export async function expectPetDetails(page: Page, about: string | RegExp) {
  await expect(page.getByRole("heading", { level: 2, name: "Info" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Pet ID" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Living with others" })).toBeVisible();
  await expect(page.locator(".pet-page__about")).toHaveText(about);
}
