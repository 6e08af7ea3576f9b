import type { Locator } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { shelter } from "../../app/config/shelter";
import { startOfLocalDay } from "../../app/lib/visits/business-hours";
import { expect, test } from "./fixtures";
import { localD1 } from "./local-d1";

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
  visit,
  signInAs,
}, info) => {
  // The demo's visits: Tucker today at 3 pm, Jasper the next business day. Met / No-show show once a
  // visit has started, so Tucker's is moved to the start of today (before any hour the test may run at,
  // and still today), as the clock would.
  const today = startOfLocalDay(new Date(), shelter.openingHours.timeZone).getTime();
  await localD1(
    info,
    `update visits set slot_start = ${today}, slot_end = ${today + 30 * 60_000} where status = 'booked' and application_id in
       (select a.id from adoption_applications a join pets p on p.id = a.pet_id where p.name = 'Tucker')`,
  );
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/visits");
  const card = page.locator(".visit-card", { hasText: "Tucker" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "(707) 555-0188" })).toHaveAttribute("href", "tel:7075550188");
  await expect(card.getByRole("link", { name: "Alex Adopter" })).toBeVisible();
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
  await expect(page.getByRole("button", { name: /^Met/ }).first()).toBeVisible();
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
