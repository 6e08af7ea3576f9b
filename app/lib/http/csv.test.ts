import { describe, expect, it } from "vitest";
import { csvField, csvFieldOnOneLine } from "./csv";

describe("csvField", () => {
  it("quotes every field and doubles its quotes", () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("")).toBe('""');
  });

  it("makes a leading = + - @, tab or carriage return plain text with a quote mark", () => {
    for (const formula of ['=HYPERLINK("https://evil.example")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvField(formula)).toBe(`"'${formula.replaceAll('"', '""')}"`);
    }
    expect(csvField("a=b")).toBe('"a=b"');
  });
});

describe("csvFieldOnOneLine", () => {
  it("flattens every kind of line break to a space", () => {
    expect(csvFieldOnOneLine("one\r\ntwo\nthree\rfour\u2028five\u2029six\u0085seven\vend")).toBe(
      '"one two three four five six seven end"',
    );
  });

  it("still neutralises a formula, at the start or once the breaks are flattened", () => {
    expect(csvFieldOnOneLine("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvFieldOnOneLine("\r=1+1")).toBe(`"' =1+1"`);
    expect(csvFieldOnOneLine("Rex\n@SUM(A1)")).toBe('"Rex @SUM(A1)"');
  });
});
