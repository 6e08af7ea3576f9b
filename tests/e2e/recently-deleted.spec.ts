import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// The phone of issue 40's trial.
test.use({ viewport: { width: 390, height: 844 } });

// Nothing lost by one wrong click (issue 22, decision 042): a deleted pet waits in Recently deleted.
test("staff delete a pet, find it in Recently deleted and restore it with its history", async ({
  page,
  visit,
  makePet,
}) => {
  // The test's own cat (tests/e2e/own-data.ts): a deleted pet leaves the lists while it waits.
  const { id, name } = await makePet({ name: "Oliver" });
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);

  await visit(`/petadmin/edit?pet_id=${id}`);
  // What really happens, then the one word to type, which a phone's keyboard may start with a capital
  // (issue 40): it is taken as typed, JavaScript on or off, with no "Please match the requested format".
  const panel = page.getByRole("region", { name: "Delete" });
  await expect(panel).toContainText(
    `Deleting ${name} moves it to Recently deleted, where you can restore it for 30 days. After that, it and its photos are removed for good.`,
  );
  await expect(panel).not.toContainText("permanently");
  const confirm = page.getByLabel("Type “delete” to confirm");
  await expect(confirm).toHaveAttribute("autocapitalize", "none");
  await confirm.fill("Delete ");
  expect(await confirm.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page).toHaveURL(/\/petadmin\/edit\?deleted=/);
  await expect(page.getByRole("status")).toHaveText(
    `${name} was deleted. You can restore it from Recently deleted for 30 days.`,
  );
  const recent = page.getByRole("region", { name: "Recently deleted" });
  await expect(recent).toContainText(
    new RegExp(`${name}.*Deleted \\w+ \\d{1,2}, \\d{4}; removed for good on \\w+ \\d{1,2}, \\d{4}\\.`),
  );
  await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
  await visit(page.url());

  // Hidden from the public: the pet page answers 404.
  const publicPage = await page.context().newPage();
  expect((await publicPage.goto(`/adopt/pet?pet_id=${id}`))?.status()).toBe(404);

  await page
    .getByRole("region", { name: "Recently deleted" })
    .getByRole("button", { name: `Restore ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`pet_id=${id}&done=restored$`));
  await expect(page.getByRole("status")).toContainText("The pet is restored");
  await visit(page.url());
  await page.getByRole("link", { name: "Pet description" }).click();
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Restored, by Sam Staff");
  await expect(history).toContainText("Deleted, by Sam Staff");

  expect((await publicPage.goto(`/adopt/pet?pet_id=${id}`))?.status()).toBe(200);
  await expect(publicPage.getByRole("heading", { level: 1 })).toContainText(name);
  await publicPage.close();
});
