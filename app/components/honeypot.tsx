import { useLingui } from "@lingui/react/macro";
import { honeypotField } from "#app/lib/forms/honeypot";

/**
 * The honeypot field of a public form (decision 017): hidden from sight, out of the tab order, never
 * autofilled, and labelled so a screen reader user who meets it knows to leave it alone.
 */
export function HoneypotField({ formId }: { formId: string }) {
  const id = `${formId}-${honeypotField}`;
  const { t } = useLingui();
  const label = t`Leave this field empty`;
  return (
    <div className="visually-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
