import { describe, expect, it } from "vitest";
import {
  applyCachePolicy,
  ifNoneMatchHits,
  personalCacheControl,
  publicPageCacheControl,
  weakEtag,
} from "./http-cache";

const page = (init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response("<!DOCTYPE html><p>Hello</p>", {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": publicPageCacheControl, ...init.headers },
  });
const get = (headers: Record<string, string> = {}) => new Request("http://localhost/adopt/dog", { headers });

describe("cache policy", () => {
  it("keeps a page public when the route allows it, the visitor sends no cookie and none is set", () => {
    const response = page();
    expect(applyCachePolicy(get(), response)).toBe(true);
    expect(response.headers.get("Cache-Control")).toBe(publicPageCacheControl);
  });

  it("makes a page private when the request carries any cookie", () => {
    const response = page();
    expect(applyCachePolicy(get({ Cookie: "adopt-filters=abc" }), response)).toBe(false);
    expect(response.headers.get("Cache-Control")).toBe(personalCacheControl);
  });

  it("makes a page private when the response sets a cookie", () => {
    const response = page({ headers: { "Set-Cookie": "adopt-filters=abc; Path=/" } });
    expect(applyCachePolicy(get(), response)).toBe(false);
    expect(response.headers.get("Cache-Control")).toBe(personalCacheControl);
  });

  it("makes private the pages that did not opt in, errors, posts and single-fetch data alike", () => {
    const notOptedIn = page({ headers: { "Cache-Control": "" } });
    expect(applyCachePolicy(get(), notOptedIn)).toBe(false);
    expect(notOptedIn.headers.get("Cache-Control")).toBe(personalCacheControl);

    const missing = page({ status: 404 });
    expect(applyCachePolicy(get(), missing)).toBe(false);
    expect(missing.headers.get("Cache-Control")).toBe(personalCacheControl);

    const posted = page();
    expect(applyCachePolicy(new Request("http://localhost/?index", { method: "POST" }), posted)).toBe(false);

    const data = new Response("[]", { headers: { "Content-Type": "text/x-script", "Set-Cookie": "session=1" } });
    expect(applyCachePolicy(new Request("http://localhost/adopt/dog.data"), data)).toBe(false);
    expect(data.headers.get("Cache-Control")).toBe(personalCacheControl);
  });

  it("leaves other responses their own caching, unless they set a cookie", () => {
    const photo = new Response("jpeg", {
      headers: { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable" },
    });
    expect(applyCachePolicy(get({ Cookie: "session=1" }), photo)).toBe(false);
    expect(photo.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const toggle = new Response(null, { status: 302, headers: { Location: "/", "Set-Cookie": "pending-favorite=3" } });
    applyCachePolicy(get(), toggle);
    expect(toggle.headers.get("Cache-Control")).toBe(personalCacheControl);
  });
});

describe("entity tags", () => {
  it("are weak, equal for equal bodies and different for different ones", async () => {
    const body = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
    const tag = await weakEtag(body("<p>a</p>"));
    expect(tag).toMatch(/^W\/"[A-Za-z0-9+/]{22}"$/);
    expect(await weakEtag(body("<p>a</p>"))).toBe(tag);
    expect(await weakEtag(body("<p>b</p>"))).not.toBe(tag);
  });

  it("match If-None-Match by weak comparison, in a list or as a wildcard", () => {
    expect(ifNoneMatchHits('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits("*", 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHits(null, 'W/"abc"')).toBe(false);
  });
});
