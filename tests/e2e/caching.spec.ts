import type { APIResponse } from "@playwright/test";
import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

// The cache policy as the Worker applies it (server/page-cache.ts, decision 019), on the production build.
const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const nonceOf = (response: APIResponse) => response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];

function expectPrivate(response: APIResponse) {
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-page-cache"]).toBeUndefined();
}

test("a public page without cookies is cacheable at the edge and revalidates with its ETag", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const visitor = await playwright.request.newContext({ baseURL });
  // Each project caches its own URL: the other project's first rendering must not replace this one's
  // cached copy (and its ETag) between the requests below. A page that shows no pet (it carries no cache
  // tag): a pet changed by another test meanwhile purges every page that lists pets (decision 034), and
  // once made this test meet a MISS on /foster.
  const page = `/volunteer?project=${testInfo.project.name}&etag`;
  try {
    const first = await visitor.get(page);
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe(publicPage);
    expect(first.headers()["vary"]).toBe("Cookie");
    expect(first.headers()["x-page-cache"]).toMatch(/^(MISS|HIT|STALE)$/);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^W\/"/);

    // The Worker stores the page after it has answered (waitUntil): the next request meets the stored
    // copy once it is there.
    let stored: APIResponse | undefined;
    await expect
      .poll(async () => {
        stored = await visitor.get(page);
        return stored.headers()["x-page-cache"];
      })
      .toMatch(/^(HIT|STALE)$/);
    const again = stored!;
    // The same page under its own nonce (decision 028): in the policy and in every nonce attribute.
    const [firstNonce, againNonce] = [nonceOf(first), nonceOf(again)];
    expect(againNonce).toBeTruthy();
    expect(againNonce).not.toBe(firstNonce);
    const againHtml = await again.text();
    expect(new Set([...againHtml.matchAll(/\snonce="([^"]*)"/g)].map(([, nonce]) => nonce))).toEqual(
      new Set([againNonce]),
    );
    expect(againHtml.replaceAll(againNonce!, "")).toBe((await first.text()).replaceAll(firstNonce!, ""));
    expect(again.headers()["etag"]).toBe(etag);

    const revalidated = await visitor.get(page, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()["etag"]).toBe(etag);
    // The browser keeps the policy of its own copy: a 304 carries none to replace it.
    expect(revalidated.headers()["content-security-policy"]).toBeUndefined();

    const data = await visitor.get("/adopt/dog.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe(publicPage);
  } finally {
    await visitor.dispose();
  }
});

test("a visitor's remembered filters make the adopt list private, from the cookie on", async ({
  playwright,
  baseURL,
}) => {
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

test("built assets are immutable for a year; pages that did not opt in are private", async ({ request }) => {
  // From the page as sent: its inline manifest names the entry module (the page adds the module
  // preloads itself after its load event, decision 045).
  const page = await (await request.get("/")).text();
  const script = /"entry":\{"module":"([^"]+)"/.exec(page)?.[1];
  expect(script).toMatch(/^\/assets\//);
  expect((await request.get(script!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  expectPrivate(await request.get("/sign-in"));
  expect((await request.get("/healthz")).headers()["cache-control"]).toBe("no-store");
});

test("the header's logo and the tab's icon are kept for a day, not revalidated by every page view", async ({
  request,
}) => {
  // Without a lifetime of their own, Workers static assets answer "max-age=0, must-revalidate": every
  // page view asked for the logo again (a 304, one round trip on a slow phone network).
  for (const file of ["/logo.svg", "/favicon.svg"])
    expect((await request.get(file)).headers()["cache-control"], file).toBe("public, max-age=86400");
});

test("a page from the edge cache runs its scripts under its own fresh nonce, and after a 304", async ({
  page,
  visit,
  javaScriptEnabled,
}, testInfo) => {
  const url = `/volunteer?project=${testInfo.project.name}`;
  // Another visitor's request puts the page in the edge cache; this browser has no copy of its own.
  const stored = await page.request.get(url);
  await expect.poll(async () => (await page.request.get(url)).headers()["x-page-cache"]).toMatch(/^(HIT|STALE)$/);
  const documents: { cache: string; nonce: string }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1] ?? "";
    documents.push({ cache: response.headers()["x-page-cache"] ?? "", nonce });
  });
  // The `visit` fixture fails on any CSP violation: scripts whose nonce missed the header would be one.
  await visit(url);
  expect(documents[0]?.cache).toMatch(/^(HIT|STALE)$/);
  expect(documents[0]?.nonce).not.toBe(nonceOf(stored));
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Again: the browser revalidates its copy (304) and keeps that copy's policy.
  await visit(url);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});
