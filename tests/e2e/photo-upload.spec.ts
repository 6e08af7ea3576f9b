import sharp from "sharp";
import { postedFiles } from "../../scripts/lib/recording-proxy";
import { signIn } from "./accounts-helpers";
import { expect, noisyPhoto, test } from "./upload-helpers";

test("a phone-sized portrait photo is saved upright: without JavaScript the original goes up, with it a smaller copy", async ({
  page,
  recorder,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  const portrait = await noisyPhoto("Juniper.jpg", 4000, 3000, 6);
  const name = javaScriptEnabled ? "Juniper" : "Juno";
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/petadmin/create");
  if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Pet id").fill(`E2E-PHOTO-${info.project.name}-${Date.now()}`);
  // An "other" pet: the cat and dog lists other tests count stay as they are.
  await page.getByLabel("Species").selectOption("Other");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show breeds for this species" }).click();
  await page.getByLabel(/^Add photos \(/).setInputFiles([portrait]);
  await page.getByRole("button", { name: "Upload pet" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} was added.` })).toBeVisible();

  const post = recorder.posts.filter((candidate) => new URL(candidate.url).pathname === "/petadmin/create").at(-1)!;
  const [sent] = (await postedFiles(post)).filter((part) => part.field === "newPhotos");
  if (javaScriptEnabled) {
    const { format, width, height, orientation } = await sharp(sent!.bytes).metadata();
    // Upright: turned in the browser, with no EXIF left to turn it again.
    expect({ format, width, height, orientation }).toEqual({
      format: "jpeg",
      width: 1500,
      height: 2000,
      orientation: undefined,
    });
    expect(sent!.bytes.byteLength).toBeLessThan(portrait.buffer.byteLength * 0.4);
  } else {
    expect(Buffer.from(sent!.bytes).equals(portrait.buffer)).toBe(true);
  }

  // Either way the pet page loads a 720 px copy cut to its 4:3 frame from the upright photo (decision
  // 035, amended: the copy's pixels are checked upright in tests/integration/photos.test.ts).
  const petId = new URL(page.url()).searchParams.get("created");
  await page.goto(`/adopt/pet?pet_id=${petId}`);
  const source = await page.locator(`img[src^="/photos/juniper-"]`).getAttribute("src");
  const { width, height } = await sharp(await (await page.request.get(source!)).body()).metadata();
  expect([width, height]).toEqual([720, 540]);
});
