import { Miniflare, WorkerdResponse } from "./miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalCacheControl, publicPageCacheControl } from "#app/lib/http/http-cache";
import { cacheStatusHeader, servePage, type PageCacheContext } from "#server/page-cache";

// The edge cache here is workerd's own Cache API (through Miniflare), as `wrangler dev` runs it;
// responses cross into workerd as Miniflare's own Response class.
let miniflare: Miniflare;
let cache: NonNullable<PageCacheContext["cache"]>;
beforeAll(async () => {
  miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
  });
  const edge = (await miniflare.getCaches()).default;
  cache = {
    match: async (key) => {
      const found = await edge.match(key as string);
      return found
        ? new Response(await found.arrayBuffer(), { status: found.status, headers: [...found.headers] })
        : undefined;
    },
    put: async (key, response) =>
      edge.put(
        key as string,
        new WorkerdResponse(await response.arrayBuffer(), { status: response.status, headers: [...response.headers] }),
      ),
    delete: (key) => edge.delete(key as string),
  };
});
afterAll(() => miniflare.dispose());

let clock = Date.parse("2026-11-30T12:00:00Z");
const pending: Promise<unknown>[] = [];
const context = (): PageCacheContext => ({ cache, waitUntil: (promise) => pending.push(promise), now: () => clock });
const settle = () => Promise.all(pending.splice(0));

/** A stand-in for Remix: renders a numbered page, public unless told otherwise. */
function renderer(headers: Record<string, string> = {}) {
  let renders = 0;
  const render = async () => {
    renders += 1;
    return new Response(`<!DOCTYPE html><p>render ${renders}</p>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": publicPageCacheControl, ...headers },
    });
  };
  return { render, count: () => renders };
}

let path = 0;
const freshUrl = () => `http://localhost/page-${++path}`;

describe("page cache", () => {
  it("serves an anonymous public page from the cache, fresh for a minute, then stale while it renders again", async () => {
    const url = freshUrl();
    const { render, count } = renderer();
    const first = await servePage(new Request(url), context(), render);
    expect(first.headers.get(cacheStatusHeader)).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe(publicPageCacheControl);
    expect(await first.text()).toBe("<!DOCTYPE html><p>render 1</p>");
    await settle();

    clock += 30_000;
    const hit = await servePage(new Request(url), context(), render);
    expect(hit.headers.get(cacheStatusHeader)).toBe("HIT");
    expect(hit.headers.get("Cache-Control")).toBe(publicPageCacheControl);
    expect(hit.headers.get("Age")).toBe("30");
    expect(await hit.text()).toBe("<!DOCTYPE html><p>render 1</p>");
    expect(count()).toBe(1);

    clock += 60_000;
    const stale = await servePage(new Request(url), context(), render);
    expect(stale.headers.get(cacheStatusHeader)).toBe("STALE");
    expect(await stale.text()).toBe("<!DOCTYPE html><p>render 1</p>");
    await settle();
    expect(count()).toBe(2);
    const refreshed = await servePage(new Request(url), context(), render);
    expect(refreshed.headers.get(cacheStatusHeader)).toBe("HIT");
    expect(await refreshed.text()).toBe("<!DOCTYPE html><p>render 2</p>");

    clock += 400_000;
    const expired = await servePage(new Request(url), context(), render);
    expect(expired.headers.get(cacheStatusHeader)).toBe("MISS");
    expect(await expired.text()).toBe("<!DOCTYPE html><p>render 3</p>");
    await settle();
  });

  it("keeps pages per build: after a deploy, no page that names the last build's script files is served", async () => {
    const url = freshUrl();
    const { render, count } = renderer();
    const build = (version: string): PageCacheContext => ({ ...context(), build: version });
    expect((await servePage(new Request(url), build("aaa111"), render)).headers.get(cacheStatusHeader)).toBe("MISS");
    await settle();
    expect((await servePage(new Request(url), build("aaa111"), render)).headers.get(cacheStatusHeader)).toBe("HIT");
    const deployed = await servePage(new Request(url), build("bbb222"), render);
    expect(deployed.headers.get(cacheStatusHeader)).toBe("MISS");
    expect(await deployed.text()).toContain("render 2");
    await settle();
    expect(count()).toBe(2);
  });

  it("answers 304 to a matching If-None-Match, from the cache or not", async () => {
    const url = freshUrl();
    const { render } = renderer();
    const first = await servePage(new Request(url), context(), render);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\//);
    await settle();
    const cached = await servePage(new Request(url, { headers: { "If-None-Match": etag! } }), context(), render);
    expect(cached.status).toBe(304);
    expect(cached.headers.get("ETag")).toBe(etag);
    expect(await cached.text()).toBe("");

    const noCache = { waitUntil: () => {} };
    const sameBody = await servePage(
      new Request(freshUrl(), { headers: { "If-None-Match": etag! } }),
      noCache,
      renderer().render,
    );
    expect(sameBody.status).toBe(304);
    const otherBody = await servePage(
      new Request(freshUrl(), { headers: { "If-None-Match": 'W/"older"' } }),
      noCache,
      renderer().render,
    );
    expect(otherBody.status).toBe(200);
    expect(otherBody.headers.get("ETag")).toBe(etag);
  });

  it("makes each copy served from the cache the answer's own (the Worker's fresh nonce), never a 304 or a new rendering", async () => {
    const url = freshUrl();
    const { render } = renderer();
    let owned = 0;
    const owning = (): PageCacheContext => ({
      ...context(),
      ownCopy: (page) => {
        owned += 1;
        const headers = new Headers(page.headers);
        headers.set("X-Owned-By", `answer ${owned}`);
        return new Response(page.body, { status: page.status, headers });
      },
    });
    const miss = await servePage(new Request(url), owning(), render);
    expect(miss.headers.get("X-Owned-By")).toBeNull();
    await settle();
    const hits = [
      await servePage(new Request(url), owning(), render),
      await servePage(new Request(url), owning(), render),
    ];
    expect(hits.map((hit) => [hit.headers.get(cacheStatusHeader), hit.headers.get("X-Owned-By")])).toEqual([
      ["HIT", "answer 1"],
      ["HIT", "answer 2"],
    ]);
    expect(await hits[1]!.text()).toBe("<!DOCTYPE html><p>render 1</p>");
    const revalidated = await servePage(
      new Request(url, { headers: { "If-None-Match": miss.headers.get("ETag")! } }),
      owning(),
      render,
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("X-Owned-By")).toBeNull();
    clock += 60_000;
    const stale = await servePage(new Request(url), owning(), render);
    expect([stale.headers.get(cacheStatusHeader), stale.headers.get("X-Owned-By")]).toEqual(["STALE", "answer 3"]);
    await settle();
    expect(owned).toBe(3);
  });

  it("never stores or serves from the cache a request with a cookie, and makes its page private", async () => {
    const url = freshUrl();
    const { render, count } = renderer();
    await servePage(new Request(url), context(), render);
    await settle();

    const signedIn = await servePage(
      new Request(url, { headers: { Cookie: "__Host-session=abc" } }),
      context(),
      render,
    );
    expect(signedIn.headers.get("Cache-Control")).toBe(personalCacheControl);
    expect(signedIn.headers.get(cacheStatusHeader)).toBeNull();
    expect(signedIn.headers.get("ETag")).toBeNull();
    expect(await signedIn.text()).toBe("<!DOCTYPE html><p>render 2</p>");
    expect(count()).toBe(2);
  });

  it("does not keep a page that sets a cookie, or one that is not public", async () => {
    const variants: Record<string, string>[] = [{ "Set-Cookie": "adopt-filters=abc; Path=/" }, { "Cache-Control": "" }];
    for (const headers of variants) {
      const url = freshUrl();
      const { render, count } = renderer(headers);
      const first = await servePage(new Request(url), context(), render);
      expect(first.headers.get("Cache-Control")).toBe(personalCacheControl);
      await settle();
      await servePage(new Request(url), context(), render);
      expect(count()).toBe(2);
      expect(await cache.match(url)).toBeUndefined();
    }
  });
});
