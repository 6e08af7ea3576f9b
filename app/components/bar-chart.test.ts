import { describe, expect, it } from "vitest";
import { barChartSvg } from "#app/components/bar-chart";

describe("barChartSvg", () => {
  it("draws one bar a value, the highest full height, a missing value as no bar, and escapes the text", () => {
    const svg = barChartSvg([
      { label: "Jan <26>", value: 10, shown: "10" },
      { label: "Feb & 26", value: 5, shown: "5" },
      { label: "Mar", value: null, shown: "–" },
    ]);
    expect(svg.match(/<rect /g)).toHaveLength(3);
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(heights).toEqual([122, 61, 0]);
    expect(svg).toContain(">Jan &lt;26&gt;</text>");
    expect(svg).toContain(">Feb &amp; 26</text>");
    expect(svg).not.toContain("<26>");
  });
});
