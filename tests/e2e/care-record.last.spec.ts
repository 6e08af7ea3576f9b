import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";
import { sendFollowUp } from "./own-data";
import { e2eState } from "./scheduled-run";
import { localAlertSecret } from "../../scripts/lib/local-worker";
import { answerTokenMessage, type CareAnswer } from "../../app/lib/care/answers";
import { signedToken } from "../../app/lib/email/alert-tokens";

/** Issue 45 from a phone, JavaScript on and off: staff record care on the pet's care page; adopters see the facts. */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * The one-tap answer link of a follow-up e-mail, signed as the hourly run signs it (the run itself, at
 * its days, is tested in tests/integration/care-follow-ups.test.ts; firing it here at a later day would
 * end other specs' holds).
 */
async function answerLink(
  info: Parameters<typeof e2eState>[0],
  followUp: { petId: number; email: string; kind: string; item: string },
  answer: CareAnswer,
) {
  const token = await signedToken(
    "care-follow-ups:answer:",
    answerTokenMessage(followUp, answer),
    localAlertSecret(e2eState(info)),
  );
  const query = new URLSearchParams({
    pet: String(followUp.petId),
    email: followUp.email,
    kind: followUp.kind,
    item: followUp.item,
    answer,
    token,
  });
  return `/care/answer?${query}`;
}

test("staff record a rabies vaccination, spayed and a chip from a phone; the public page says so and never shows the number; the adopter takes the record home and answers a follow-up", async ({
  page,
  request,
  visit,
  signInAs,
  makePet,
}, info) => {
  // Five pages, each audited, on a phone: a couple of minutes on a busy machine, as the other multi-page tests.
  test.setTimeout(300_000);
  // The test's own pet, published: a listed dog, which the list tests count, so this file runs last (*.last).
  const now = Date.now();
  const suffix = `${info.project.name}-${now}`;
  // A name of each project's own ("Clover qwerty"), so each finds its own e-mails and inbox items; made by
  // the server (tests/e2e/own-data.ts).
  const pet = await makePet({
    species: "Dog",
    name: info.project.name.startsWith("no-js") ? "Clementine" : "Clover",
    about: "This dog is calm and kind, loves long walks and naps in the sun.",
  });
  const { id, name } = pet;
  await signInAs(demoAccounts.staff);

  await visit(`/petadmin/edit?pet_id=${id}`);
  await page.getByRole("link", { name: "Care record" }).click();
  await expect(page).toHaveURL(new RegExp(`/petadmin/pets/${id}/care$`));
  await visit(page.url());
  // One entry without the pet form: the vaccination form starts on the first screen.
  const addVaccination = page.getByRole("button", { name: "Add vaccination" });
  expect((await page.getByRole("heading", { name: "Add a vaccination" }).boundingBox())!.y).toBeLessThan(844);

  const vaccination = page.locator("#care-vaccination");
  await vaccination.getByLabel("Vaccine", { exact: true }).selectOption("rabies");
  await vaccination.getByLabel("Next due (optional)").fill("2099-11-20");
  await addVaccination.click();
  await expect(page.getByRole("status")).toHaveText("The vaccination is recorded.");
  await expect(page.getByText(/^Rabies, given /)).toBeVisible();

  await page.locator("#care-fixed").getByLabel("Spayed", { exact: true }).selectOption("yes");
  await page.getByRole("button", { name: "Save spay or neuter" }).click();
  await expect(page.getByRole("status")).toHaveText("Spay or neuter is recorded.");

  // A wrong number is refused with its message, on the field.
  const chip = page.locator("#care-chip").getByLabel(/^Chip number/);
  await chip.fill("12345");
  await chip.evaluate((input: HTMLInputElement) => input.form?.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Save microchip" }).click();
  await expect(page.locator("#care-chip-chipNumber-error")).toContainText("15 digits");
  await expect(chip).toHaveAttribute("aria-invalid", "true");
  await chip.fill("985 112 003 456 789");
  await page.getByRole("button", { name: "Save microchip" }).click();
  await expect(page.getByRole("status")).toHaveText("The microchip is recorded.");
  await expect(page.getByText("Made by HomeAgain")).toBeVisible();
  await visit(page.url());

  await visit(`/adopt/pet?pet_id=${id}`);
  const facts = page.locator(".care-facts");
  await expect(facts.getByRole("listitem")).toHaveText(["Spayed", "Vaccinations up to date", "Microchipped"]);
  const html = await page.content();
  expect(html).not.toContain("985112003456789");
  expect(html).not.toContain("985 112");

  // Adopted by the demo adopter from the pet's page: the e-mail carries the care summary and an .ics.
  const adopter = demoAccounts.adopter;
  await visit(`/petadmin/edit?pet_id=${id}`);
  await page.getByLabel("Adopted by (the adopter's email)").fill(adopter.email);
  await page.getByRole("region", { name: "Newly adopted" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").first()).toContainText("The pet is marked newly adopted");
  await page.goto("/dev/outbox");
  const record = page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: adopter.email }) })
    .filter({ hasText: `${name}'s care record, to keep:` });
  await expect(record).toHaveCount(1);
  await expect(record.locator(".outbox__body")).toContainText("Rabies: given");
  await expect(record.locator(".outbox__body")).toContainText("Microchip number: 985112003456789");
  await expect(record.locator(".outbox__body")).toContainText("https://www.homeagain.com/");
  await expect(record.locator(".outbox__attachments")).toContainText(".ics (text/calendar");

  // The adopter finds the record on /adopted, their own pets only (staff's session ends first: another person).
  await page.context().clearCookies();
  await signInAs(adopter);
  await visit("/adopted");
  const card = page.locator(".pet-card", { hasText: name });
  await card.getByText("Care record", { exact: true }).click();
  await expect(card.locator(".care-summary")).toContainText("Microchip number: 985112003456789");

  // The three-week check-in was sent (as the hourly run writes it); its "We could use some help" opens a
  // page with one button, and the tap lands in the staff inbox, to answer within one business day.
  const followUp = { petId: id, email: adopter.email, kind: "check-in-3w", item: "" } as const;
  await sendFollowUp(request, { pet: id, email: adopter.email, kind: followUp.kind });
  await page.context().clearCookies();
  await visit(await answerLink(info, followUp, "help"));
  await page.getByRole("button", { name: "We could use some help" }).click();
  await expect(page.getByRole("status")).toContainText(
    "A person from the shelter will get in touch within one business day.",
  );
  await visit(await answerLink(info, followUp, "well"));
  await page
    .getByLabel(/^A line about how it is going/)
    .fill(`${name} sleeps on the sofa and has made friends with the cat (${suffix}).`);
  await page.getByRole("button", { name: "All is well" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you! It is the best news we get.");

  await signInAs(demoAccounts.staff);
  await visit("/petadmin/inbox?kind=message");
  const help = page.getByRole("link").filter({ hasText: `Help asked with ${name}` });
  await expect(help).toHaveCount(1);
  await expect(help).toContainText("reply within one business day");
  await page
    .getByRole("link")
    .filter({ hasText: `All is well with ${name}` })
    .click();
  await page.getByRole("button", { name: "Approve as a story for the home page" }).click();
  await expect(page.getByRole("status")).toHaveText("The story now shows on the home page.");

  // The approved story on the home page, with the adopter's first name and the pet's name only.
  await visit("/");
  const story = page.locator(".testimonial", { hasText: suffix });
  await expect(story).toContainText(`Alex, who adopted ${name}`);
  await expect(story).not.toContainText("Adopter");
});
