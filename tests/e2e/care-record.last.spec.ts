import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";
import { localD1 } from "./local-d1";

/** Issue 45 from a phone, JavaScript on and off: staff record care on the pet's care page; adopters see the facts. */
test.use({ viewport: { width: 390, height: 844 } });

test("staff record a rabies vaccination, spayed and a chip from a phone; the public page says so and never shows the number", async ({
  page,
  visit,
  signInAs,
}, info) => {
  // Five pages, each audited, on a phone: a couple of minutes on a busy machine, as the other multi-page tests.
  test.setTimeout(150_000);
  // The test's own pet, published: a listed dog, which the list tests count, so this file runs last (*.last).
  const now = Date.now();
  const suffix = `${info.project.name}-${now}`;
  const [pet] = await localD1<{ id: number }>(
    info,
    `insert into pets (animal_id, name, species, sex, about, age, weight, published_at, listed_at, created_at, updated_at)
     values ('E2E-CARE-${suffix}', 'Clover', 'Dog', 'Female', 'Clover is calm and kind, loves long walks and naps in the sun.', 24, 40, ${now}, ${now}, ${now}, ${now}) returning id`,
  );
  const id = pet!.id;
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
});
