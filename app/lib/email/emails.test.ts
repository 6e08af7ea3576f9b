import { describe, expect, it } from "vitest";
import { greeting, headerValue, nameInEmail } from "./emails";

describe("names and header values in emails (decision 041)", () => {
  it("turns every control character and line separator into one space", () => {
    expect(headerValue("Ann\r\nBcc: x@example.com")).toBe("Ann Bcc: x@example.com");
    expect(headerValue("a\u0000b\tc\u0085d\u2028e\u2029f\u007f")).toBe("a b c d e f");
    expect(headerValue("  plain  ")).toBe("plain");
  });

  it.each([
    "www.evil.example",
    "evil.com",
    "visit evil.example now",
    "http://x",
    "javascript://x",
    "me@example.com",
    "evil\uFF0Ecom",
    "evil\u3002com",
    "xn--80ak6aa92e.xn--p1ai",
  ])("leaves out a name that looks like a link: %s", (name) => {
    expect(nameInEmail(name)).toBeNull();
    expect(greeting(name)).toBe("Hello,");
  });

  it.each([
    ["Ann", "Ann"],
    ["Mary\r\nAnn", "Mary Ann"],
    ["J. R. R. Tolkien", "J. R. R. Tolkien"],
    ["Zoë O'Brien-Núñez", "Zoë O'Brien-Núñez"],
  ])("keeps a plain name on one line: %j", (name, shown) => {
    expect(nameInEmail(name)).toBe(shown);
    expect(greeting(name)).toBe(`Hello ${shown},`);
  });

  it("shows at most 60 characters and nothing for an empty name", () => {
    expect(nameInEmail("A".repeat(100))).toBe("A".repeat(60));
    expect(nameInEmail(" \r\n ")).toBeNull();
  });
});
