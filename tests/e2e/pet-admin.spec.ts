import { demoAccounts } from "../../scripts/demo/accounts";
import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

test("staff hold a pet, release it, mark it adopted and delete another, from a phone", async ({
  page,
  visit,
  signInAs,
  makePet,
}, info) => {
  // The test's own cats (tests/e2e/own-data.ts): "Aaron …" opens the A-Z list's first page.
  const { id: heldId, name: held } = await makePet({ species: "Cat", name: "Aaron" });
  const { id: deletedId, name: deleted } = await makePet({ species: "Cat" });
  const holder = `holder.${info.project.name}@example.com`;
  await signInAs(demoAccounts.staff);
  const listed = await page.request.get("/adopt/cat?sort=az&page=1");
  expect(await listed.text(), "the A-Z list's first page before the hold").toContain(`>${held}<`);

  await visit("/petadmin");
  await page.getByRole("link", { name: "Edit and delete pet" }).click();
  await expect(page.getByText(/Choose a pet to edit, publish, hold/)).toBeVisible();
  await page.getByLabel("Find a pet by the start of its name").fill(held.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: new RegExp(`^${held}`) }).click();
  await expect(page).toHaveURL(new RegExp(`pet_id=${heldId}$`));
  await visit(page.url());

  await page.getByLabel("Hold for (the adopter's email)").fill(holder);
  await page.getByRole("region", { name: "On hold" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("The pet is on hold");
  await expect(page.getByLabel("Hold for (the adopter's email)")).toHaveValue(holder);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("On hold until");
  const holdPanel = page.getByRole("region", { name: "On hold" });
  const firstEnd = await holdPanel.locator("strong").textContent();
  expect(firstEnd).toMatch(/^(Sun|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2}, 5 pm$/);
  await holdPanel.getByRole("button", { name: "Extend by one business day" }).click();
  await expect(page.getByRole("status")).toContainText("The hold is extended by one business day");
  await expect(holdPanel.locator("strong")).not.toHaveText(firstEnd!);
  await expect(holdPanel.locator("strong")).toHaveText(/, 5 pm$/);

  const publicPage = await page.context().newPage();
  await publicPage.goto("/adopt/cat?sort=az&page=1");
  await expect(publicPage.locator(`#pet-${heldId}`)).toHaveCount(0);
  await publicPage.close();

  await page.getByRole("link", { name: "Pet description" }).click();
  await expect(
    page.getByText(
      new RegExp(`This pet is on the hold list by ${holder.replace(".", "\\.")} at \\w+ \\d{1,2}, \\d{4}`),
    ),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText(`Put on hold for ${holder}, by Sam Staff`);
  await expect(page.getByRole("region", { name: "History" })).toContainText("Hold extended to ");

  await page.getByRole("link", { name: "Edit pet" }).click();
  await page.getByRole("region", { name: "On hold" }).getByRole("button", { name: "End hold now" }).click();
  await expect(page.getByRole("status")).toContainText("The hold is removed");
  await page.getByLabel("Adopted by (the adopter's email)").fill(holder);
  await page.getByRole("region", { name: "Newly adopted" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("newly adopted");
  await page.getByRole("region", { name: "Newly adopted" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status")).toContainText("no longer marked adopted");

  await page.goto(`/petadmin/edit?pet_id=${deletedId}`);
  await page.getByLabel("Type “delete” to confirm").fill("delete");
  await page.getByRole("button", { name: `Delete ${deleted}` }).click();
  await expect(page).toHaveURL(/\/petadmin\/edit\?deleted=/);
  await expect(page.getByRole("status")).toContainText(`${deleted} was deleted.`);
  expect((await page.goto(`/adopt/pet?pet_id=${deletedId}`))?.status()).toBe(404);
});

test("a pet's public page offers staff, and only staff, the way to edit it", async ({ page, visit, signInAs }) => {
  const id = demoId("Luna");
  await visit(`/adopt/pet?pet_id=${id}`);
  await expect(page.getByRole("link", { name: "Edit Luna" })).toHaveCount(0);
  await signInAs(demoAccounts.staff);
  await visit(`/adopt/pet?pet_id=${id}`);
  await page.getByRole("link", { name: "Edit Luna" }).click();
  await expect(page).toHaveURL(new RegExp(`/petadmin/edit\\?pet_id=${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Luna");
});

test("staff on a phone find a pet by name, status and species, page through the list, and jump to hold, adopt and delete", async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/edit");
  await expect(page.getByText(/^\d+ pets, page 1 of \d+\. Choose a pet/)).toBeVisible();
  await expect(page.locator(".staff-pets").first().getByRole("listitem")).toHaveCount(20);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/petadmin\/edit\?page=2$/);
  await expect(page.getByText(/^\d+ pets, page 2 of \d+\./)).toBeVisible();

  // Status and species narrow the list; the name search keeps them.
  await page.getByLabel("Status").selectOption("adopted");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=adopted/);
  await visit(page.url());
  const adopted = page.locator(".staff-pets").first().getByRole("listitem");
  expect(await adopted.count()).toBeGreaterThan(0);
  for (const item of await adopted.all()) await expect(item).toContainText("Newly adopted");

  // A listed demo cat no other test changes.
  const cat = demoPets().find((pet) => pet.name === "Cleo" && pet.species === "Cat")!;
  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Find a pet by the start of its name").fill(cat.name);
  await page.getByLabel("Species").selectOption("Dog");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("We cannot find any pet records")).toBeVisible();
  await page.getByLabel("Species").selectOption("Cat");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: new RegExp(`^${cat.name} `) }).click();

  // The pet's page opens with links to what sits far below.
  const jump = page.getByRole("navigation", { name: "On this page" });
  await jump.getByRole("link", { name: "Delete" }).click();
  await expect(page).toHaveURL(/#delete-title$/);
  await expect(page.getByRole("heading", { level: 2, name: "Delete" })).toBeInViewport();
  await expect(jump.getByRole("link", { name: "Hold" })).toHaveAttribute("href", "#hold-title");
  await expect(jump.getByRole("link", { name: "Mark adopted" })).toHaveAttribute("href", "#adopt-title");
});
