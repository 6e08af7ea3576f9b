import { useLingui } from "@lingui/react/macro";
import { sortOptions, type SortOrder } from "#app/lib/pets/adopt-filters";

/** The sort menu of the adopt lists and the match results (spec §9 sorts). */
export function SortSelect({
  id,
  label,
  value,
  className = "field",
}: {
  id: string;
  label: string;
  value: SortOrder;
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name="sort" defaultValue={value}>
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {i18n._(option.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
