import { Trans, useLingui } from "@lingui/react/macro";
import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import { intakeLabels, intakeTypes } from "#app/lib/intake-outcome/categories";

export interface IntakeFieldValues {
  intakeType: string;
  intakeOn: string;
  intakeSource: string;
  intakeNotes: string;
}

/**
 * How a pet came to us (decision 064): the intake's type, day (the shelter's), where from and notes,
 * as a fieldset of the create form or of the pet's Intake section. `today` is the latest day allowed.
 */
export function IntakeFields({
  prefix,
  legend,
  values,
  errors,
  today,
}: {
  prefix: string;
  legend: string;
  values: IntakeFieldValues;
  errors: Record<string, string[] | null | undefined>;
  today: string;
}) {
  const { t, i18n } = useLingui();
  const field = (name: keyof IntakeFieldValues, required = false) => ({
    id: `${prefix}-${name}`,
    name,
    errorId: `${prefix}-${name}-error`,
    errors: errors[name] ?? [],
    defaultValue: values[name],
    constraint: { required },
  });
  return (
    <fieldset className="fieldset stack">
      <legend>{legend}</legend>
      <SelectField
        label={t`How the pet came in`}
        field={field("intakeType", true)}
        options={intakeTypes.map((value) => ({ value, label: i18n._(intakeLabels[value]) }))}
      />
      <Field label={t`Intake date`} field={field("intakeOn", true)} type="date" max={today} />
      <Field label={t`From (a person, an agency or a place; optional)`} field={field("intakeSource")} maxLength={200} />
      <TextAreaField label={t`Intake notes (staff only)`} field={field("intakeNotes")} rows={2} maxLength={500} />
      <p className="field__hint">
        <Trans>Days are the shelter&apos;s calendar days.</Trans>
      </p>
    </fieldset>
  );
}
