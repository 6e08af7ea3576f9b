import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/photos.$key";
import { createTestEnv, getRequest, type TestEnv } from "./harness";

let t: TestEnv;
const key = "luna-abcdefghijklmnopqrstuvwxyz012345.jpg";
const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

beforeAll(async () => {
  t = await createTestEnv();
  await t.env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  await t.env.PHOTOS.put("odd-abcdefghijklmnopqrstuvwxyz012345.png", "<script>alert(1)</script>", {
    httpMetadata: { contentType: "text/html" },
  });
});
afterAll(() => t.dispose());

const get = (photoKey: string, headers?: HeadersInit) =>
  loader({ request: getRequest(`/photos/${photoKey}`, headers), params: { key: photoKey }, context: t.context });

describe("photo route", () => {
  it("streams the photo's bytes with its type, an ETag, nosniff and a year of immutable caching", async () => {
    const response = await get(key);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toMatch(/^".+"$/);
  });

  it("serves a resized copy, and the original in place of a copy that was never made", async () => {
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 9, 9]);
    await t.env.PHOTOS.put("luna-abcdefghijklmnopqrstuvwxyz012345-400w.webp", webp, { httpMetadata: { contentType: "image/webp" } });
    const copy = await get("luna-abcdefghijklmnopqrstuvwxyz012345-400w.webp");
    expect([copy.status, copy.headers.get("Content-Type")]).toEqual([200, "image/webp"]);
    expect(new Uint8Array(await copy.arrayBuffer())).toEqual(webp);

    const missing = await get("luna-abcdefghijklmnopqrstuvwxyz012345-800w.webp");
    expect([missing.status, missing.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    expect(new Uint8Array(await missing.arrayBuffer())).toEqual(bytes);
    expect((await get("nobody-abcdefghijklmnopqrstuvwxyz012345-800w.webp")).status).toBe(404);
  });

  it("answers a revalidation with the same ETag by 304 and no body", async () => {
    const etag = (await get(key)).headers.get("ETag") ?? "";
    const response = await get(key, { "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
  });

  it("answers 404 for unknown and malformed keys", async () => {
    for (const missing of ["nobody-abcdefghijklmnopqrstuvwxyz012345.jpg", "../../etc/passwd", "a%2Fb.jpg"]) {
      const response = await get(missing);
      expect(response.status).toBe(404);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("never serves a stored non-image as something a browser would run", async () => {
    const response = await get("odd-abcdefghijklmnopqrstuvwxyz012345.png");
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
  });
});
