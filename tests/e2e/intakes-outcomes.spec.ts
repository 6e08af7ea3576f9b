import type { Page } from "@playwright/test";
import sharp from "sharp";
import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";

/**
 * Every animal counted (decision 064): a pet created with its intake, adopted, and the adoptions of
 * its adoption's month on /statistics go up by (at least, other tests adopt too) one; the adopter
 * brings it back (a new stay); another leaves every list with "returned to owner"; the month's SAC
 * report downloads and adds up. The test makes its own "other" pets, so the cat and dog lists other
 * tests count stay as they are. No hour or day is assumed: the month is the one the server recorded
 * the adoption in (shelter time), read from the pet's panel, so a run across a month's last midnight
 * compares the same month.
 */

/** Adoptions per month ("YYYY-MM") in /statistics' table of the last 12 months. */
async function adoptionsByMonth(page: Page, visit: (path: string) => Promise<void>) {
  await visit("/statistics");
  const rows = page.locator("#statistics-months tbody tr[data-month]");
  const byMonth = new Map<string, number>();
  for (const row of await rows.all()) {
    // Columns: month (a header cell), then taken in, adopted, …
    byMonth.set((await row.getAttribute("data-month"))!, Number(await row.locator("td").nth(1).textContent()));
  }
  expect(byMonth.size).toBe(12);
  return byMonth;
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
  const before = await adoptionsByMonth(page, visit);

  const adoptedName = javaScriptEnabled ? "Clover" : "Thistle";
  const adoptedId = await createListedPet(page, adoptedName, javaScriptEnabled, `E2E-IN-A-${stamp}`);
  await page.getByLabel("Adopted by (the adopter's email)").fill(`home-${stamp}@example.com`);
  await page.getByRole("region", { name: "Newly adopted" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").first()).toContainText("The pet is marked newly adopted");
  const stays = page.getByRole("region", { name: "Intake and outcome" });
  await expect(stays).toContainText("Adopted on");
  // The shelter's day the server recorded, whatever the hour here: a month that began since `before`
  // was read had no adoption then.
  const adoptedOn = /Adopted on (\d{4}-\d{2})-\d{2}\./.exec((await stays.textContent()) ?? "")![1]!;
  const after = await adoptionsByMonth(page, visit);
  expect(after.get(adoptedOn)).toBeGreaterThanOrEqual((before.get(adoptedOn) ?? 0) + 1);

  // The adopter brings it back: one click, a new stay (a returned adoption), listed again; the adoption stays in its history.
  await page.goto(`/petadmin/edit?pet_id=${adoptedId}`);
  await page.getByRole("button", { name: "Returned by the adopter" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The return is recorded" })).toBeVisible();
  await expect(page.getByLabel("How the pet came in")).toHaveValue("returned_adoption");
  await expect(stays.getByRole("listitem").filter({ hasText: "Adoption" })).toHaveCount(1);
  const returnedOn = (await page.getByLabel("Intake date").inputValue()).slice(0, 7);

  const goneName = javaScriptEnabled ? "Bramble" : "Sorrel";
  const goneId = await createListedPet(page, goneName, javaScriptEnabled, `E2E-IN-R-${stamp}`);
  const visitor = await browser.newContext({ javaScriptEnabled, viewport: page.viewportSize() });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.locator(".pet-card", { hasText: goneName })).toBeVisible();
  await page.goto(`/petadmin/edit?pet_id=${goneId}`);
  const goneIntakeOn = (await page.getByLabel("Intake date").inputValue()).slice(0, 7);
  await page.getByLabel(`How ${goneName} left`).selectOption("returned_to_owner");
  await page.getByRole("button", { name: "Record the outcome" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The outcome is recorded" })).toBeVisible();
  const goneOn = /Returned to owner, (\d{4}-\d{2})-\d{2}\./.exec((await stays.textContent()) ?? "")![1]!;
  await visit(`/petadmin/edit?pet_id=${goneId}`);
  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitorPage.locator(".pet-card", { hasText: goneName })).toHaveCount(0);
  await visitorPage.goto(`/adopt/pet?pet_id=${goneId}`);
  await expect(visitorPage.getByRole("status")).toContainText(`${goneName} is no longer at the shelter.`);
  await expect(visitorPage.locator("body")).not.toContainText("owner");
  await visitor.close();

  // Each month these changes fell in (one, unless the run crossed a month's last midnight): SAC's CSV,
  // adding up in every row, with this test's intakes and outcomes counted in the "Other, Adult" row.
  const reports = new Map<string, Map<string, number>>();
  for (const month of new Set([adoptedOn, returnedOn, goneIntakeOn, goneOn])) {
    const csv = await page.request.get(`/petadmin/reports.csv?month=${month}`);
    expect(csv.status()).toBe(200);
    const [header, ...lines] = (await csv.text())
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(",").map((cell) => cell.replaceAll('"', "")));
    expect(header).toContain("Transferred in from Agency: In-State");
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      const value = (name: string) => Number(line[header!.indexOf(name)]);
      expect(
        value("Beginning Count") + value("Total Intakes") - value("Total Outcomes"),
        `${month} ${line.slice(1, 3).join(" ")}`,
      ).toBe(value("Ending Count"));
    }
    const otherAdults = lines.find((line) => line[1] === "Other" && line[2] === "Adult")!;
    reports.set(month, new Map(header!.map((name, index) => [name, Number(otherAdults[index])])));
  }
  expect(reports.get(goneIntakeOn)!.get("Transferred in from Agency: In-State")).toBeGreaterThanOrEqual(1);
  expect(reports.get(adoptedOn)!.get("Adoption")).toBeGreaterThanOrEqual(1);
  // The return: SAC's "Relinquished by Owner" (a returned adoption, decision 064).
  expect(reports.get(returnedOn)!.get("Relinquished by Owner")).toBeGreaterThanOrEqual(1);
  expect(reports.get(goneOn)!.get("Returned to Owner")).toBeGreaterThanOrEqual(1);

  // The report page of a month downloaded: it adds up, and notes the download (unchanged since, or amended
  // since if the other project's run of this test changed the month meanwhile: reports.test.ts tests which).
  await visit(`/petadmin/reports?month=${goneOn}`);
  await expect(page.getByText("Beginning + intakes − outcomes = ending, in every row.")).toBeVisible();
  await expect(page.getByText(/; unchanged since\.|^Amended since you downloaded it/)).toBeVisible();
  expect(adoptedId).not.toBe(goneId);
});
