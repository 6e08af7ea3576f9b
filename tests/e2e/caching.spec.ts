import type { APIResponse } from "@playwright/test";
import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// The cache policy as the Worker applies it (server/page-cache.ts, decision 019), on the production build.
const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

function expectPrivate(response: APIResponse) {
  const cacheControl = response.headers()["cache-control"] ?? "";
  expect(cacheControl).toMatch(/^private, no-(cache|store)$/);
  expect(cacheControl).not.toContain("public");
  expect(response.headers()["x-page-cache"]).toBeUndefined();
}

test("a public page without cookies is cacheable at the edge and revalidates with its ETag", async ({ playwright, baseURL }, testInfo) => {
  const visitor = await playwright.request.newContext({ baseURL });
  // Each rendering has its own CSP nonce, so each project caches its own URL: the other project's
  // first rendering must not replace this one's cached copy between the requests below.
  const page = `/foster?project=${testInfo.project.name}`;
  try {
    const first = await visitor.get(page);
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe(publicPage);
    expect(first.headers()["vary"]).toBe("Cookie");
    expect(first.headers()["x-page-cache"]).toMatch(/^(MISS|HIT|STALE)$/);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^W\/"/);

    const again = await visitor.get(page);
    expect(again.headers()["x-page-cache"]).toMatch(/^(HIT|STALE)$/);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);

    const revalidated = await visitor.get(page, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()["etag"]).toBe(etag);

    const data = await visitor.get("/adopt/dog.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe(publicPage);
  } finally {
    await visitor.dispose();
  }
});

test("a visitor's remembered filters make the adopt list private, from the cookie on", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const filtered = await visitor.get("/adopt/dog?sort=za");
    expect(filtered.status()).toBe(200);
    expect(filtered.headers()["set-cookie"]).toContain("adopt-filters=");
    expectPrivate(filtered);

    const remembered = await visitor.get("/adopt/dog");
    expect((await visitor.storageState()).cookies.map((cookie) => cookie.name)).toContain("adopt-filters");
    expectPrivate(remembered);
    expect(remembered.headers()["etag"]).toBeUndefined();
  } finally {
    await visitor.dispose();
  }
});

test("signed-in pages are never public, not even those that are public to visitors", async ({ page }) => {
  await signIn(page, "adopter@example.com", "paws-and-whiskers-42");
  await expect(page).toHaveURL(/\/$/);
  for (const path of ["/", "/foster", "/adopt/dog", "/adopt/dog.data", "/favorite"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expectPrivate(response);
  }
  expect(await (await page.request.get("/")).text()).toContain("Alex");
});

test("built assets are immutable for a year; pages that did not opt in are private", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator('script[type="module"][src], link[rel="modulepreload"]').first().evaluate((element) => element.getAttribute("src") ?? element.getAttribute("href"));
  expect(script).toMatch(/^\/assets\//);
  expect((await request.get(script!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  expectPrivate(await request.get("/sign-in"));
  expect((await request.get("/healthz")).headers()["cache-control"]).toBe("no-store");
});
