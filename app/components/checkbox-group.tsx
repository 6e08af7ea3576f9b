import { useLingui } from "@lingui/react/macro";
import { displayLabelIn } from "#app/lib/pets/breeds";

/** A group of checkboxes for filters: one value per box, checked when already chosen. */
export function CheckboxGroup({
  legend,
  name,
  options,
  chosen,
  label,
  legendHidden = false,
  className = "choices",
}: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
  label?: (option: string) => string;
  legendHidden?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  // By default each option as a fixed value in the page's language (a breed, a level), else as typed.
  const show = label ?? ((option: string) => displayLabelIn(i18n, option));
  return (
    <fieldset className={className}>
      <legend className={legendHidden ? "visually-hidden" : undefined}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="check">
          <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} />
          {show(option)}
        </label>
      ))}
    </fieldset>
  );
}
