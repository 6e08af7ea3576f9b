import { describe, expect, it } from "vitest";
import { ifNoneMatchEtag, isPhotoKey, photoUrl } from "./photos";

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
