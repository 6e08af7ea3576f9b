import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareImageKey } from "#app/lib/photos/photos";
import { loader } from "#app/routes/photos/share-image";
import { createTestEnv, getRequest, respond, type TestEnv } from "./harness";

/**
 * The pet page's share image (decision 043) is made once: the first request crops the photo and
 * keeps the result in R2; later requests are sent what was kept, with no transform.
 */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const key = "oncey-abcdefghijklmnopqrstuvwxyz012345.jpg";
const share = async () => (await respond(t, loader, getRequest(`/photos/share/${key}`), { key })).response!;

describe("/photos/share/<key>", () => {
  it("keeps the image it made, and sends the kept one on every later request", async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 20, b: 220 } },
    })
      .jpeg()
      .toBuffer();
    await t.env.PHOTOS.put(key, new Uint8Array(photo), { httpMetadata: { contentType: "image/jpeg" } });

    const first = await share();
    expect(first.status).toBe(200);
    const made = Buffer.from(await first.arrayBuffer());
    expect(await sharp(made).metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
    const kept = await t.env.PHOTOS.get(shareImageKey(key));
    expect(kept).not.toBeNull();
    expect(Buffer.from(await kept!.arrayBuffer()).equals(made)).toBe(true);

    // Were it made again, it would be a new crop of the blue photo; it is the kept object, byte for byte.
    const marker = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: { r: 0, g: 200, b: 0 } },
    })
      .jpeg()
      .toBuffer();
    await t.env.PHOTOS.put(shareImageKey(key), new Uint8Array(marker), { httpMetadata: { contentType: "image/jpeg" } });
    const second = await share();
    expect(second.status).toBe(200);
    expect(second.headers.get("Content-Length")).toBe(String(marker.byteLength));
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await second.arrayBuffer()).equals(marker)).toBe(true);
  });

  it("is no photo of its own: the kept image's name is served by no photo route", async () => {
    const name = shareImageKey(key);
    expect(
      (await respond(t, loader, getRequest(`/photos/share/${encodeURIComponent(name)}`), { key: name })).status,
    ).toBe(404);
  });

  it("crops no foster-note photo: a note's photos are public only through the photo route, once approved (decision 053)", async () => {
    const noteKey = "note_abcdefghijklmnopqrstuvwxyz012345.jpg";
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 20, b: 20 } },
    })
      .jpeg()
      .toBuffer();
    await t.env.PHOTOS.put(noteKey, new Uint8Array(photo), { httpMetadata: { contentType: "image/jpeg" } });
    expect((await respond(t, loader, getRequest(`/photos/share/${noteKey}`), { key: noteKey })).status).toBe(404);
    expect(await t.env.PHOTOS.get(shareImageKey(noteKey))).toBeNull();
  });
});
