import { Link } from "@remix-run/react";
import { FormAlert } from "#app/components/ui/form-alert";

/** What both inbox item pages say after a note is saved; each adds its own moves. */
export const noteDoneText = { note: "Your note is saved." };

/**
 * The top of an inbox item's page (an application or a message): back to the inbox, the item and its
 * status, what the last post did (`?done=…`, one of `doneTexts`) or why it was refused.
 */
export function InboxItemHeader({ title, status, done, doneTexts, error }: {
  title: string;
  status: string;
  done: string | null;
  doneTexts: Record<string, string>;
  error: string | undefined;
}) {
  return (
    <>
      <p>
        <Link to="/petadmin/inbox">‹ Inbox</Link>
      </p>
      <h1>
        {title} <span className="badge badge--status">{status}</span>
      </h1>
      {done && Object.hasOwn(doneTexts, done) ? (
        <p className="notice notice--success" role="status">
          {doneTexts[done]}
        </p>
      ) : null}
      <FormAlert messages={error ? [error] : []} />
    </>
  );
}
