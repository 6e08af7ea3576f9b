import { Form } from "@remix-run/react";
import { HoneypotField } from "#app/components/honeypot";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { Field, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField, type ServerForm } from "#app/lib/form-constraint";
import { dayParts, volunteerAges, volunteerInterests, volunteerRoles, weekdays } from "#app/lib/volunteer";

const loadVolunteerCheck = () => import("#app/lib/validators/volunteer").then((checks) => checks.volunteer);

const summaryLabels = [
  { name: "role", label: "Role" },
  { name: "name", label: "Your name" },
  { name: "email", label: "Email" },
  { name: "phone", label: "Phone" },
  { name: "availability", label: "When you could come" },
  { name: "age", label: "Your age" },
  { name: "guardianName", label: "Parent or guardian" },
  { name: "experience", label: "Experience" },
  { name: "note", label: "Anything else" },
];

/** The boxes ticked in the refused post, so nothing typed is lost. */
function keptList(form: ServerForm, name: string): string[] {
  const value = form.lastResult?.initialValue?.[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : typeof value === "string" ? [value] : [];
}

const capitalised = (word: string) => word.slice(0, 1).toUpperCase() + word.slice(1);

/** The volunteer application: a stranger's form (honeypot; the action limits and confirms the address). */
export function VolunteerForm({ role, ...props }: ServerFormProps & { role: string }) {
  const { ref, form, submitFailed } = useServerForm("volunteer", props, loadVolunteerCheck);
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
        label="Role"
        field={serverField(form, "role")}
        options={volunteerRoles.map((option) => ({ value: option.value, label: `${option.title} (${option.hours})` }))}
        defaultValue={role}
        placeholder="Choose…"
      />
      <fieldset className="panel application-section">
        <legend>How we reach you</legend>
        <div className="stack">
          <Field label="Your name" field={serverField(form, "name")} autoComplete="name" />
          <Field label="Email" field={serverField(form, "email")} type="email" autoComplete="email" />
          <Field label="Phone" field={serverField(form, "phone")} type="tel" autoComplete="tel" />
        </div>
      </fieldset>
      <div id={availabilityField.id} tabIndex={-1}>
        <FieldGroup legend="When could you come? Tick every part of the week that suits you." field={availabilityField} className="panel application-section week-grid">
          {weekdays.map((day) => (
            <fieldset key={day} className="choices week-grid__day">
              <legend>{capitalised(day)}</legend>
              {dayParts.map((part) => (
                <label key={part} className="check">
                  <input type="checkbox" name="availability" value={`${day}-${part}`} defaultChecked={availability.includes(`${day}-${part}`)} />
                  <span>{capitalised(part)}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </FieldGroup>
      </div>
      <fieldset className="panel application-section choices">
        <legend>What would you enjoy? (optional)</legend>
        {volunteerInterests.map((interest) => (
          <label key={interest.value} className="check">
            <input type="checkbox" name="interests" value={interest.value} defaultChecked={interests.includes(interest.value)} />
            <span>{interest.label}</span>
          </label>
        ))}
      </fieldset>
      <TextAreaField label="Your experience with animals or in this kind of work (optional)" field={serverField(form, "experience")} rows={3} />
      <div id={age.id} tabIndex={-1}>
        <FieldGroup legend="Your age" field={age} className="panel application-section choices">
          {volunteerAges.map((option) => (
            <label key={option.value} className="check">
              <input type="radio" name="age" value={option.value} required defaultChecked={age.defaultValue === option.value} />
              <span>{option.label}</span>
            </label>
          ))}
        </FieldGroup>
      </div>
      <Field label="Name of the parent or guardian who consents (if you are 16 or 17)" field={serverField(form, "guardianName")} autoComplete="off" />
      <TextAreaField label="Anything else you would like us to know (optional)" field={serverField(form, "note")} rows={3} />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel="Sending…">
        Send my application
      </SubmitButton>
    </Form>
  );
}
