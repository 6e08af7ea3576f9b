import type { Page } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { logOut, registerAccount, signIn, uniqueEmail } from "./accounts-helpers";
import { approveApplication, fillAndSend } from "./application-helpers";
import { expect, expectAccessible, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

async function applyFor(page: Page, { id, name: petName }: { id: number; name: string }) {
  await page.goto(`/adopt/pet?pet_id=${id}`);
  await page.getByRole("link", { name: `Apply to adopt ${petName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Apply to adopt ${petName}` })).toBeVisible();
}

/**
 * A new, confirmed adopter of its own: the demo adopter's on-hold list is another test's, and an
 * approval puts a pet on hold for the applicant.
 */
async function registerAdopter(page: Page, email: string, password: string) {
  await registerAccount(page, { email, password, firstName: "Avery", lastName: "Applicant" }, { confirm: true });
}

test("an adopter applies; staff approve one, decline another with a reason, and a withdrawn one leaves the open list", async ({
  page,
  visit,
  javaScriptEnabled,
  makePet,
  makeAdopter,
}) => {
  // Three applications, two people and axe on eight pages: a long walk through the site.
  test.setTimeout(240_000);
  // The test's own cats and adopter (tests/e2e/own-data.ts): an approval puts its pet on hold, which no
  // other test may meet. "Aaron …" opens the A-Z list's first page, where the hold must take it off.
  const approvedPet = await makePet({ name: "Aaron" });
  const declinedPet = await makePet({ name: "Figaro" });
  const withdrawnPet = await makePet({ name: "Marmalade" });
  const [approved, declined, withdrawn] = [approvedPet.name, declinedPet.name, withdrawnPet.name];
  const { staff } = demoAccounts;
  const adopter = await makeAdopter({ firstName: "Avery", lastName: "Applicant" });

  await applyFor(page, approvedPet);
  await visit(page.url());
  await expect(page.getByLabel("Full name")).toHaveValue(`${adopter.firstName} ${adopter.lastName}`);
  await page.getByLabel("Phone", { exact: true }).fill("(707) 555-0199");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Your draft is saved");
  await page.reload();
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("(707) 555-0199");
  await page.getByRole("button", { name: "Send application" }).click();
  // Refused with the reasons next to the fields (the browser's own checks stop it first with JavaScript on).
  await expect(page).toHaveURL(/\/adopt\/apply/);
  await fillAndSend(page);
  await visit(page.url());
  const mine = page.locator(".panel", { has: page.getByRole("heading", { name: approved }) });
  await expect(mine.getByRole("heading", { name: approved })).toContainText("Submitted");

  for (const pet of [declinedPet, withdrawnPet]) {
    await applyFor(page, pet);
    await fillAndSend(page);
  }
  const toWithdraw = page.locator(".panel", { has: page.getByRole("heading", { name: withdrawn }) });
  await toWithdraw.getByRole("button", { name: /Withdraw application/ }).click();
  await expect(page.getByRole("status")).toContainText("Your application is withdrawn");
  await expect(toWithdraw.getByRole("heading", { name: withdrawn })).toContainText("Withdrawn");

  await logOut(page);
  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/$/);
  await visit("/petadmin");
  await expect(page.getByRole("link", { name: /Inbox \(\d+ waiting\)/ })).toBeVisible();
  await page.getByRole("link", { name: /Inbox/ }).click();
  await expect(page).toHaveURL(/\/petadmin\/inbox$/);
  await visit(page.url());
  await expect(page.getByRole("link", { name: new RegExp(`Application for ${withdrawn}`) })).toHaveCount(0);
  await page
    .getByRole("link", { name: new RegExp(`Application for ${approved}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/petadmin\/inbox\/application\/\d+$/);
  await visit(page.url());
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Application for ${approved}`);
  await expect(page.getByText("A calm companion for a quiet home")).toBeVisible();
  // The decision comes after the answers; the phone numbers call.
  const answersTop = (await page.getByRole("heading", { level: 2, name: "Answers" }).boundingBox())!.y;
  expect((await page.getByRole("heading", { level: 2, name: "Decision" }).boundingBox())!.y).toBeGreaterThan(
    answersTop,
  );
  await expect(page.getByRole("link", { name: "(707) 555-0199" })).toHaveAttribute("href", "tel:7075550199");
  // Approve says what it will do, and does it only when confirmed.
  await page.getByRole("button", { name: `Approve and hold ${approved}…`, exact: true }).click();
  if (javaScriptEnabled) {
    await expect(page.getByRole("dialog", { name: `Approve and hold ${approved}?` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\?confirm=approve$/);
    await visit(page.url());
    await page
      .getByRole("region", { name: `Approve and hold ${approved}?` })
      .getByRole("link", { name: "Cancel" })
      .click();
    await expect(page).not.toHaveURL(/confirm=approve/);
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Submitted");
  const listed = await page.request.get("/adopt/cat?sort=az&page=1");
  expect(await listed.text(), "the A-Z list's first page before the approval").toContain(`>${approved}<`);
  const confirmation = await approveApplication(page, approved, javaScriptEnabled);
  expect(confirmation).toMatch(
    new RegExp(`put ${approved} on hold for .+ until \\w{3} \\w{3} \\d{1,2}, \\d{1,2}(:\\d\\d)? [ap]m`),
  );
  expect(confirmation).toContain("email");
  const list = await page.request.get("/adopt/cat?sort=az&page=1");
  expect(await list.text()).not.toContain(`>${approved}<`);

  await page.goto("/petadmin/inbox");
  await page
    .getByRole("link", { name: new RegExp(`Application for ${declined}`) })
    .first()
    .click();
  await page
    .getByLabel("Reason for declining (the adopter reads it)")
    .fill(`${declined} needs a home with another cat to play with.`);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("status")).toContainText("Declined");

  await visit("/petadmin/inbox?kind=application&status=withdrawn");
  await expect(page.getByRole("link", { name: new RegExp(`Application for ${withdrawn}`) }).first()).toBeVisible();

  await logOut(page);
  await signIn(page, adopter.email, adopter.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/applications");
  const approvedPanel = page.locator(".panel", { has: page.getByRole("heading", { name: approved }) });
  await expect(approvedPanel.getByRole("heading", { name: approved })).toContainText("Approved");
  await expect(approvedPanel).toContainText(
    new RegExp(
      `Approved: ${approved} is held for you until \\w{3} \\w{3} \\d{1,2}, \\d{1,2}(:\\d\\d)? [ap]m\\. Visit or call us`,
    ),
  );
  const declinedPanel = page.locator(".panel", { has: page.getByRole("heading", { name: declined }) });
  await expect(declinedPanel).toContainText(`${declined} needs a home with another cat to play with.`);
  // The pet's own page tells its holder the same, with our opening hours.
  await page.goto(`/adopt/pet?pet_id=${approvedPet.id}`);
  await expect(page.getByText(new RegExp(`${approved} is held for you until .+ we are open`))).toBeVisible();
  await page.goto("/on-hold");
  await expect(page.getByText(approved)).toBeVisible();

  // Staff end the hold on the pet's page: the application moves on with it (decision 040).
  await logOut(page);
  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/petadmin/edit?pet_id=${approvedPet.id}`);
  await page.getByRole("button", { name: "End hold now" }).click();
  await expect(page.getByRole("status")).toContainText("The hold is removed");
  await visit("/petadmin/inbox?kind=application&status=hold_ended");
  const ended = page.getByRole("link", { name: new RegExp(`Application for ${approved}`) });
  await expect(ended).toBeVisible();
  await ended.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hold ended");
  await expect(page.getByRole("button", { name: `Approve and hold ${approved}…`, exact: true })).toBeVisible();

  await logOut(page);
  await signIn(page, adopter.email, adopter.password);
  await expect(page).toHaveURL(/\/$/);
  await visit("/applications");
  const endedPanel = page.locator(".panel", { has: page.getByRole("heading", { name: approved }) });
  await expect(endedPanel.getByRole("heading", { name: approved })).toContainText("Hold ended");
  await expect(endedPanel).toContainText(`Your hold on ${approved} has ended`);
  await expect(endedPanel).not.toContainText("on hold for you");
});

test("the application names its pet, says what it filled in, and a refused send lists every answer to change at the top", async ({
  page,
  visit,
  javaScriptEnabled,
}, info) => {
  // A demo cat, for its photo; a new account's draft changes nothing another test reads.
  const pet = info.project.name === "js" ? "Mochi" : "Pepper";
  await registerAdopter(page, uniqueEmail(info, "summary"), "a-home-for-a-cat-2026");
  await applyFor(page, { id: demoId(pet), name: pet });
  await visit(page.url());
  await expect(page.locator(".application-page__pet img")).toBeVisible();
  // What was filled in, said as things, not as a list of the form's questions (issue 40).
  await expect(
    page.getByText(
      "We filled in your name from your profile and your answers to the matching questions: check that it is all right.",
    ),
  ).toBeVisible();

  // Without JavaScript the browser's own required checks would stop the send first; the server's answer is what is tested there.
  if (!javaScriptEnabled)
    await page.locator("form.application-form").evaluate((form) => form.setAttribute("novalidate", ""));
  else await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Send application" }).click();
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /answers need a change/ }) });
  await expect(summary).toBeFocused();
  const count = Number((await summary.getByRole("heading").textContent())?.match(/^(\d+)/)?.[1]);
  await expect(summary.getByRole("link")).toHaveCount(count);
  expect(count).toBeGreaterThanOrEqual(15);
  const phone = summary.getByRole("link", { name: /^Phone: / });
  await expect(phone).toHaveAttribute("href", "#application-phone");
  await expect(page.locator("#application-phone")).toHaveAccessibleName("Phone");
  await visit(page.url());
});
