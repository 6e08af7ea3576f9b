import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

const demoPet = (name: string) => {
  const index = demoPets().findIndex((pet) => pet.name === name);
  return { id: index + 1, ...demoPets()[index]! };
};

/** Staff record a bonded pair on one pet's form; the other pet's form names it back (decision 055). */
test("staff record a bonded pair from one pet's form, and the partner's form names it", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}) => {
  // Pets no other test reads, one pair per project.
  const [pet, partner] = javaScriptEnabled ? [demoPet("Lady"), demoPet("Cocoa")] : [demoPet("Bandit"), demoPet("Ivy")];
  await signInAs(demoAccounts.staff);
  await visit(`/petadmin/edit?pet_id=${pet.id}`);
  const field = page.getByLabel("Bonded with (goes home together with)");
  await expect(field).toHaveValue("");
  await field.selectOption({ label: `${partner.name} (Dog, ${partner.animalId})` });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your changes are saved.");
  await expect(page.getByLabel("Bonded with (goes home together with)")).toHaveValue(String(partner.id));

  await visit(`/petadmin/edit?pet_id=${partner.id}`);
  await expect(page.getByLabel("Bonded with (goes home together with)")).toHaveValue(String(pet.id));
  // Ended from the partner's side, the pair ends on both.
  await page.getByLabel("Bonded with (goes home together with)").selectOption("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your changes are saved.");
  await visit(`/petadmin/edit?pet_id=${pet.id}`);
  await expect(page.getByLabel("Bonded with (goes home together with)")).toHaveValue("");
});
