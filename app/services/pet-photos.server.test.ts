import { describe, expect, it } from "vitest";
import { isPhotoKey } from "#app/lib/photos";
import { photoKeyFor, randomSuffix } from "#app/services/pet-photos.server";

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
