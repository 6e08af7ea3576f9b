import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivativeKey, derivatives } from "#app/lib/photos/photos";
import { loader } from "#app/routes/photos/photo";
import { storePhotos, type CheckedPhoto } from "#app/services/pet-photos.server";
import { createTestEnv, getRequest, type TestEnv } from "./harness";

let t: TestEnv;
const base = "luna-abcdefghijklmnopqrstuvwxyz012345";
const copyOf = (width: number, format: string) => `${base}-${width}w.${format}`;

/**
 * A phone photo as phones store it: the sensor's landscape pixels (red on top, blue below) with EXIF
 * orientation 6 (show turned a quarter clockwise: a portrait, red on the right), a GPS position and
 * the camera's name.
 */
async function phonePhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const half = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 600, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#000" } })
    .composite([
      { input: await half({ r: 220, g: 20, b: 20 }), top: 0, left: 0 },
      { input: await half({ r: 20, g: 20, b: 220 }), top: 200, left: 0 },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 44/1 5424/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "124/1 9/1 3600/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** The colour at the middle of the left and right edges of an image. */
async function edges(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const offset = (Math.floor(info.height / 2) * info.width + x) * info.channels;
    return data[offset]! > data[offset + 2]! ? "red" : "blue";
  };
  return { left: at(2), right: at(info.width - 3), width: info.width, height: info.height };
}

let original: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  t = await createTestEnv();
  original = await phonePhoto();
  // An original stored before uploads were re-encoded: sideways, with its GPS position.
  await t.env.PHOTOS.put(`${base}.jpg`, original, { httpMetadata: { contentType: "image/jpeg" } });
  await t.env.PHOTOS.put(copyOf(400, "webp"), new Uint8Array(await sharp(original).resize(400).webp().toBuffer()), {
    httpMetadata: { contentType: "image/webp" },
  });
  await t.env.PHOTOS.put("odd-abcdefghijklmnopqrstuvwxyz012345-720w.jpg", "<script>alert(1)</script>", {
    httpMetadata: { contentType: "text/html" },
  });
});
afterAll(() => t.dispose());

const get = (photoKey: string, headers?: HeadersInit) =>
  loader({ request: getRequest(`/photos/${photoKey}`, headers), params: { key: photoKey }, context: t.context });

describe("photo route", () => {
  it("the test photo carries GPS and an EXIF rotation, so the tests below can fail", async () => {
    const metadata = await sharp(original).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.exif?.toString("latin1")).toContain("PhoneMaker");
    expect(await edges(original)).toMatchObject({ width: 600, height: 400 });
  });

  it("streams a stored copy with its type, an ETag, nosniff and a year of immutable caching, and 304 on revalidation", async () => {
    const response = await get(copyOf(400, "webp"));
    expect([response.status, response.headers.get("Content-Type")]).toEqual([200, "image/webp"]);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await get(copyOf(400, "webp"), { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  });

  it("never serves an original, nor any name that is not a copy made", async () => {
    for (const name of [
      `${base}.jpg`,
      copyOf(400, "jpg"),
      copyOf(800, "webp"),
      copyOf(800, "jpg"),
      copyOf(720, "png"),
      "../../etc/passwd",
      "a%2Fb.jpg",
    ]) {
      const response = await get(name);
      expect(response.status, name).toBe(404);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("makes a missing copy on request from the original: upright, without metadata, kept for next time", async () => {
    for (const { width, format } of derivatives.filter(
      (derivative) => derivative.format !== "webp" || derivative.width !== 400,
    )) {
      const name = copyOf(width, format);
      expect(await t.env.PHOTOS.head(name), name).toBeNull();
      const response = await get(name);
      expect([response.status, response.headers.get("Content-Type")], name).toEqual([
        200,
        { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[format],
      ]);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.byteLength, name).toBeLessThan(original.byteLength * 2);
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.orientation], name).toEqual([undefined, undefined]);
      // Upright (a 400×600 portrait), and cut to the 4:3 frame it is shown in, from the middle.
      expect(await edges(bytes), name).toEqual({ left: "blue", right: "red", width: 400, height: 300 });
      expect(await t.env.PHOTOS.head(name), name).not.toBeNull();
    }
  });

  it("never serves a stored non-image as something a browser would run", async () => {
    const response = await get("odd-abcdefghijklmnopqrstuvwxyz012345-720w.jpg");
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
  });
});

describe("stored uploads", () => {
  it("keep no metadata, in the original or any copy, and are upright", async () => {
    const photo: CheckedPhoto = {
      file: new File([original], "Sofa nap.jpg", { type: "image/jpeg" }),
      bytes: original,
      type: "jpg",
      width: 600,
      height: 400,
    };
    const [key] = await storePhotos(t.env.PHOTOS, t.env.IMAGES, [photo]);
    expect(key).toMatch(/^sofa-nap-[a-z0-9]{32}\.jpg$/);
    for (const name of [key!, ...derivatives.map((derivative) => derivativeKey(key!, derivative))]) {
      const stored = await t.env.PHOTOS.get(name);
      expect(stored, name).not.toBeNull();
      const bytes = new Uint8Array(await stored!.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.orientation, metadata.xmp], name).toEqual([undefined, undefined, undefined]);
      expect(await edges(bytes), name).toMatchObject({ left: "blue", right: "red" });
      // The original stays a portrait; each copy fits the 4:3 frame of the cards and the pet page.
      if (name === key) expect(metadata.height! > metadata.width!, name).toBe(true);
      else expect([metadata.width, metadata.height], name).toEqual([400, 300]);
    }
  });
});
