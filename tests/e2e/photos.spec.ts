import { expect, test } from "./fixtures";

test("pet photos are served from R2 as cacheable JPEGs, unknown ones are 404", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.locator(".pet-card img").first().getAttribute("src");
  expect(src).toMatch(/^\/photos\/[a-z]+-[a-z0-9]{32}\.jpg$/);

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
