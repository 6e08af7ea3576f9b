import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatDate } from "#app/lib/dates";
import { TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField, type FieldConstraint } from "#app/lib/form-constraint";

interface Note {
  id: number;
  text: string;
  createdAt: string;
  firstName: string | null;
  lastName: string | null;
}

/** Staff's internal notes on an inbox item, and the form to add one. */
const loadNoteCheck = () => import("#app/lib/validators/application").then((checks) => checks.note);

export function InboxNotes({ notes, constraint, lastResult }: { notes: Note[]; constraint: Record<string, FieldConstraint>; lastResult?: SubmissionResult<string[]> }) {
  const { ref, form } = useServerForm("note", { constraint, lastResult }, loadNoteCheck);
  return (
    <section aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">Internal notes</h2>
      <p>Only staff see these.</p>
      {notes.length === 0 ? <p>No notes yet.</p> : (
        <ol className="history">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="message-text">{note.text}</p>
              <p>
                {note.firstName ? `${note.firstName} ${note.lastName}` : "A former member"}, <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="stack" id={form.id} ref={ref}>
        <FormAlert messages={formErrorsOf(form)} />
        <TextAreaField label="Add a note" field={serverField(form, "note")} rows={3} />
        <button type="submit" name="intent" value="note" className="button">Save note</button>
      </Form>
    </section>
  );
}
