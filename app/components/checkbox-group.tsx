import { displayLabel } from "#app/lib/breeds";

/** A group of checkboxes for filters: one value per box, checked when already chosen. */
export function CheckboxGroup({ legend, name, options, chosen, label = displayLabel, legendHidden = false, className = "choices" }: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
  label?: (option: string) => string;
  legendHidden?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendHidden ? "visually-hidden" : undefined}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="check">
          <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} />
          <span>{label(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}
