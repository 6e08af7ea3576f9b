/**
 * A bar chart drawn as SVG on the server (decision 064): no JavaScript, and the same figures are in
 * the page's table for screen readers, so the drawing is hidden from them. Each bar carries its
 * value above it and its label below.
 *
 * The drawing's inside is written as one string (`barChartSvg`), not as some forty React elements a
 * chart: React renders it as it is, and hydrates it without looking inside (decision 064, amended
 * 2026-11-28, later: the statistics page's six charts were most of its server time).
 */
export function BarChart({
  title,
  bars,
}: {
  title: string;
  bars: { label: string; value: number | null; shown: string }[];
}) {
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
        className="chart__svg"
        dangerouslySetInnerHTML={{ __html: barChartSvg(bars) }}
      />
    </figure>
  );
}

const width = 360;
const height = 160;
const top = 18;
const bottom = 20;

const escaped = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[character]};`);

/** The chart's axis and bars as SVG markup (the labels and values escaped). */
export function barChartSvg(bars: readonly { label: string; value: number | null; shown: string }[]): string {
  const max = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  const slot = width / Math.max(1, bars.length);
  let svg = `<line x1="0" x2="${width}" y1="${height - bottom}" y2="${height - bottom}" class="chart__axis"></line>`;
  bars.forEach((bar, index) => {
    const barHeight = bar.value === null ? 0 : ((height - top - bottom) * bar.value) / max;
    const x = index * slot + slot * 0.15;
    const middle = x + slot * 0.35;
    svg +=
      `<g><rect x="${x}" y="${height - bottom - barHeight}" width="${slot * 0.7}" height="${barHeight}" class="chart__bar"></rect>` +
      `<text x="${middle}" y="${height - bottom - barHeight - 4}" text-anchor="middle" class="chart__value">${escaped(bar.shown)}</text>` +
      `<text x="${middle}" y="${height - 6}" text-anchor="middle" class="chart__label">${escaped(bar.label)}</text></g>`;
  });
  return svg;
}
