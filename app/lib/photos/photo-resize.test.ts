import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  browserResize,
  jpegName,
  keepOriginal,
  readImageHeader,
  shouldResize,
  swapsSides,
  targetSize,
  uprightSize,
} from "./photo-resize";

const jpeg = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: "#a63" } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};
const start = (bytes: Uint8Array) => new Uint8Array(bytes.subarray(0, browserResize.headerBytes));

describe("readImageHeader", () => {
  it("reads a JPEG's stored size and EXIF orientation (little-endian EXIF, after an ICC profile)", async () => {
    // withMetadata also writes an ICC profile segment: the frame header comes after both.
    expect(readImageHeader(start(await jpeg(400, 300, 6)))).toEqual({
      type: "jpeg",
      width: 400,
      height: 300,
      orientation: 6,
    });
    expect(readImageHeader(start(await jpeg(400, 300, 3)))).toEqual({
      type: "jpeg",
      width: 400,
      height: 300,
      orientation: 3,
    });
  });

  it("says orientation 1 for a JPEG without EXIF", async () => {
    expect(readImageHeader(await jpeg(120, 80))).toEqual({ type: "jpeg", width: 120, height: 80, orientation: 1 });
  });

  it("reads big-endian EXIF", () => {
    // The browser's orientation probe of photo-upload.ts: 2×1, orientation 6, "MM" byte order.
    const probe = Uint8Array.from(
      atob(
        "/9j/4QAiRXhpZgAATU0AKgAAAAgAAQESAAMAAAABAAYAAAAAAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/wAALCAABAAIBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AR//Z",
      ),
      (char) => char.charCodeAt(0),
    );
    expect(readImageHeader(probe)).toEqual({ type: "jpeg", width: 2, height: 1, orientation: 6 });
  });

  it("reads a PNG's size", async () => {
    const png = await sharp({ create: { width: 640, height: 2400, channels: 4, background: "#0000" } })
      .png()
      .toBuffer();
    expect(readImageHeader(png)).toEqual({ type: "png", width: 640, height: 2400, orientation: 1 });
  });

  it("gives up on anything else, and on a start that stops before the frame header", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect(readImageHeader(webp)).toBeNull();
    expect(readImageHeader(new TextEncoder().encode("not a photo at all"))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
    const withExif = await jpeg(400, 300, 6);
    expect(readImageHeader(withExif.subarray(0, 40))).toBeNull();
  });
});

describe("sizes", () => {
  it("scales the long side down to 2000 px, keeping proportions, never up", () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(targetSize(5312, 2988)).toEqual({ width: 2000, height: 1125 });
    expect(targetSize(2000, 2000)).toEqual({ width: 2000, height: 2000 });
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
    // A panorama keeps at least a pixel on its short side.
    expect(targetSize(20000, 3)).toEqual({ width: 2000, height: 1 });
    expect(targetSize(1000, 500, 400)).toEqual({ width: 400, height: 200 });
  });

  it("turns the size a quarter for orientations 5 to 8 only", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(swapsSides)).toEqual([false, false, false, false, true, true, true, true]);
    expect(uprightSize({ type: "jpeg", width: 4000, height: 3000, orientation: 6 })).toEqual({
      width: 3000,
      height: 4000,
    });
    expect(uprightSize({ type: "jpeg", width: 4000, height: 3000, orientation: 3 })).toEqual({
      width: 4000,
      height: 3000,
    });
  });
});

describe("what is resized", () => {
  const header = (width: number, height: number, orientation = 1) => ({
    type: "jpeg" as const,
    width,
    height,
    orientation,
  });

  it("resizes a photo larger than 2000 px on a side, or one that must be turned", () => {
    expect(shouldResize(header(4000, 3000))).toBe(true);
    expect(shouldResize(header(1200, 2001))).toBe(true);
    expect(shouldResize(header(800, 600, 6))).toBe(true);
    expect(shouldResize(header(800, 600, 3))).toBe(true);
  });

  it("sends as it is a photo small enough and upright, and a file that is no JPEG or PNG", () => {
    expect(shouldResize(header(2000, 1500))).toBe(false);
    expect(shouldResize(header(800, 600))).toBe(false);
    expect(shouldResize(null)).toBe(false);
  });

  it("keeps the original when re-encoding made it no smaller, unless it had to be turned", () => {
    expect(keepOriginal(header(2400, 1800), 500_000, 600_000)).toBe(true);
    expect(keepOriginal(header(2400, 1800), 500_000, 500_000)).toBe(true);
    expect(keepOriginal(header(2400, 1800), 500_000, 400_000)).toBe(false);
    expect(keepOriginal(header(2400, 1800, 6), 500_000, 600_000)).toBe(false);
  });

  it("names a re-encoded photo .jpg", () => {
    expect(jpegName("Rex at the park.PNG")).toBe("Rex at the park.jpg");
    expect(jpegName("IMG_0001.jpeg")).toBe("IMG_0001.jpg");
    expect(jpegName("no extension")).toBe("no extension.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
  });
});
