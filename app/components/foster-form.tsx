import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PhoneLink } from "#app/components/phone-link";
import { CheckboxField, Field, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { fosterCanTake, fosterSections, type FosterAnswers } from "#app/lib/foster/foster";
import type { ApplicationQuestion } from "#app/lib/applications/application-questions";
import { serverField, type ServerForm } from "#app/lib/forms/form-constraint";

function Question({
  form,
  question,
  defaults,
}: {
  form: ServerForm;
  question: ApplicationQuestion;
  defaults: FosterAnswers;
}) {
  const served = serverField(form, question.name);
  const field = { ...served, defaultValue: served.defaultValue ?? defaults[question.name] };
  const { t, i18n } = useLingui();
  const asked = i18n._(question.label);
  const label = question.optional ? t`${asked} (optional)` : asked;
  if (question.name === "awayFrom" || question.name === "awayUntil")
    return <Field label={label} field={field} type="date" />;
  switch (question.kind) {
    case "select":
      return (
        <SelectField
          label={label}
          field={field}
          options={(question.options ?? []).map((option) => ({ value: option, label: i18n._(option) }))}
          placeholder={t`Choose…`}
        />
      );
    case "textarea":
      return <TextAreaField label={label} field={field} rows={3} />;
    default:
      return <Field label={label} field={field} type={question.kind} autoComplete={question.autoComplete} />;
  }
}

/** The boxes ticked: from the refused post if there was one, else from the draft. */
function ticked(form: ServerForm, defaults: FosterAnswers): string[] {
  const kept = form.lastResult?.initialValue?.canTake;
  if (Array.isArray(kept)) return kept.filter((item): item is string => typeof item === "string");
  if (typeof kept === "string") return [kept];
  return defaults.canTake ? defaults.canTake.split(",") : [];
}

/** The foster application's questions, one fieldset per section, what they can take, and the promise. */
export function FosterFields({ form, defaults }: { form: ServerForm; defaults: FosterAnswers }) {
  const canTake = serverField(form, "canTake");
  const chosen = ticked(form, defaults);
  const { t, i18n } = useLingui();
  return (
    <>
      {fosterSections.map((section) => (
        <fieldset key={section.id} className="panel application-section" id={`section-${section.id}`}>
          <legend>{i18n._(section.legend)}</legend>
          <div className="stack">
            {section.questions.map((question) => (
              <Question key={question.name} form={form} question={question} defaults={defaults} />
            ))}
            {section.id === "pets" ? (
              <div id={canTake.id} tabIndex={-1}>
                <FieldGroup legend={t`Which animals could you take?`} field={canTake} className="choices">
                  {fosterCanTake.map((option) => (
                    <label key={option.value} className="check">
                      <input
                        type="checkbox"
                        name="canTake"
                        value={option.value}
                        defaultChecked={chosen.includes(option.value)}
                      />
                      <span>{i18n._(option.label)}</span>
                    </label>
                  ))}
                </FieldGroup>
              </div>
            ) : null}
          </div>
        </fieldset>
      ))}
      <CheckboxField
        label={t`My answers are true, and the shelter may call my vet and my landlord about them.`}
        field={serverField(form, "agree")}
      />
    </>
  );
}

/** Every answer of a foster application, for staff and the applicant. */
export function FosterAnswersList({ answers, canTake }: { answers: FosterAnswers; canTake: string }) {
  const { i18n } = useLingui();
  const shown = (question: ApplicationQuestion, answer: string) =>
    question.kind === "select" && question.options?.includes(answer) ? i18n._(answer) : answer;
  return (
    <>
      {fosterSections.map((section) => (
        <section key={section.id} aria-labelledby={`answers-${section.id}`} className="panel">
          <h3 id={`answers-${section.id}`}>{i18n._(section.legend)}</h3>
          <dl className="answers-list">
            {section.questions.map((question) => (
              <div key={question.name}>
                <dt>{i18n._(question.label)}</dt>
                <dd>
                  {answers[question.name] === undefined ? (
                    "—"
                  ) : question.kind === "tel" ? (
                    <PhoneLink number={answers[question.name]!} />
                  ) : (
                    shown(question, answers[question.name]!)
                  )}
                </dd>
              </div>
            ))}
            {section.id === "pets" ? (
              <div>
                <dt>{i18n._(msg`Could take`)}</dt>
                <dd>{canTake || "—"}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ))}
    </>
  );
}
