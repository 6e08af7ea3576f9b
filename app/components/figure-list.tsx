import { useLocale } from "#app/components/locale";
import { shelterText } from "#app/config/shelter-es";

type Figure = { value: string; label: string };

/** Headline figures ("2.5K+ Animals rescued") as a row of cards. */
export function FigureList({ figures, label }: { figures: readonly Figure[]; label: string }) {
  const locale = useLocale();
  return (
    <section className="section container" aria-label={label}>
      <ul className={`figure-list${figures.length === 4 ? " figure-list--four" : ""}`}>
        {figures.map((figure) => (
          <li key={figure.label}>
            <strong>{figure.value}</strong>
            <span>{shelterText(figure.label, locale)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
