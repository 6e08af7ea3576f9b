import { Trans } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { FieldGroup } from "#app/components/ui/field";
import { useStartFromPage } from "#app/components/ui/use-start-from-page";
import { displayLabel } from "#app/lib/pets/breeds";
import { lastTyped, matchesPrefix } from "#app/lib/pets/pet-fields";

/**
 * Several values: a box per known option plus free-typed ones, separated by commas. The typed text
 * suggests options by prefix: the browser's own list without JavaScript, the boxes filtered with it.
 */
export function ValuesField({
  formId,
  legend,
  name,
  otherName,
  options,
  chosen,
  typed,
  errors,
  otherLabel,
  labelOf,
  startFilter = "",
}: {
  formId: string;
  legend: string;
  name: string;
  otherName: string;
  options: readonly string[];
  chosen: readonly string[];
  typed: string;
  errors: string[];
  otherLabel: string;
  /** A box's label in the page's language, when the option has one; otherwise the value shown readably. */
  labelOf?: (value: string) => string | undefined;
  /** Typed words the boxes start filtered by (words typed before the scripts ran); none by default. */
  startFilter?: string;
}) {
  const [filter, setFilter] = useState(startFilter);
  const otherRef = useRef<HTMLInputElement>(null);
  // Words typed before the scripts ran filter the boxes as if typed now (issue 39).
  useStartFromPage(() => {
    const now = otherRef.current?.value ?? "";
    if (now !== typed) setFilter(now);
  });
  const extra = chosen.filter((value) => !options.includes(value));
  const all = [...options, ...extra];
  const otherId = `${formId}-${otherName}`;
  const errorId = `${formId}-${name}-error`;
  return (
    <FieldGroup legend={legend} field={{ errorId, errors }} className="values-field">
      {all.length > 0 ? (
        <div className="values-field__options">
          {all.map((option) => (
            <label
              key={option}
              className="check chip-check"
              hidden={!matchesPrefix(option, lastTyped(filter)) || undefined}
            >
              <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} />
              <span>{labelOf?.(option) ?? displayLabel(option)}</span>
            </label>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={otherId}>{otherLabel}</label>
        <input
          id={otherId}
          name={otherName}
          defaultValue={typed}
          ref={otherRef}
          list={`${otherId}-options`}
          autoComplete="off"
          onChange={(event) => setFilter(event.currentTarget.value)}
          aria-describedby={`${otherId}-hint`}
        />
        <p id={`${otherId}-hint`} className="field__hint">
          <Trans>Separate several with commas. Typing suggests matching ones.</Trans>
        </p>
        <datalist id={`${otherId}-options`}>
          {options.map((option) => (
            <option key={option} value={displayLabel(option)} />
          ))}
        </datalist>
      </div>
    </FieldGroup>
  );
}
