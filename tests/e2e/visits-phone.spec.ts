import type { Locator } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { shelter } from "../../app/config/shelter";
import { startOfLocalDay } from "../../app/lib/visits/business-hours";
import { expect, test } from "./fixtures";
import { logOut, signIn } from "./accounts-helpers";
import { approveApplication, fillAndSend } from "./application-helpers";
import { moveVisit } from "./own-data";

/**
 * Issue 40: staff use these pages standing up, on a 390 × 844 phone. /petadmin/visits broke words in
 * five squeezed columns ("Tuc ker", "Me t", "No-sho w"); on a phone each visit is a card.
 */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * The words of `area` that a line break cuts in two, and the elements that stick out past the
 * screen's right edge. A word is cut when its own range has boxes on more than one line (an e-mail
 * address excepted: it may be longer than the line). Words a
 * screen reader alone reads (visually hidden) are not laid out to be read and are left out.
 */
async function brokenWords(area: Locator) {
  return area.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(".visually-hidden") || parent.getClientRects().length === 0) continue;
      // A compound word may break after its hyphen ("2-business-|day"), as type does; nowhere else.
      for (const match of (node.textContent ?? "").matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        // An e-mail address may be longer than a phone's line (the tests' own are): it breaks where it must.
        if (lines.size > 1 && !match[0].includes("@")) broken.push(match[0]);
      }
    }
    const outside = [...root.querySelectorAll("*")]
      .filter(
        (element) =>
          !element.closest(".visually-hidden") &&
          element.getClientRects().length > 0 &&
          element.getBoundingClientRect().right > window.innerWidth + 0.5,
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { broken, outside };
  });
}

test("Visits on a phone: each visit is a card with its time, pet, adopter, a phone to tap and Met / No-show, no word broken", async ({
  page,
  request,
  visit,
  signInAs,
  makePet,
  makeAdopter,
}, info) => {
  // Six pages before the one tested (apply, approve, book), on a busy machine.
  test.setTimeout(180_000);
  // The test's own visit: its own pet and adopter (tests/e2e/own-data.ts), who applies, is approved and
  // books a time, as on the site (never the demo's visits, which other tests read).
  const pet = await makePet({ name: "Juniper" });
  const adopter = await makeAdopter({ firstName: "Alex", lastName: "Phone" });
  await page.goto(`/adopt/pet?pet_id=${pet.id}`);
  await page.getByRole("link", { name: `Apply to adopt ${pet.name}` }).click();
  await fillAndSend(page);
  const applicationId = Number(new URL(page.url()).searchParams.get("sent"));
  await logOut(page);
  await signInAs(demoAccounts.staff);
  await page.goto(`/petadmin/inbox/application/${applicationId}`);
  await approveApplication(page, pet.name, info.project.use.javaScriptEnabled !== false);
  await page.goto("/");
  await logOut(page);
  await signIn(page, adopter.email, adopter.password);
  // The second time offered (the first may pass while the test runs); a time another test filled
  // meanwhile is answered "just taken", and the test takes the next one, as an adopter would.
  for (let slotIndex = 1; ; slotIndex += 1) {
    await page.goto(`/applications/${applicationId}/visit`);
    await page.getByRole("radio").nth(slotIndex).check();
    await page.getByRole("button", { name: "Book this time" }).click();
    const answer = page.getByRole("status").or(page.getByRole("alert").filter({ hasText: "That time was just taken" }));
    await expect(answer).toBeVisible();
    if ((await page.getByRole("status").count()) > 0) break;
  }
  await expect(page.getByRole("status")).toContainText("Your visit is booked");
  await page.goto("/");
  await logOut(page);
  // Met / No-show show once a visit has started, so it is moved to the start of today (before any hour
  // the test may run at, and still today), as the clock would bring it (by the server, a test's visit only).
  const today = startOfLocalDay(new Date(), shelter.openingHours.timeZone).getTime();
  expect(await moveVisit(request, applicationId, today)).toEqual([{ status: "booked", slotStart: today }]);
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/visits");
  const card = page.locator(".visit-card", { hasText: pet.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "(707) 555-0199" })).toHaveAttribute("href", "tel:7075550199");
  await expect(card.getByRole("link", { name: "Alex Phone" })).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // The card reads top to bottom: its time first, then the pet, then who comes.
  const order = await card.evaluate((element) =>
    ["visit-card__time", "visit-card__pet", "visit-card__adopter"].map(
      (name) => element.querySelector(`.${name}`)!.getBoundingClientRect().top,
    ),
  );
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(new Set(order).size).toBe(3);
  const visits = page.locator("main section").filter({ has: page.locator(".visit-card") });
  expect(await visits.count()).toBeGreaterThan(0);
  for (const day of await visits.all()) expect(await brokenWords(day)).toEqual({ broken: [], outside: [] });
  await expect(card.getByRole("button", { name: /^Met/ })).toBeVisible();
});

test("the inbox list and the foster roster keep every word whole on a phone", async ({ page, visit, signInAs }) => {
  await signInAs(demoAccounts.staff);
  for (const path of ["/petadmin/inbox", "/petadmin/fosters"]) {
    await visit(path);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await brokenWords(main), path).toEqual({ broken: [], outside: [] });
  }
});

test("the adopter's visit page says what to bring once, and \"Move your visit\" stands apart from the visit's card", async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(demoAccounts.adopter);
  await visit("/applications");
  // The demo adopter's visit with Jasper is on the next business day: it can still be moved.
  const jasper = page.locator(".panel", { has: page.getByRole("heading", { name: "Jasper" }) });
  const href = await jasper.getByRole("link", { name: /Move or cancel/ }).getAttribute("href");
  await visit(`${href}?done=booked`);
  await expect(page.getByRole("status")).toContainText("Your visit is booked");
  expect(((await page.locator("main").textContent()) ?? "").split("a photo ID").length - 1).toBe(1);
  const card = await page
    .locator(".panel", { has: page.getByRole("heading", { name: /^Your visit: / }) })
    .boundingBox();
  const move = await page.getByRole("heading", { name: "Move your visit" }).boundingBox();
  expect(move!.y - (card!.y + card!.height)).toBeGreaterThanOrEqual(24);
});
