import type { Page } from "@playwright/test";
import { demoPets } from "../../scripts/demo/pets";
import { openDrawer, signIn, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;
/**
 * Clicks a favorite button and waits for the server's answer: with JavaScript the button changes at
 * once (optimistic), so the change could otherwise still be on its way when the test moves on.
 */
async function pressAndWait(page: Page, button: ReturnType<Page["getByRole"]>) {
  const answered = page.waitForResponse(
    (response) => response.url().includes("/favorites/toggle") && response.request().method() === "POST",
  );
  await button.click();
  await answered;
}

test("favorite from a card and from the pet page, and see it in My Favorites", async ({
  page,
  visit,
  makePet,
  makeAdopter,
}) => {
  // The test's own cat and adopter (tests/e2e/own-data.ts): "Aaron …" opens the A-Z list's first page.
  const { id, name } = await makePet({ species: "Cat", name: "Aaron" });
  await makeAdopter();

  await page.goto("/adopt/cat?sort=az");
  const card = page.locator(`#pet-${id}`);
  await pressAndWait(page, card.getByRole("button", { name: `Add ${name} to favorites` }));
  await expect(card.getByRole("button", { name: `Remove ${name} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(/\/adopt\/cat\?sort=az/);

  await visit("/favorite");
  await expect(page.getByRole("heading", { level: 1, name: "My Favorites (1)" })).toBeVisible();
  await expect(page.locator(`#pet-${id}`)).toBeVisible();

  await page.goto(`/adopt/pet?pet_id=${id}`);
  await expect(page.getByText(`${name} is one of your favorite pets`)).toBeVisible();
  await pressAndWait(page, page.getByRole("button", { name: "Remove from favorites" }));
  await expect(page.getByRole("button", { name: "Add to favorites" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText(`${name} is one of your favorite pets`)).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Apply to adopt ${name}` })).toHaveAttribute(
    "href",
    `/adopt/apply?pet_id=${id}`,
  );

  await page.goto("/favorite");
  await expect(page.locator(`#pet-${id}`)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "My Favorites (0)" })).toBeVisible();
});

/** A demo dog per project, on the dog list's first page: the new account's favourite changes nothing others read. */
const petFor = (project: string, js: string, noJs: string) => (project === "js" ? js : noJs);

test("a visitor's heart asks them to sign up, then the pet is theirs and they are back", async ({
  page,
  javaScriptEnabled,
}, info) => {
  const name = petFor(info.project.name, "Buddy", "Daisy");
  await page.goto("/adopt/dog");
  await page.getByRole("button", { name: `Add ${name} to favorites` }).click();

  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Welcome to Sequoia Humane Society" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Create an account" }).click();
  } else {
    await expect(page).toHaveURL(/\/sign-in-required\?redirectTo=%2Fadopt%2Fdog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Sequoia Humane Society" })).toBeVisible();
    await page.getByRole("link", { name: "Create an account" }).click();
  }

  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fadopt%2Fdog$/);
  await page.getByLabel("First name").fill("Hana");
  await page.getByLabel("Last name").fill("Heart");
  await page.getByLabel("Email").fill(uniqueEmail(info, "hana"));
  await page.getByLabel("Password (at least 8 characters)").fill("hearts-for-hounds-9");
  await page.getByLabel("Re-type password").fill("hearts-for-hounds-9");
  await page.getByLabel("I agree to create Sequoia Humane Society account").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm-email\?redirectTo=%2Fadopt%2Fdog$/);
  await page.getByRole("link", { name: "Continue to the site" }).click();

  await expect(page).toHaveURL(/\/adopt\/dog$/);
  await expect(page.getByRole("button", { name: `Remove ${name} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("on-hold and adopted lists show the pets held for and adopted by the user", async ({
  page,
  visit,
  makePet,
  makeAdopter,
}) => {
  // Its own adopter and pets: the demo adopter's holds end when the scheduled run fires (the .last specs).
  const adopter = await makeAdopter();
  const first = await makePet({ heldFor: adopter.email });
  const second = await makePet({ heldFor: adopter.email });
  const adopted = await makePet({ species: "Dog", adoptedBy: adopter.email });
  await visit("/on-hold");
  await expect(page.getByRole("heading", { level: 1, name: "On-hold pets (2)" })).toBeVisible();
  await expect(page.getByText("You have one business day to meet with them without a hold fee.")).toBeVisible();
  await expect(page.locator(".pet-card__name")).toHaveText([second.name, first.name]); // the newest hold first
  await expect(page.locator(`#pet-${first.id}`)).toContainText(
    /Held for you until (Sun|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2}, 5 pm/,
  );

  await page.getByRole("navigation", { name: "Your pets" }).getByRole("link", { name: "Adopted Pets" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Adopted Pets (1)" })).toBeVisible();
  await expect(page.locator(`#pet-${adopted.id}`)).toContainText(/Adopted on \w+ \d{1,2}, \d{4}/);
});

test("an account whose address is not confirmed is asked to confirm it before seeing holds and adoptions", async ({
  page,
  visit,
}, info) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Una");
  await page.getByLabel("Last name").fill("Confirmed");
  await page.getByLabel("Email").fill(uniqueEmail(info, "una"));
  await page.getByLabel("Password (at least 8 characters)").fill("not-yet-confirmed-7");
  await page.getByLabel("Re-type password").fill("not-yet-confirmed-7");
  await page.getByLabel("I agree to create Sequoia Humane Society account").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  for (const path of ["/on-hold", "/adopted"]) {
    await visit(path);
    await expect(page.getByText("Confirm your email address first.")).toBeVisible();
  }
  await page.getByRole("link", { name: "send the confirmation email again" }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();
});

test("the three lists say when they are empty", async ({ page, visit }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  const texts: [string, string, string][] = [
    ["/favorite", "My Favorites (0)", "No favorite pets here yet"],
    ["/on-hold", "On-hold pets (0)", "No on-hold pets here yet"],
    ["/adopted", "Adopted Pets (0)", "No adopted pet here yet"],
  ];
  for (const [path, heading, empty] of texts) {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(empty)).toBeVisible();
  }
  const drawer = await openDrawer(page);
  await expect(drawer.getByRole("link", { name: "Favorites" })).toHaveAttribute("href", "/favorite");
});

test("staff see no hearts and no Apply button", async ({ page }) => {
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/adopt/dog");
  await expect(page.locator(".pet-card")).toHaveCount(12);
  await expect(page.getByRole("button", { name: /favorites/ })).toHaveCount(0);
  await page.goto(`/adopt/pet?pet_id=${demoId("Buddy")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Buddy" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Apply to adopt/ })).toHaveCount(0);
});
