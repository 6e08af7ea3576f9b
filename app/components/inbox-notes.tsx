import type { SubmissionResult } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { useLocale } from "#app/components/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField, type FieldConstraint } from "#app/lib/forms/form-constraint";

interface Note {
  id: number;
  text: string;
  createdAt: string;
  firstName: string | null;
  lastName: string | null;
}

/** Staff's internal notes on an inbox item, and the form to add one. */
const loadNoteCheck = () => import("#app/lib/forms/validators/application").then((checks) => checks.note);

export function InboxNotes({
  notes,
  constraint,
  lastResult,
}: {
  notes: Note[];
  constraint: Record<string, FieldConstraint>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { ref, form } = useServerForm("note", { constraint, lastResult }, loadNoteCheck);
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <section aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">
        <Trans>Internal notes</Trans>
      </h2>
      <p>
        <Trans>Only staff see these.</Trans>
      </p>
      {notes.length === 0 ? (
        <p>
          <Trans>No notes yet.</Trans>
        </p>
      ) : (
        <ol className="history">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="message-text">{note.text}</p>
              <p>
                {note.firstName ? `${note.firstName} ${note.lastName}` : t`A former member`},{" "}
                <time dateTime={note.createdAt}>{staffDateIn(locale, note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="stack" id={form.id} ref={ref}>
        <FormAlert messages={formErrorsOf(form)} />
        <TextAreaField label={t`Add a note`} field={serverField(form, "note")} rows={3} />
        <button type="submit" name="intent" value="note" className="button">
          <Trans>Save note</Trans>
        </button>
      </Form>
    </section>
  );
}
