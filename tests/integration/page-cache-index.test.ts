import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPageCacheControl } from "#app/lib/http/http-cache";
import { cacheStatusHeader, servePage, type PageCacheContext } from "#server/page-cache";
import { cachedPageIndexLimit, deleteExpiredPageTags, pagePurger, type PagePurger } from "#server/page-purge";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { createTestEnv, type TestEnv } from "./harness";

/**
 * Without a Cloudflare zone, each stored page's tags are noted in D1 (decision 034). Any query string
 * makes a URL of its own, so anonymous visitors could add rows without end: the index is bounded, and
 * a page it cannot note is not stored (a purge never misses a stored page). Real D1 and the real
 * page cache and purger; the edge cache is a map.
 */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

/** The edge cache as a map (workerd's own is tested in page-cache.test.ts): a thousand pages go through it quickly. */
function mapCache(): NonNullable<PageCacheContext["cache"]> & { keys: () => string[] } {
  const stored = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
  return {
    match: async (key) => {
      const page = stored.get(key as string);
      return page ? new Response(page.body.slice(0), page.init) : undefined;
    },
    put: async (key, response) =>
      void stored.set(key as string, {
        body: await response.arrayBuffer(),
        init: { status: response.status, headers: [...response.headers] },
      }),
    delete: async (key) => stored.delete(key as string),
    keys: () => [...stored.keys()],
  };
}
const cache = mapCache();

const rows = async () =>
  (await t.env.DB.prepare("select count(*) as n from cached_page_tags").first<{ n: number }>())!.n;
const render = async () =>
  new Response("<!DOCTYPE html><p>Dogs</p>", {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": publicPageCacheControl },
  });
const random = () => crypto.randomUUID().slice(0, 12);

describe("the index of cached pages (no Cloudflare zone)", () => {
  it("keeps at most its limit of rows whatever query strings anonymous visitors send, and stores no page it did not note", async () => {
    const purger = pagePurger({ zone: null, cache, db: t.context.db });
    const pending: Promise<unknown>[] = [];
    // One moment for the whole test: this machine may take minutes for the thousand pages, and none may go stale meanwhile.
    const moment = Date.now();
    const context: PageCacheContext = {
      cache,
      waitUntil: (promise) => pending.push(promise),
      remember: purger.remember,
      now: () => moment,
    };
    const visit = async (url: string) => {
      const response = await servePage(new Request(url), context, render);
      await Promise.all(pending.splice(0));
      return response.headers.get(cacheStatusHeader);
    };

    const urls = Array.from({ length: 1000 }, () => `http://localhost/adopt/dog?${random()}=${random()}`);
    // Fifty visitors at a time, as a crawler or an attacker would send them.
    for (let start = 0; start < urls.length; start += 50) {
      const statuses = await Promise.all(
        urls
          .slice(start, start + 50)
          .map((url) =>
            servePage(new Request(url), context, render).then((response) => response.headers.get(cacheStatusHeader)),
          ),
      );
      expect(statuses.every((status) => status === "MISS")).toBe(true);
      await Promise.all(pending.splice(0));
    }
    expect(cachedPageIndexLimit).toBeLessThan(1000);
    expect(await rows()).toBe(cachedPageIndexLimit);

    // A page noted is in the cache; one past the limit was served but not stored.
    const noted = new Set(
      (await t.env.DB.prepare("select key from cached_page_tags").all<{ key: string }>()).results.map((row) => row.key),
    );
    const left = urls.find((url) => !noted.has(url))!;
    // Every stored page is noted, so a purge finds it.
    expect(cache.keys().length).toBeGreaterThan(0);
    expect(cache.keys().length).toBeLessThanOrEqual(cachedPageIndexLimit);
    expect(cache.keys().every((key) => noted.has(key))).toBe(true);
    const kept = cache.keys().at(-1)!;
    expect(await visit(kept)).toBe("HIT");
    expect(await visit(left)).toBe("MISS");
    // A purge still reaches every stored page: after it, the noted one renders again.
    await purger.purge(tagsForPetChange(1, ["Dog"]));
    expect(await rows()).toBe(0);
    expect(await visit(kept)).toBe("MISS");
  }, 600_000);

  it("takes new pages again once the rows of pages no cache keeps have expired, without waiting for the nightly run", async () => {
    await t.env.DB.prepare("delete from cached_page_tags").run();
    const old = Date.now() - 7 * 60 * 1000;
    const fill = Array.from({ length: cachedPageIndexLimit }, (_, index) =>
      t.env.DB.prepare("insert into cached_page_tags (tag, key, stored_at) values ('species-dog', ?, ?)").bind(
        `http://localhost/adopt/dog?old=${index}`,
        old,
      ),
    );
    await t.env.DB.batch(fill);
    const purger = pagePurger({ zone: null, cache, db: t.context.db });
    expect(await purger.remember!("http://localhost/adopt/cat", ["species-cat"], Date.now())).toBe(true);
    expect(await rows()).toBe(1);
    expect(await deleteExpiredPageTags(t.context.db, new Date())).toBe(0);
  }, 120_000);

  describe("a page rendered before a staff change is not left in the cache after its purge", () => {
    const url = "http://localhost/adopt/other";
    const tags = tagsForPetChange(7, ["Other"]);
    let purger: PagePurger;
    beforeAll(() => {
      purger = pagePurger({ zone: null, cache, db: t.context.db });
    });

    /** Serves `url` once with `render` and `edge`, and waits for what runs after the answer. */
    async function serve(edge: NonNullable<PageCacheContext["cache"]>, renderPage = render) {
      const pending: Promise<unknown>[] = [];
      const context: PageCacheContext = {
        cache: edge,
        waitUntil: (promise) => pending.push(promise),
        remember: purger.remember,
        purgedSince: purger.purgedSince,
      };
      const status = (await servePage(new Request(url), context, renderPage)).headers.get(cacheStatusHeader);
      await Promise.all(pending);
      return status;
    }

    it("when the purge runs while the page renders (before it is noted), the page is not stored", async () => {
      await t.env.DB.prepare("delete from cached_page_tags").run();
      await cache.delete(url);
      // The staff change and its purge land while this visitor's page is being rendered from the old rows.
      const renderedDuringPurge = async () => {
        const page = await render();
        await purger.purge(tags);
        return page;
      };
      expect(await serve(cache, renderedDuringPurge)).toBe("MISS");
      expect(cache.keys()).not.toContain(url);
      expect(await rows()).toBe(0);
      // The next visitor's page renders after the change and is kept.
      expect(await serve(cache)).toBe("MISS");
      expect(await serve(cache)).toBe("HIT");
    });

    it("when the purge runs after the page is noted and before it is stored, the stored copy is dropped", async () => {
      await purger.purge(tags);
      await cache.delete(url);
      // The purge takes the page's row and deletes a copy that is not there yet; the copy is stored after it.
      const purgeBeforeStoring: NonNullable<PageCacheContext["cache"]> = {
        match: cache.match,
        delete: cache.delete,
        put: async (key, response) => {
          await purger.purge(tags);
          await cache.put(key, response);
        },
      };
      expect(await serve(purgeBeforeStoring)).toBe("MISS");
      expect(cache.keys()).not.toContain(url);
      expect(await serve(cache)).toBe("MISS");
      expect(await serve(cache)).toBe("HIT");
    });
  });
});
