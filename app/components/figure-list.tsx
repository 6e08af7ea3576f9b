type Figure = { value: string; label: string };

/** Headline figures ("2.5K+ Animals rescued") as a row of cards. */
export function FigureList({ figures, label }: { figures: readonly Figure[]; label: string }) {
  return (
    <section className="section container" aria-label={label}>
      <ul className={`figure-list${figures.length === 4 ? " figure-list--four" : ""}`}>
        {figures.map((figure) => (
          <li key={figure.label}>
            <strong>{figure.value}</strong>
            <span>{figure.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
