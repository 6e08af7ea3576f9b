import { Plural, useLingui } from "@lingui/react/macro";
import type { ServerForm } from "#app/lib/forms/form-constraint";
import { formMessage } from "#app/lib/i18n/form-messages";

/** Forms with a summary focus it, not their first field, when a submit is refused (useServerForm). */
export const errorSummarySelector = "[data-error-summary]";

/**
 * At the top of a long form: how many answers need a change, each a link to its field. It appears
 * once a submit is refused (by the server, or in the browser with JavaScript) and takes the focus:
 * without JavaScript by `autofocus` in the page the server sends. `labels` are in the page's language;
 * the messages are translated here (lib/i18n/form-messages.ts).
 */
export function ErrorSummary({
  form,
  labels,
  shown,
}: {
  form: ServerForm;
  labels: readonly { name: string; label: string }[];
  shown: boolean;
}) {
  const { i18n } = useLingui();
  const errors = form.lastResult?.error ?? {};
  const problems = labels.flatMap(({ name, label }) => {
    const message = errors[name]?.[0];
    return message ? [{ name, label, message }] : [];
  });
  if (!shown || problems.length === 0) return null;
  const titleId = `${form.id}-error-summary-title`;
  return (
    <div
      className="notice notice--error error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary is what the person must read first after a refused submit
      autoFocus
      data-error-summary=""
    >
      <h2 id={titleId} className="notice__title">
        <Plural value={problems.length} one="# answer needs a change" other="# answers need a change" />
      </h2>
      <ul>
        {problems.map(({ name, label, message }) => (
          <li key={name}>
            <a href={`#${form.id}-${name}`}>
              {label}: {formMessage(i18n, message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
