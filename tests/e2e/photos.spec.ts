import { expect, test } from "./fixtures";

test("cards load the 800 px WebP copy on a phone; the JPEG fallback is served from R2, cacheable; unknown photos are 404", async ({ page, request }) => {
  await page.goto("/");
  const card = page.locator(".pet-card").first();
  const src = await card.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/photos\/[a-z]+-[a-z0-9]{32}-800w\.jpg$/);
  const base = src!.replace("-800w.jpg", "");
  await expect(card.locator("source")).toHaveAttribute("srcset", `${base}-400w.webp 400w, ${base}-800w.webp 800w`);
  await expect(card.locator("source")).toHaveAttribute("type", "image/webp");
  // 360 px wide at twice the density: the browser picks the 800 px WebP (once the lazy photo is in view).
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => card.locator("img").evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-800w\.webp$/);
  const webp = await request.get(`${base}-800w.webp`);
  expect([webp.status(), webp.headers()["content-type"]]).toEqual([200, "image/webp"]);

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

  expect((await request.get("/photos/nobody-00000000000000000000000000000000.jpg")).status()).toBe(404);
});

test("the placeholder for pets without photos is served", async ({ request }) => {
  const placeholder = await request.get("/images/pet-placeholder.svg");
  expect(placeholder.status()).toBe(200);
  expect(placeholder.headers()["content-type"]).toContain("image/svg+xml");
});
