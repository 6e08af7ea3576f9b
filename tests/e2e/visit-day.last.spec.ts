import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { shelter } from "../../app/config/shelter";
import { startOfLocalDay } from "../../app/lib/visits/business-hours";
import { logOut, signIn } from "./accounts-helpers";
import { approveApplication, fillAndSend } from "./application-helpers";
import { expect, test } from "./fixtures";
import { moveVisit, type OwnAdopter, type OwnAdopterOptions } from "./own-data";
import { runScheduledAt } from "./scheduled-run";

/**
 * The day of a visit (issue 24, decision 048): staff mark it met and adopt, or no-show; the morning
 * reminder goes out with the hourly scheduled run. A file named *.last.spec.ts runs after every other
 * test (playwright.config.ts): these adopt and list dogs again, and the scheduled run ends every due
 * hold of the shelter (the demo's Ruby), all of which the list tests count. Each project its own dogs.
 *
 * One test at a time, and the JavaScript project's before the other's (playwright.config.ts): the
 * hourly run a test fires acts on the whole shelter. Each adopter is the test's own (`makeAdopter`), and
 * a visit's time comes through the server itself (`moveVisit`, POST /dev/test-data, a test adopter's
 * visit only), no longer through a second connection to its SQLite file, whose lock made the server
 * answer another test's request with "Something went wrong" (SQLITE_BUSY; decision 036, amended
 * 2026-11-28). The hourly run is fired at the server too (POST /dev/scheduled, tests/e2e/scheduled-run.ts),
 * for the same reason (decision 048, amended 2026-11-30).
 */
test.describe.configure({ mode: "default" });

const demoId = (name: string) => {
  const id = demoPets().findIndex((pet) => pet.name === name) + 1;
  expect(id, `${name} is a demo pet`).toBeGreaterThan(0);
  return id;
};

const dogs = {
  met: { js: "Maple", "no-js": "Sadie" },
  noShow: { js: "Penny", "no-js": "Winnie" },
  reminder: { js: "Rosie", "no-js": "Honey" },
} as const;
const dogFor = (flow: keyof typeof dogs, info: TestInfo) =>
  dogs[flow][info.project.use.javaScriptEnabled === false ? "no-js" : "js"];

test.use({ actionTimeout: 20_000 });

/**
 * An adopter applies for the pet, staff approve it, and the adopter books the second free slot through
 * the visit page (the first may pass while the test runs). Leaves nobody signed in.
 */
async function bookedVisit(
  page: Page,
  info: TestInfo,
  {
    signInAs,
    makeAdopter,
  }: {
    signInAs: (account: { email: string; password: string }) => Promise<void>;
    makeAdopter: (options?: OwnAdopterOptions & { signIn?: boolean }) => Promise<OwnAdopter>;
  },
  pet: string,
) {
  const adopter = await makeAdopter({ firstName: "Vera", lastName: pet });
  await page.goto(`/adopt/pet?pet_id=${demoId(pet)}`);
  await page.getByRole("link", { name: `Apply to adopt ${pet}` }).click();
  await fillAndSend(page);
  const applicationId = Number(new URL(page.url()).searchParams.get("sent"));
  await logOut(page);

  await signInAs(demoAccounts.staff);
  await page.goto(`/petadmin/inbox/application/${applicationId}`);
  await approveApplication(page, pet, info.project.use.javaScriptEnabled !== false);
  await page.goto("/");
  await logOut(page);

  await signIn(page, adopter.email, adopter.password);
  await expect(page).toHaveURL(/\/$/);
  // The six tests of this file (three flows, JS on and off) run two at a time and book at once: each
  // takes a slot of its own (never the first, which may pass while the test runs). A slot another test
  // filled meanwhile is answered "just taken", as any adopter who lost the race is: then, as they
  // would, the test takes the next time offered.
  let slotIndex =
    1 +
    Object.values(dogs)
      .flatMap((pair) => [pair.js, pair["no-js"]])
      .indexOf(pet as never);
  for (;;) {
    // A fresh page each time: no answer of an earlier try is on it.
    await page.goto(`/applications/${applicationId}/visit`);
    const slot = page.getByRole("radio").nth(slotIndex);
    const start = Number(await slot.getAttribute("value"));
    const label = ((await slot.locator("xpath=..").textContent()) ?? "").trim().replace(/ \(.*\)$/, "");
    await slot.check();
    await page.getByRole("button", { name: "Book this time" }).click();
    const answer = page.getByRole("status").or(page.getByRole("alert").filter({ hasText: "That time was just taken" }));
    await expect(answer).toBeVisible();
    if ((await page.getByRole("status").count()) === 0) {
      slotIndex += 1;
      continue;
    }
    await expect(page.getByRole("status")).toContainText("Your visit is booked");
    await page.goto("/");
    await logOut(page);
    return { adopter, applicationId, start, label };
  }
}

/**
 * The visit's time comes: its start moved by the server, as the clock would, to five minutes ago, or to the
 * shelter's midnight if that came since. The visits page lists the shelter's today: a CI run at 00:02 in
 * Eureka moved the visit to 11:57 pm of the day before, and the page showed "No visits today".
 */
async function visitStarts(request: APIRequestContext, applicationId: number) {
  const now = Date.now();
  const start = Math.max(now - 5 * 60_000, startOfLocalDay(new Date(now), shelter.openingHours.timeZone).getTime());
  expect(await moveVisit(request, applicationId, start)).toEqual([{ status: "booked", slotStart: start }]);
}

/** "No-show" and, for screen readers, who did not come (the browser may put a space before the colon). */
const noShowButton = (pet: string) => new RegExp(`^No-show ?: Vera ${pet} did not come to meet ${pet}$`);

/** The names on every page of the dog list. */
async function listedDogs(page: Page) {
  const names: string[] = [];
  await page.goto("/adopt/dog");
  for (;;) {
    names.push(...(await page.locator(".pet-card__name").allTextContents()).map((name) => name.trim()));
    const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" });
    if ((await next.count()) === 0) return names;
    const status = await page.getByRole("status").first().textContent();
    await next.click();
    await expect(page.getByRole("status").first()).not.toHaveText(status ?? "");
  }
}

test("a visit that has started: staff mark it met, then mark the pet adopted", async ({
  page,
  visit,
  request,
  signInAs,
  makeAdopter,
}, info) => {
  test.setTimeout(300_000);
  const pet = dogFor("met", info);
  const { adopter, applicationId } = await bookedVisit(page, info, { signInAs, makeAdopter }, pet);

  await signInAs(demoAccounts.staff);
  await visit("/petadmin/visits");
  const row = page.locator("tr", { hasText: adopter.email });
  await expect(row).toContainText(pet);
  await expect(row).toContainText("Booked");
  // Not started yet: nothing to mark.
  await expect(row.getByRole("button")).toHaveCount(0);

  await visitStarts(request, applicationId);
  await visit("/petadmin/visits");
  await expect(row.getByRole("button", { name: noShowButton(pet) })).toBeVisible();
  await row.getByRole("button", { name: `Met Vera ${pet} with ${pet}` }).click();
  await expect(page).toHaveURL(new RegExp(`/petadmin/inbox/application/${applicationId}\\?done=met$`));
  await expect(page.getByRole("status")).toContainText("The visit is marked met");
  await page.getByRole("button", { name: `Mark ${pet} adopted` }).click();
  await expect(page.getByRole("status")).toContainText("Marked adopted");

  await visit("/petadmin/visits");
  await expect(row).toContainText("Met");
  await expect(row.getByRole("button")).toHaveCount(0);
  await page.goto(`/adopt/pet?pet_id=${demoId(pet)}`);
  await expect(page.getByRole("link", { name: `Apply to adopt ${pet}` })).toHaveCount(0);
});

test("a no-show: the hold ends, the pet is listed again and the adopter is told", async ({
  page,
  visit,
  request,
  signInAs,
  makeAdopter,
}, info) => {
  test.setTimeout(300_000);
  const pet = dogFor("noShow", info);
  const { adopter, applicationId } = await bookedVisit(page, info, { signInAs, makeAdopter }, pet);
  expect(await listedDogs(page)).not.toContain(pet);

  await visitStarts(request, applicationId);
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/visits");
  const row = page.locator("tr", { hasText: adopter.email });
  await row.getByRole("button", { name: noShowButton(pet) }).click();
  await expect(page).toHaveURL(/\/petadmin\/visits\?done=no_show$/);
  await expect(page.getByRole("status")).toContainText(
    "the hold has ended, the pet is listed again and the adopter is told",
  );
  await expect(row).toContainText("No-show");
  await expect(row.getByRole("button")).toHaveCount(0);
  await page.goto("/");
  await logOut(page);

  // Listed again: on the public list and its page offers the application again.
  expect(await listedDogs(page)).toContain(pet);
  await visit(`/adopt/pet?pet_id=${demoId(pet)}`);
  await expect(page.getByRole("link", { name: `Apply to adopt ${pet}` })).toBeVisible();

  await page.goto("/dev/outbox");
  const told = page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: adopter.email }) })
    .filter({ hasText: `We missed you: your hold on ${pet} has ended` });
  await expect(told).toHaveCount(1);
});

test("the morning of the visit, the hourly scheduled run sends the reminder", async ({
  page,
  signInAs,
  makeAdopter,
}, info) => {
  test.setTimeout(300_000);
  const pet = dogFor("reminder", info);
  const { adopter, applicationId, start, label } = await bookedVisit(page, info, { signInAs, makeAdopter }, pet);
  const reminders = page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: adopter.email }) })
    .filter({ hasText: `Today: meet ${pet} at` });
  await page.goto("/dev/outbox");
  await expect(
    page
      .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: adopter.email }) })
      .filter({ hasText: "Your visit is booked" }),
  ).toHaveCount(1);
  await expect(reminders).toHaveCount(0);

  // The hourly run, in the server (the code its Cron Trigger runs), its scheduled time the run's clock: a
  // minute before the visit (slots start from 11 am, after the 7 am start of reminders), or now if later.
  const run = await runScheduledAt(page.request, "0 * * * *", new Date(Math.max(Date.now(), start - 60_000)));
  expect(run.outcome).toBe("ok");
  // Every step ran to its end (a step that threw is reported, not thrown: the others still run).
  expect(run.steps.filter((step) => !step.ok)).toEqual([]);

  await page.goto("/dev/outbox");
  await expect(reminders).toHaveCount(1);
  await expect(reminders.getByRole("heading")).toHaveText(`Today: meet ${pet} at ${label}`);
  await expect(reminders.locator(".outbox__body")).toContainText(`/applications/${applicationId}/visit`);
});
