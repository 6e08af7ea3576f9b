/**
 * A bar chart drawn as SVG on the server (decision 064): no JavaScript, and the same figures are in
 * the page's table for screen readers, so the drawing is hidden from them. Each bar carries its
 * value above it and its label below.
 */
export function BarChart({
  title,
  bars,
}: {
  title: string;
  bars: { label: string; value: number | null; shown: string }[];
}) {
  const width = 360;
  const height = 160;
  const top = 18;
  const bottom = 20;
  const max = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  const slot = width / Math.max(1, bars.length);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" className="chart__svg">
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} className="chart__axis" />
        {bars.map((bar, index) => {
          const barHeight = bar.value === null ? 0 : ((height - top - bottom) * bar.value) / max;
          const x = index * slot + slot * 0.15;
          return (
            <g key={bar.label + index}>
              <rect
                x={x}
                y={height - bottom - barHeight}
                width={slot * 0.7}
                height={barHeight}
                className="chart__bar"
              />
              <text
                x={x + slot * 0.35}
                y={height - bottom - barHeight - 4}
                textAnchor="middle"
                className="chart__value"
              >
                {bar.shown}
              </text>
              <text x={x + slot * 0.35} y={height - 6} textAnchor="middle" className="chart__label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
