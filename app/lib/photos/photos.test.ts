import { describe, expect, it } from "vitest";
import {
  derivativeKey,
  derivatives,
  ifNoneMatchEtag,
  isPhotoKey,
  derivativeOfKey,
  keysWithDerivatives,
  photoSources,
  photoUrl,
  orderByPositions,
  shareImageKey,
} from "./photos";

describe("isPhotoKey", () => {
  it("accepts the stored key shape", () => {
    expect(isPhotoKey("luna-abcdefghijklmnopqrstuvwxyz012345.jpg")).toBe(true);
    expect(isPhotoKey("max-0123456789abcdefghijklmnopqrstuv.png")).toBe(true);
  });

  it.each(["", "../secret.jpg", "a/b.jpg", "Luna.JPG", "luna.gif", "luna-x.jpg?x", "a..jpg"])("refuses %j", (key) => {
    expect(isPhotoKey(key)).toBe(false);
  });

  it("builds the photo route URL", () => {
    expect(photoUrl("luna-1.jpg")).toBe("/photos/luna-1.jpg");
  });
});

describe("ifNoneMatchEtag", () => {
  it("unquotes one entity tag, weak or strong", () => {
    expect(ifNoneMatchEtag('"abc123"')).toBe("abc123");
    expect(ifNoneMatchEtag('W/"abc123"')).toBe("abc123");
  });

  it.each([null, "", "*", '"a", "b"', "abc"])("has no tag for %j", (header) => {
    expect(ifNoneMatchEtag(header)).toBeUndefined();
  });
});

describe("photo derivatives", () => {
  const key = "luna-abcdefghijklmnopqrstuvwxyz012345.jpg";

  it("sit beside the photo under predictable keys, all valid photo keys", () => {
    const keys = keysWithDerivatives([key]);
    expect(keys).toEqual([
      key,
      "luna-abcdefghijklmnopqrstuvwxyz012345-400w.avif",
      "luna-abcdefghijklmnopqrstuvwxyz012345-720w.avif",
      "luna-abcdefghijklmnopqrstuvwxyz012345-400w.webp",
      "luna-abcdefghijklmnopqrstuvwxyz012345-720w.webp",
      "luna-abcdefghijklmnopqrstuvwxyz012345-720w.jpg",
      "share/luna-abcdefghijklmnopqrstuvwxyz012345-1200x630.jpg",
    ]);
    // The copies are served by their names; the kept share image only through /photos/share/<photo key>.
    expect(keys.slice(0, -1).every(isPhotoKey)).toBe(true);
    expect(isPhotoKey(shareImageKey(key))).toBe(false);
    expect(derivativeKey("max-1.png", derivatives[0])).toBe("max-1-400w.avif");
  });

  it("know the copies made and the originals they are made from; any other name is none", () => {
    expect(derivativeOfKey("luna-1-720w.webp")).toEqual({
      derivative: { width: 720, format: "webp" },
      originals: ["luna-1.jpg", "luna-1.png"],
    });
    for (const unknown of [key, "luna-1-400w.jpg", "luna-1-800w.webp", "luna-1-720w.png", "luna-1-720w"])
      expect(derivativeOfKey(unknown), unknown).toBeNull();
  });

  it("give the picture sources of a photo URL, and none for other images", () => {
    expect(photoSources(photoUrl(key))).toEqual({
      avifSrcSet:
        "/photos/luna-abcdefghijklmnopqrstuvwxyz012345-400w.avif 400w, /photos/luna-abcdefghijklmnopqrstuvwxyz012345-720w.avif 720w",
      webpSrcSet:
        "/photos/luna-abcdefghijklmnopqrstuvwxyz012345-400w.webp 400w, /photos/luna-abcdefghijklmnopqrstuvwxyz012345-720w.webp 720w",
      jpegSrc: "/photos/luna-abcdefghijklmnopqrstuvwxyz012345-720w.jpg",
    });
    expect(photoSources("/images/pet-placeholder.svg")).toBeNull();
  });
});

describe("orderByPositions", () => {
  const keys = ["a.jpg", "b.jpg", "c.jpg"];
  it("sorts the pet's photos by the positions typed beside them, ties and gaps keeping their order", () => {
    expect(orderByPositions(keys, keys, [3, 1, 2])).toEqual(["b.jpg", "c.jpg", "a.jpg"]);
    expect(orderByPositions(keys, keys, [2, 2, 1])).toEqual(["c.jpg", "a.jpg", "b.jpg"]);
    expect(orderByPositions(keys, keys, [1, Number.NaN, 2])).toEqual(["a.jpg", "c.jpg", "b.jpg"]);
  });
  it("counts only the pet's own photos and puts those left out last", () => {
    expect(orderByPositions(keys, ["c.jpg", "other.jpg", "b.jpg"], [1, 0, 2])).toEqual(["c.jpg", "b.jpg", "a.jpg"]);
  });
});
