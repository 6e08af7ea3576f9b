import { describe, expect, it } from "vitest";
import { isPhotoKey } from "#app/lib/photos/photos";
import { copySize, photoKeyFor, randomSuffix } from "#app/services/pet-photos.server";

describe("photo keys (spec §4)", () => {
  it("are the file's name, tidied, then 32 random lowercase letters and digits, with the content's extension", () => {
    const key = photoKeyFor("Biscuit in the Sun (2).JPEG", "jpg");
    expect(key).toMatch(/^biscuit-in-the-sun-2-[a-z0-9]{32}\.jpg$/);
    expect(isPhotoKey(key)).toBe(true);
    expect(photoKeyFor("../../etc/passwd.png", "png")).toMatch(/^etc-passwd-[a-z0-9]{32}\.png$/);
    expect(photoKeyFor("ÉÉ.png", "png")).toMatch(/^ee-[a-z0-9]{32}\.png$/);
    expect(photoKeyFor("😺.jpg", "jpg")).toMatch(/^photo-[a-z0-9]{32}\.jpg$/);
  });

  it("never repeat and use the whole alphabet", () => {
    const suffixes = Array.from({ length: 200 }, () => randomSuffix());
    expect(new Set(suffixes).size).toBe(200);
    expect(new Set(suffixes.join("")).size).toBe(36);
  });
});

describe("copy sizes: the 4:3 frame the cards and the pet page show", () => {
  const copy = (width: 400 | 720) => ({ width, format: "webp" }) as const;
  it("cuts a portrait's copy to the frame instead of 720×1081", () => {
    expect(copySize(copy(720), { width: 1440, height: 2162 })).toEqual({ width: 720, height: 540 });
    expect(copySize(copy(400), { width: 1440, height: 2162 })).toEqual({ width: 400, height: 300 });
  });
  it("cuts a panorama to the frame too, and never makes a copy larger than the original", () => {
    expect(copySize(copy(720), { width: 3000, height: 1000 })).toEqual({ width: 720, height: 540 });
    expect(copySize(copy(720), { width: 500, height: 300 })).toEqual({ width: 400, height: 300 });
    expect(copySize(copy(720), { width: 300, height: 900 })).toEqual({ width: 300, height: 225 });
  });
});
