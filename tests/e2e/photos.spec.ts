import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";

/** Demo dogs with photos: other tests add pets of their own (with plain test photos) to the lists. */
const demoDogsWithPhotos = demoPets()
  .filter((pet) => pet.species === "Dog" && pet.photos.length > 0)
  .map((pet) => pet.name);

test("cards of a list (two a row on a phone) load the 400 px AVIF copy; the JPEG fallback is served from R2, cacheable; originals and unknown names are 404", async ({
  page,
  request,
}) => {
  await page.goto("/adopt/dog");
  const names = await page.locator(".pet-card__name").allTextContents();
  const demoDog = names.find((name) => demoDogsWithPhotos.includes(name.trim()));
  expect(demoDog, "a demo dog with photos on the first page").toBeDefined();
  const card = page.locator(".pet-card", { has: page.locator(".pet-card__name", { hasText: demoDog! }) }).first();
  const src = await card.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/photos\/[a-z0-9-]+-[a-z0-9]{32}-720w\.jpg$/);
  const base = src!.replace("-720w.jpg", "");
  const sources = card.locator("source");
  await expect(sources.nth(0)).toHaveAttribute("type", "image/avif");
  await expect(sources.nth(0)).toHaveAttribute("srcset", `${base}-400w.avif 400w, ${base}-720w.avif 720w`);
  await expect(sources.nth(1)).toHaveAttribute("type", "image/webp");
  await expect(sources.nth(1)).toHaveAttribute("srcset", `${base}-400w.webp 400w, ${base}-720w.webp 720w`);
  // Two cards a row on a 360 px phone (decision 055): about 166 px at twice the density, so the browser
  // picks the 400 px AVIF (once the lazy photo is in view); the 720 px copies are there for wider frames.
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.locator("img").evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/-400w\.avif$/);
  for (const [name, type] of [
    ["400w.avif", "image/avif"],
    ["720w.avif", "image/avif"],
    ["720w.webp", "image/webp"],
  ]) {
    const copy = await request.get(`${base}-${name}`);
    expect([copy.status(), copy.headers()["content-type"]]).toEqual([200, type]);
  }

  const photo = await request.get(src!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  expect(photo.headers()["x-content-type-options"]).toBe("nosniff");
  expect(photo.headers()["cache-control"]).toContain("immutable");
  const body = await photo.body();
  expect(body.byteLength).toBeGreaterThan(5_000);
  expect([body[0], body[1]]).toEqual([0xff, 0xd8]);

  const revalidated = await request.get(src!, { headers: { "If-None-Match": photo.headers()["etag"]! } });
  expect(revalidated.status()).toBe(304);

  for (const name of [
    `${base}.jpg`,
    `${base}-400w.jpg`,
    `${base}-800w.webp`,
    "/photos/nobody-00000000000000000000000000000000-720w.jpg",
  ]) {
    expect((await request.get(name)).status(), name).toBe(404);
  }
});

test("the placeholder for pets without photos is served", async ({ request }) => {
  const placeholder = await request.get("/images/pet-placeholder.svg");
  expect(placeholder.status()).toBe(200);
  expect(placeholder.headers()["content-type"]).toContain("image/svg+xml");
});
