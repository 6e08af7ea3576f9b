import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { FormAlert } from "#app/components/ui/form-alert";

/** What both inbox item pages say after a note is saved; each adds its own moves. */
export const noteDoneText = { note: msg`Your note is saved.` };

/**
 * The top of an inbox item's page (an application or a message): back to the inbox, the item and its
 * status, what the last post did (`?done=…`, one of `doneTexts`) or why it was refused.
 */
export function InboxItemHeader({ title, status, done, doneTexts, error }: {
  title: string;
  status: string;
  done: string | null;
  doneTexts: Record<string, MessageDescriptor>;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const href = useLocalePath();
  const doneText = done && Object.hasOwn(doneTexts, done) ? doneTexts[done] : undefined;
  return (
    <>
      <p>
        <Link to={href("/petadmin/inbox")}>
          ‹ <Trans>Inbox</Trans>
        </Link>
      </p>
      <h1>
        {title} <span className="badge badge--status">{status}</span>
      </h1>
      {doneText ? (
        <p className="notice notice--success" role="status">
          {t(doneText)}
        </p>
      ) : null}
      <FormAlert messages={error ? [error] : []} />
    </>
  );
}
