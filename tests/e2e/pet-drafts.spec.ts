import sharp from "sharp";
import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, expectAccessible, test } from "./fixtures";

/** A new pet is a draft seen only by staff, previewed, and published once adopters have what they need (decision 052). */
test("a new pet is a draft: staff preview it, Publish names what is missing, and once it is there the pet is on /adopt", async ({
  page,
  visit,
  browser,
  javaScriptEnabled,
  signInAs,
}, info) => {
  test.setTimeout(90_000);
  // An "other" pet: the cat and dog lists other tests count stay as they are.
  const name = javaScriptEnabled ? "Pebble" : "Pixel";
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/create");
  // Nothing adopters read is made up: no default age, weight, sex or active level.
  await expect(page.getByLabel("Age (months)")).toHaveValue("");
  await expect(page.getByLabel("Sex")).toHaveValue("");
  await expect(page.getByLabel("Active level")).toHaveValue("");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Pet id").fill(`E2E-DRAFT-${info.project.name}-${Date.now()}`);
  await page.getByLabel("Species").selectOption("Other");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show breeds for this species" }).click();
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status")).toContainText(
    `${name} was added. It is a draft: only staff see it until you publish it.`,
  );
  const petId = new URL(page.url()).searchParams.get("created");

  // The preview is the public page, said to be a draft, for staff only.
  await page.getByRole("link", { name: `Preview ${name}'s public page` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`Preview: ${name} is a draft, so only staff see this page.`);
  await visit(page.url());
  const visitor = await browser.newContext({ javaScriptEnabled, viewport: page.viewportSize() });
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/adopt/pet?pet_id=${petId}`))?.status()).toBe(404);
  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitorPage.locator(".pet-card", { hasText: name })).toHaveCount(0);

  // Publish refuses with a message under each field adopters need.
  await page.getByRole("link", { name: "its edit page" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Draft: only staff see it" })).toBeVisible();
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: `${name} is not published yet` })).toBeVisible();
  await expect(page.getByLabel("Age (months)")).toHaveAccessibleDescription(
    "Adopters need the pet's age (at least 1 month)",
  );
  await expect(page.getByLabel("Weight (lbs)")).toHaveAccessibleDescription("Adopters need the pet's weight");
  await expect(page.getByLabel("Sex")).toHaveAccessibleDescription("Adopters need to know: male or female");
  await expect(page.getByLabel("Active level")).toHaveAccessibleDescription("Adopters need an active level");
  await expect(page.getByRole("textbox", { name: "About" })).toHaveAccessibleDescription(
    "Adopters need a few words about the pet",
  );
  await expect(page.getByLabel(/^Add photos \(/)).toHaveAccessibleDescription(/Adopters need at least one photo/);
  await expect(page.getByRole("group", { name: /^Breed/ })).toHaveAccessibleDescription(
    "Adopters need a breed (or a mix)",
  );
  if (javaScriptEnabled) await expectAccessible(page);

  // Filled in, saved, published: on /adopt for everyone.
  await page.getByLabel("Age (months)").fill("9");
  await page.getByLabel("Weight (lbs)").fill("1.5");
  await page.getByLabel("Sex").selectOption("Female");
  await page.getByLabel("Other breeds").fill("Hedgehog");
  await page.getByLabel("Active level").selectOption("Quietly active");
  await page.getByRole("textbox", { name: "About" }).fill(`${name} naps in a fleece tube and wakes for mealworms.`);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8b6b4a" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(/^Add photos \(/)
    .setInputFiles([{ name: `${name}.jpg`, mimeType: "image/jpeg", buffer: photo }]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your changes are saved.");
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("The pet is published");
  await expect(page.getByRole("heading", { level: 2, name: "Published" })).toBeVisible();

  await visitorPage.goto("/adopt/other");
  await expect(visitorPage.locator(".pet-card", { hasText: name })).toBeVisible();
  expect((await visitorPage.goto(`/adopt/pet?pet_id=${petId}`))?.status()).toBe(200);
  await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
  await visitor.close();
});
