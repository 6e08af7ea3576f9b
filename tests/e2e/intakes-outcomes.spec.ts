import type { Page } from "@playwright/test";
import sharp from "sharp";
import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";

/**
 * Every animal counted (decision 064): a pet created with its intake, adopted, and this month's
 * adoptions on /statistics go up by one; another leaves every list with "returned to owner"; the
 * month's SAC report downloads and adds up. The test makes its own "other" pets, so the cat and dog
 * lists other tests count stay as they are.
 */

const shelterMonth = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit" })
    .format(new Date())
    .slice(0, 7);

async function adoptedThisMonth(page: Page, visit: (path: string) => Promise<void>) {
  await visit("/statistics");
  const row = page.locator(`#statistics-months tr[data-month="${shelterMonth()}"]`);
  // Columns: month, taken in, adopted, …
  return Number(await row.locator("td").nth(1).textContent());
}

/** Creates and publishes an "other" pet through the staff pages, with its intake; returns its id. */
async function createListedPet(page: Page, name: string, javaScriptEnabled: boolean, animalId: string) {
  await page.goto("/petadmin/create");
  // The intake is asked, the shelter's most common type and today already chosen.
  await expect(page.getByRole("group", { name: "How did this pet come to us?" })).toBeVisible();
  await expect(page.getByLabel("How the pet came in")).toHaveValue("stray");
  await page.getByLabel("How the pet came in").selectOption("transfer_in_state");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Pet id").fill(animalId);
  await page.getByLabel("Species").selectOption("Other");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show breeds for this species" }).click();
  await page.getByLabel("Age (months)").fill("14");
  await page.getByLabel("Weight (lbs)").fill("3");
  await page.getByLabel("Sex").selectOption("Female");
  await page.getByLabel("Other breeds").fill("Rabbit");
  await page.getByLabel("Active level").selectOption("Quietly active");
  await page.getByRole("textbox", { name: "About" }).fill(`${name} likes hay and quiet mornings.`);
  const photo = await sharp({ create: { width: 600, height: 450, channels: 3, background: "#7a8b4a" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(/^Add photos \(/)
    .setInputFiles([{ name: `${name}.jpg`, mimeType: "image/jpeg", buffer: photo }]);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} was added.`);
  const petId = new URL(page.url()).searchParams.get("created")!;
  await page.goto(`/petadmin/edit?pet_id=${petId}`);
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("The pet is published");
  // The intake recorded with the pet.
  await expect(page.getByLabel("How the pet came in")).toHaveValue("transfer_in_state");
  return petId;
}

test("staff record intakes and outcomes: adoptions on /statistics, a pet returned to its owner leaves the lists, the report adds up", async ({
  page,
  visit,
  browser,
  javaScriptEnabled,
  signInAs,
}, info) => {
  test.setTimeout(150_000);
  await signInAs(demoAccounts.staff);
  const stamp = `${info.project.name}-${Date.now()}`;
  const before = await adoptedThisMonth(page, visit);

  const adoptedName = javaScriptEnabled ? "Clover" : "Thistle";
  const adoptedId = await createListedPet(page, adoptedName, javaScriptEnabled, `E2E-IN-A-${stamp}`);
  await page.getByLabel("Adopted by (the adopter's email)").fill(`home-${stamp}@example.com`);
  await page.getByRole("region", { name: "Newly adopted" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").first()).toContainText("The pet is marked newly adopted");
  await expect(page.getByRole("region", { name: "Intake and outcome" })).toContainText("Adopted on");
  expect(await adoptedThisMonth(page, visit)).toBe(before + 1);

  const goneName = javaScriptEnabled ? "Bramble" : "Sorrel";
  const goneId = await createListedPet(page, goneName, javaScriptEnabled, `E2E-IN-R-${stamp}`);
  const visitor = await browser.newContext({ javaScriptEnabled, viewport: page.viewportSize() });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.locator(".pet-card", { hasText: goneName })).toBeVisible();
  await page.goto(`/petadmin/edit?pet_id=${goneId}`);
  await page.getByLabel(`How ${goneName} left`).selectOption("returned_to_owner");
  await page.getByRole("button", { name: "Record the outcome" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The outcome is recorded" })).toBeVisible();
  await visit(`/petadmin/edit?pet_id=${goneId}`);
  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitorPage.locator(".pet-card", { hasText: goneName })).toHaveCount(0);
  await visitorPage.goto(`/adopt/pet?pet_id=${goneId}`);
  await expect(visitorPage.getByRole("status")).toContainText(`${goneName} is no longer at the shelter.`);
  await expect(visitorPage.locator("body")).not.toContainText("owner");
  await visitor.close();

  // The month's report: on the page and as SAC's CSV, adding up in every row.
  await visit(`/petadmin/reports?month=${shelterMonth()}`);
  await expect(page.getByText("Beginning + intakes − outcomes = ending, in every row.")).toBeVisible();
  const csv = await page.request.get(`/petadmin/reports.csv?month=${shelterMonth()}`);
  expect(csv.status()).toBe(200);
  const [header, ...lines] = (await csv.text())
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(",").map((cell) => cell.replaceAll('"', "")));
  expect(header).toContain("Transferred in from Agency: In-State");
  const column = (name: string) => header!.indexOf(name);
  for (const line of lines) {
    const value = (name: string) => Number(line[column(name)]);
    expect(
      value("Beginning Count") + value("Total Intakes") - value("Total Outcomes"),
      line.slice(0, 3).join(" "),
    ).toBe(value("Ending Count"));
  }
  const otherAdults = lines.find((line) => line[1] === "Other" && line[2] === "Adult")!;
  expect(Number(otherAdults[column("Transferred in from Agency: In-State")])).toBeGreaterThanOrEqual(2);
  expect(Number(otherAdults[column("Adoption")])).toBeGreaterThanOrEqual(1);
  expect(Number(otherAdults[column("Returned to Owner")])).toBeGreaterThanOrEqual(1);
  // Downloaded just now: unchanged since.
  await page.reload();
  await expect(page.getByText(/unchanged since/)).toBeVisible();
  expect(adoptedId).not.toBe(goneId);
});
