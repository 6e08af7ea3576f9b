import { useLingui } from "@lingui/react/macro";
import { PhoneLink } from "#app/components/phone-link";
import { CheckboxField, SelectField, TextAreaField, Field } from "#app/components/ui/field";
import {
  applicationSections,
  type ApplicationAnswers,
  type ApplicationQuestion,
} from "#app/lib/applications/application-questions";
import { serverField, type ServerForm } from "#app/lib/forms/form-constraint";

/** A field with its kept value, or else the prefilled answer (questionnaire, profile or draft). */
function fieldOf(form: ServerForm, question: ApplicationQuestion, defaults: ApplicationAnswers) {
  const field = serverField(form, question.name);
  return { ...field, defaultValue: field.defaultValue ?? defaults[question.name] };
}

function Question({
  form,
  question,
  defaults,
}: {
  form: ServerForm;
  question: ApplicationQuestion;
  defaults: ApplicationAnswers;
}) {
  const field = fieldOf(form, question, defaults);
  const { t, i18n } = useLingui();
  const asked = i18n._(question.label);
  const label = question.optional ? t`${asked} (optional)` : asked;
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

/**
 * The application's questions, one fieldset per section (readable on a phone), and the promise
 * that the answers are true.
 */
export function ApplicationFields({ form, defaults }: { form: ServerForm; defaults: ApplicationAnswers }) {
  const { t, i18n } = useLingui();
  return (
    <>
      {applicationSections.map((section) => (
        <fieldset key={section.id} className="panel application-section" id={`section-${section.id}`}>
          <legend>{i18n._(section.legend)}</legend>
          <div className="stack">
            {section.questions.map((question) => (
              <Question key={question.name} form={form} question={question} defaults={defaults} />
            ))}
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

/** Every answer of an application as a definition list, for staff and the applicant. */
export function ApplicationAnswersList({ answers }: { answers: ApplicationAnswers }) {
  const { i18n } = useLingui();
  /** A chosen answer is one of the fixed options, shown in the page's language; typed answers as typed. */
  const shown = (question: ApplicationQuestion, answer: string) =>
    question.kind === "select" && question.options?.includes(answer) ? i18n._(answer) : answer;
  return (
    <>
      {applicationSections.map((section) => (
        <section key={section.id} aria-labelledby={`answers-${section.id}`} className="panel">
          <h3 id={`answers-${section.id}`}>{i18n._(section.legend)}</h3>
          <dl className="answers-list">
            {section.questions.map((question) => (
              <div key={question.name}>
                <dt>{i18n._(question.label)}</dt>
                <dd>
                  {question.kind === "tel" && answers[question.name] ? (
                    <PhoneLink number={answers[question.name]} />
                  ) : answers[question.name] ? (
                    shown(question, answers[question.name]!)
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
