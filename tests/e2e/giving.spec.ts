import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// Gifts through the stand-in for Stripe (decision 065), which `scripts/serve.ts` starts on the site's port + 200.

test("give $50 monthly from the home panel: the provider's page, thanks, the receipt, the ledger, and stopping it from the receipt's link", async ({
  page,
  visit,
  signInAs,
}, info) => {
  // Seven pages, each audited with axe: a minute, as the other multi-page tests have.
  test.setTimeout(90_000);
  const email = uniqueEmail(info, "monthly.donor");
  await page.goto("/");
  await page.locator(".amount-option", { hasText: "$50" }).click();
  await page.getByRole("button", { name: "Donate Securely" }).click();
  await expect(page).toHaveURL(/\/donate\?amount=50/);
  await visit(page.url());
  await expect(page.getByRole("radio", { name: "$50" })).toBeChecked();
  await page.getByRole("radio", { name: "Monthly" }).check();
  await page.getByLabel("Your name").fill("Morgan Monthly");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate securely" }).click();

  // The stand-in's page: the amount, what it is for, Pay.
  await expect(page.getByRole("heading", { name: "Payment provider stand-in" })).toBeVisible();
  await expect(page.getByTestId("amount")).toHaveText("50.00 USD / month");
  await expect(page.getByTestId("for")).toContainText("Monthly gift to Sequoia Humane Society");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/donate\/thanks\?session_id=cs_/);
  await visit(page.url());
  await expect(page.getByRole("status")).toContainText("Thank you for your monthly gift of $50.00");

  // The receipt in the outbox, with its "manage" link.
  await page.goto("/dev/outbox");
  const receipt = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  await expect(receipt.getByRole("heading")).toHaveText("Your gift to Sequoia Humane Society: receipt");
  await expect(receipt.locator(".outbox__body")).toContainText(
    "No goods or services were given in return for this gift.",
  );
  await expect(receipt.locator(".outbox__body")).toContainText("EIN: 94-0000000");
  const manage = await receipt.locator(".outbox__body a", { hasText: "/donate/manage" }).first().getAttribute("href");
  expect(manage).toBeTruthy();

  // The gift in the staff ledger.
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/donations");
  const entry = page.locator(".ledger__entry", { hasText: email });
  await expect(entry).toContainText("$50.00");
  await expect(entry).toContainText("Monthly, active");

  // Stopping it from the receipt's link: one button.
  await visit(new URL(manage!).pathname + new URL(manage!).search);
  await expect(page.getByText("You give $50.00 every month")).toBeVisible();
  await page.getByRole("button", { name: "Stop my monthly gift" }).click();
  await expect(page.getByRole("status")).toContainText("has stopped. Nothing more will be charged.");
  await visit("/petadmin/donations");
  await expect(page.locator(".ledger__entry", { hasText: email })).toContainText("Monthly, ended");
});

test('a custom amount of 0 or "abc" is refused with a message under the field, the choices kept', async ({
  page,
  visit,
}) => {
  // Four pages (two forms, each refused), each audited with axe: a minute, as the other multi-page tests have.
  test.setTimeout(60_000);
  for (const custom of ["0", "abc"]) {
    await visit("/donate?amount=custom");
    await page.getByLabel("Custom amount in dollars").fill(custom);
    await page.getByLabel("Your name").fill("Casey Custom");
    await page.getByLabel("Email", { exact: true }).fill("casey@example.com");
    await page.getByRole("button", { name: "Donate securely" }).click();
    await expect(page.getByLabel("Custom amount in dollars")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page
        .locator(".field__errors")
        .filter({ hasText: "Enter a whole number of dollars, from $1 to $25,000." })
        .first(),
    ).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Casey Custom");
    await expect(page).toHaveURL(/\/donate/);
  }
});

test("a declined card and a cancel come back to the form with 'No payment was made'", async ({ page, visit }) => {
  await visit("/donate?amount=100");
  await page.getByRole("radio", { name: "Medical fund: surgery and treatment" }).check();
  await page.getByLabel("Your name").fill("Dee Declined");
  await page.getByLabel("Email", { exact: true }).fill("dee@example.com");
  await page.getByRole("button", { name: "Donate securely" }).click();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined. Nothing was charged.");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/donate\?/);
  await visit(page.url());
  await expect(page.getByRole("status")).toContainText("No payment was made.");
  await expect(page.getByRole("radio", { name: "$100" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Medical fund: surgery and treatment" })).toBeChecked();
});

test("sponsor a pet's adoption fee from its page, and see what sponsors gave there", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  // Four pages, each audited with axe, and the provider's page.
  test.setTimeout(60_000);
  // A pet no other test reads, one per project (each sponsors its own).
  const name = javaScriptEnabled ? "Hank" : "Pearl";
  const index = demoPets().findIndex((pet) => pet.name === name);
  const fee = demoPets()[index]!.adoptionFee;
  const petPage = `/adopt/pet?pet_id=${index + 1}`;
  const sponsors = page.locator(".pet-sponsor");
  await visit(petPage);
  // What sponsors had given before (none on fresh demo data).
  const before = /Sponsors have paid \$(\d+)\.00/.exec((await sponsors.textContent()) ?? "")?.[1] ?? "0";
  await sponsors.getByRole("link", { name: `Sponsor ${name}'s adoption fee` }).click();

  await expect(page).toHaveURL(new RegExp(`/donate\\?fund=pet_fee&pet=${index + 1}$`));
  await visit(page.url());
  await expect(page.getByRole("heading", { name: `Sponsor ${name}'s adoption fee` })).toBeVisible();
  // A sponsorship is one-time, towards this pet's fee: neither choice is asked.
  await expect(page.getByRole("radio", { name: "Monthly" })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Medical fund: surgery and treatment" })).toHaveCount(0);
  await page.getByRole("radio", { name: "Custom" }).check();
  await page.getByLabel("Custom amount in dollars").fill("20");
  await page.getByLabel("Your name").fill("Sam Sponsor");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(info, "sponsor"));
  await page.getByRole("button", { name: "Donate securely" }).click();

  await expect(page.getByTestId("for")).toHaveText(`Sponsoring ${name}'s adoption fee at Sequoia Humane Society`);
  await expect(page.getByTestId("amount")).toHaveText("20.00 USD");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donate\/thanks\?session_id=cs_/);
  await expect(page.getByRole("status")).toContainText("Thank you for your gift of $20.00");

  // The pet's page says it at once (the webhook purged its cached copies).
  await visit(petPage);
  await expect(sponsors).toContainText(
    `Sponsors have paid $${Number(before) + 20}.00 of ${name}'s adoption fee of $${fee}.00.`,
  );
});
