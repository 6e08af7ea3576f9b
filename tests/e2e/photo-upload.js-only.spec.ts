import sharp from "sharp";
import type { Page, Route } from "@playwright/test";
import { postedFiles } from "../../scripts/lib/recording-proxy";
import { signIn } from "./accounts-helpers";
import { expect, noisyPhoto, smallPhoto, test } from "./upload-helpers";

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function openCreateForm(page: Page) {
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/petadmin/create");
  await hydrated(page);
}

/** Fills the form for a pet of the "other" list (the cat and dog lists other tests count stay as they are). */
async function fillPet(page: Page, name: string, animalId: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Pet id").fill(animalId);
  await page.getByLabel("Species").selectOption("Other");
  await page.getByRole("textbox", { name: "About" }).fill(`${name} came in with a box of photos.`);
}

/** The form's upload status, a polite live region. */
const uploadStatus = (page: Page, form = "create-pet") => page.locator(`#${form}-upload-status`);
const chosenFiles = (page: Page) =>
  page
    .getByLabel(/^Add photos \(/)
    .evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name));

test("photos are made smaller and upright before they are sent, the bar shows the bytes sent, and the pet keeps them upright", async ({
  page,
  recorder,
}, info) => {
  test.setTimeout(90_000);
  const landscape = await noisyPhoto("Tumble garden.jpg", 4000, 3000);
  // Held upright as a portrait, stored landscape with "turn a quarter clockwise", as phones do.
  const portrait = await noisyPhoto("Tumble portrait.jpg", 4000, 3000, 6);
  const originals = landscape.buffer.byteLength + portrait.buffer.byteLength;
  const animalId = `E2E-RESIZE-${info.project.name}-${Date.now()}`;

  await openCreateForm(page);
  await fillPet(page, "Tumble", animalId);
  await page.getByLabel(/^Add photos \(/).setInputFiles([landscape, portrait]);
  await expect(page.getByRole("img", { name: /^Preview of / })).toHaveCount(2);
  // The proxy takes the whole body, then holds the answer: the page shows everything sent, and saving.
  const held = recorder.holdNextPost("/petadmin/create");
  await page.getByRole("button", { name: "Upload pet" }).click();
  const post = await held.received;

  const sentBytes = post.body.byteLength;
  const progress = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toHaveAttribute("max", String(sentBytes));
  await expect(progress).toHaveAttribute("value", String(sentBytes));
  await expect(uploadStatus(page)).toHaveText(`${megabytes(sentBytes)} of ${megabytes(sentBytes)} sent. Saving…`);
  await expect(page.getByRole("button", { name: "Upload pet" })).toBeDisabled();

  // What reached the server: two JPEGs, at most 2000 px on the long side, upright, a fraction of the originals.
  expect(sentBytes).toBeLessThan(originals * 0.4);
  const photos = await Promise.all(
    (await postedFiles(post))
      .filter((part) => part.field === "newPhotos")
      .map(async (part) => {
        const { format, width, height, orientation } = await sharp(part.bytes).metadata();
        return { name: part.name, type: part.type, format, width, height, orientation };
      }),
  );
  expect(photos).toEqual([
    {
      name: "Tumble garden.jpg",
      type: "image/jpeg",
      format: "jpeg",
      width: 2000,
      height: 1500,
      orientation: undefined,
    },
    {
      name: "Tumble portrait.jpg",
      type: "image/jpeg",
      format: "jpeg",
      width: 1500,
      height: 2000,
      orientation: undefined,
    },
  ]);

  held.release();
  await expect(page.getByRole("status").filter({ hasText: "Tumble was added." })).toBeVisible();
  await expect(page).toHaveURL(/\/petadmin\/create\?created=\d+$/);
  await expect(page.getByLabel("Name")).toHaveValue("");
  expect(await chosenFiles(page)).toEqual([]);

  // The copies the public page loads.
  const petId = new URL(page.url()).searchParams.get("created");
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/adopt/pet?pet_id=${petId}`);
  const sources = await publicPage
    .locator('img[src^="/photos/tumble-"]')
    .evaluateAll((images) => images.map((image) => image.getAttribute("src")!));
  expect(sources).toHaveLength(2);
  const sizes = [];
  for (const source of sources) {
    const copy = await publicPage.request.get(source);
    expect(source).toMatch(/-720w\.jpg$/);
    const { width, height } = await sharp(await copy.body()).metadata();
    sizes.push([width, height]);
  }
  // Both copies fit the 4:3 frame of the cards and the pet page (a portrait's is cut from its
  // middle); that the portrait is kept upright is checked on what was sent, above, and on the
  // copies' pixels in tests/integration/photos.test.ts.
  expect(sizes).toEqual([
    [720, 540],
    [720, 540],
  ]);
  await publicPage.close();

  // The same pet id again is sent back like any reply: the message, the values, and the photo still chosen.
  await fillPet(page, "Tumble Again", animalId);
  await page.getByLabel(/^Add photos \(/).setInputFiles([await smallPhoto("Tumble small.jpg", "#8a5")]);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByText(`Another pet already has the pet id ${animalId}.`)).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Some fields need attention");
  await expect(page.getByLabel("Pet id")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveValue("Tumble Again");
  await expect(page.getByLabel("Species")).toHaveValue("Other");
  expect(await chosenFiles(page)).toEqual(["Tumble small.jpg"]);
  await expect(page.getByText(/Choose the photos again/)).toHaveCount(0);
  // A small upright photo goes as it is.
  const [small] = await postedFiles(recorder.posts.at(-1)!);
  expect(Buffer.from(small!.bytes).equals((await smallPhoto("Tumble small.jpg", "#8a5")).buffer)).toBe(true);
});

test("Cancel stops the upload, saves nothing and keeps everything typed and chosen", async ({
  page,
  recorder,
}, info) => {
  test.setTimeout(60_000);
  const photo = await noisyPhoto("Pebble.jpg", 4000, 3000);
  const animalId = `E2E-CANCEL-${info.project.name}-${Date.now()}`;
  const name = `Pebble ${Date.now().toString(36)}`;
  await openCreateForm(page);
  await fillPet(page, name, animalId);
  await page.getByLabel(/^Add photos \(/).setInputFiles([photo]);

  // The upload's request is held in the browser until the test has pressed Cancel.
  let heldUpload: (route: Route) => void;
  const upload = new Promise<Route>((resolve) => (heldUpload = resolve));
  await page.route("**/petadmin/create*", (route) =>
    route.request().method() === "POST" ? heldUpload(route) : route.continue(),
  );
  await page.getByRole("button", { name: "Upload pet" }).click();
  const route = await upload;
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("max", /^[1-9]\d*$/);
  await expect(uploadStatus(page)).toHaveText(/^\d+\.\d MB of \d+\.\d MB sent$/);
  const failed = page.waitForEvent(
    "requestfailed",
    (request) => request.method() === "POST" && request.url().includes("/petadmin/create"),
  );
  await page.getByRole("button", { name: "Cancel upload" }).click();
  // Cancel ends the request in the browser; told to go on after that, it goes nowhere.
  await failed;
  await route.continue().catch(() => undefined);

  await expect(uploadStatus(page)).toContainText("Upload cancelled: nothing was saved.");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel upload" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload pet" })).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Pet id")).toHaveValue(animalId);
  await expect(page.getByLabel("Species")).toHaveValue("Other");
  await expect(page.getByRole("textbox", { name: "About" })).toHaveValue(`${name} came in with a box of photos.`);
  expect(await chosenFiles(page)).toEqual(["Pebble.jpg"]);
  expect(recorder.posts.filter((post) => post.url.includes("/petadmin/create"))).toEqual([]);
  const staffList = await page.request.get(`/petadmin/edit?q=${encodeURIComponent(name)}`);
  expect(await staffList.text()).toContain("We cannot find any pet records");

  // Sent again, it goes through.
  await page.unroute("**/petadmin/create*");
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} was added.` })).toBeVisible();
});

test("a save refused because the pet changed meanwhile shows the pet as it is now, as without photos", async ({
  page,
  context,
}, info) => {
  test.setTimeout(60_000);
  const animalId = `E2E-CONFLICT-${info.project.name}-${Date.now()}`;
  await openCreateForm(page);
  await fillPet(page, "Marlow", animalId);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marlow was added." })).toBeVisible();
  const petId = new URL(page.url()).searchParams.get("created");

  await page.goto(`/petadmin/edit?pet_id=${petId}`);
  await hydrated(page);
  // Someone else saves a change first.
  const other = await context.newPage();
  await other.goto(`/petadmin/edit?pet_id=${petId}`);
  await other.getByLabel("Weight (lbs)").fill("31");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByRole("status")).toHaveText("Your changes are saved.");
  await other.close();

  await page.getByLabel("Name").fill("Marlowe");
  await page.getByLabel(/^Add photos \(/).setInputFiles([await smallPhoto("Marlow.jpg", "#357")]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Someone else changed this pet since you opened it, so your changes were not saved.",
  );
  await expect(page.getByLabel("Weight (lbs)")).toHaveValue("31");
  await expect(page.getByLabel("Name")).toHaveValue("Marlow");
  await expect(page.locator(".photo-list__item")).toHaveCount(0);
  // Made again on the pet as it is now, the change is saved.
  await page.getByLabel("Name").fill("Marlowe");
  await page.getByLabel(/^Add photos \(/).setInputFiles([await smallPhoto("Marlow.jpg", "#357")]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your changes are saved." })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Marlowe");
  await expect(page.locator(".photo-list__item")).toHaveCount(1);
});

test("the notice of the pet added before goes when a later upload comes back with errors", async ({ page }, info) => {
  test.setTimeout(60_000);
  const animalId = `E2E-NOTICE-${info.project.name}-${Date.now()}`;
  await openCreateForm(page);
  await fillPet(page, "Juniper", animalId);
  await page.getByRole("button", { name: "Upload pet" }).click();
  const added = page.getByRole("status").filter({ hasText: "Juniper was added." });
  await expect(added).toBeVisible();

  // The same pet id again, with a photo: sent by XHR, and only the server knows the id is taken.
  await fillPet(page, "Juniper Two", animalId);
  await page.getByLabel(/^Add photos \(/).setInputFiles([await smallPhoto("Juniper.jpg", "#4a7")]);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByText(`Another pet already has the pet id ${animalId}.`)).toBeVisible();
  await expect(added).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("Juniper Two");
});
