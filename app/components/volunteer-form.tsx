import { useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { HoneypotField } from "#app/components/honeypot";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { Field, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField, type ServerForm } from "#app/lib/forms/form-constraint";
import { useLocale } from "#app/components/locale";
import { languageTag } from "#app/lib/i18n/locale";
import {
  dayPartLabels,
  dayParts,
  volunteerAges,
  volunteerInterests,
  volunteerRoles,
  weekdays,
} from "#app/lib/volunteer/volunteer";

const loadVolunteerCheck = () => import("#app/lib/forms/validators/volunteer").then((checks) => checks.volunteer);

/** The boxes ticked in the refused post, so nothing typed is lost. */
function keptList(form: ServerForm, name: string): string[] {
  const value = form.lastResult?.initialValue?.[name];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : typeof value === "string"
      ? [value]
      : [];
}

/** "Monday" / "Lunes": the weekday's name in the page's language (`weekdays` starts on a Monday, as 2024-01-01 did). */
function weekdayName(language: string, index: number): string {
  const name = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    Date.UTC(2024, 0, 1 + index),
  );
  return name.slice(0, 1).toUpperCase() + name.slice(1);
}

/** The volunteer application: a stranger's form (honeypot; the action limits and confirms the address). */
export function VolunteerForm({ role, ...props }: ServerFormProps & { role: string }) {
  const { ref, form, submitFailed } = useServerForm("volunteer", props, loadVolunteerCheck);
  const { t, i18n } = useLingui();
  const language = languageTag[useLocale()];
  const summaryLabels = [
    { name: "role", label: t`Role` },
    { name: "name", label: t`Your name` },
    { name: "email", label: t`Email` },
    { name: "phone", label: t`Phone` },
    { name: "availability", label: t`When you could come` },
    { name: "age", label: t`Your age` },
    { name: "guardianName", label: t`Parent or guardian` },
    { name: "experience", label: t`Experience` },
    { name: "note", label: t`Anything else` },
  ];
  /** "Monday morning" / "Lunes por la mañana": one box's name. */
  const slotName = (day: string, part: (typeof dayParts)[number]) =>
    part === "morning" ? t`${day} morning` : part === "afternoon" ? t`${day} afternoon` : t`${day} evening`;
  const pending = usePosting();
  const availability = keptList(form, "availability");
  const interests = keptList(form, "interests");
  const availabilityField = serverField(form, "availability");
  const age = serverField(form, "age");
  return (
    <Form method="post" id={form.id} ref={ref} className="stack application-form">
      <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
      <FormAlert messages={formErrorsOf(form)} />
      <HoneypotField formId={form.id} />
      <SelectField
        label={t`Role`}
        field={serverField(form, "role")}
        options={volunteerRoles.map((option) => ({
          value: option.value,
          label: `${i18n._(option.title)} (${i18n._(option.hours)})`,
        }))}
        defaultValue={role}
        placeholder={t`Choose…`}
      />
      <fieldset className="panel application-section">
        <legend>{t`How we reach you`}</legend>
        <div className="stack">
          <Field label={t`Your name`} field={serverField(form, "name")} autoComplete="name" />
          <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
          <Field label={t`Phone`} field={serverField(form, "phone")} type="tel" autoComplete="tel" />
        </div>
      </fieldset>
      <div id={availabilityField.id} tabIndex={-1}>
        <FieldGroup
          legend={t`When could you come? Tick every part of the week that suits you.`}
          field={availabilityField}
          className="panel application-section"
        >
          {/* One screen on a phone (issue 40): a row per weekday, a column per part of the day, each box named "Monday morning". */}
          <table className="week-grid">
            <thead>
              <tr>
                <td />
                {dayParts.map((part) => (
                  <th key={part} scope="col">
                    {i18n._(dayPartLabels[part])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weekdays.map((day, index) => {
                const dayName = weekdayName(language, index);
                return (
                  <tr key={day}>
                    <th scope="row">{dayName}</th>
                    {dayParts.map((part) => (
                      <td key={part}>
                        <label className="week-grid__slot">
                          <input
                            type="checkbox"
                            name="availability"
                            value={`${day}-${part}`}
                            defaultChecked={availability.includes(`${day}-${part}`)}
                          />
                          <span className="visually-hidden">{slotName(dayName, part)}</span>
                        </label>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </FieldGroup>
      </div>
      <fieldset className="panel application-section choices">
        <legend>{t`What would you enjoy? (optional)`}</legend>
        {volunteerInterests.map((interest) => (
          <label key={interest.value} className="check">
            <input
              type="checkbox"
              name="interests"
              value={interest.value}
              defaultChecked={interests.includes(interest.value)}
            />
            <span>{i18n._(interest.label)}</span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={t`Your experience with animals or in this kind of work (optional)`}
        field={serverField(form, "experience")}
        rows={3}
      />
      <div id={age.id} tabIndex={-1}>
        <FieldGroup legend={t`Your age`} field={age} className="panel application-section choices">
          {volunteerAges.map((option) => (
            <label key={option.value} className="check">
              <input
                type="radio"
                name="age"
                value={option.value}
                required
                defaultChecked={age.defaultValue === option.value}
              />
              <span>{i18n._(option.label)}</span>
            </label>
          ))}
        </FieldGroup>
      </div>
      <Field
        label={t`Name of the parent or guardian who consents (if you are 16 or 17)`}
        field={serverField(form, "guardianName")}
        autoComplete="off"
      />
      <TextAreaField
        label={t`Anything else you would like us to know (optional)`}
        field={serverField(form, "note")}
        rows={3}
      />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Sending…`}>
        {t`Send my application`}
      </SubmitButton>
    </Form>
  );
}
