import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { AskFirst, type Question } from "#app/components/ask-first";
import { FormAlert } from "#app/components/ui/form-alert";

/** What both inbox item pages say after a note is saved; each adds its own moves. */
export const noteDoneText = { note: msg`Your note is saved.` };

/**
 * The top of an inbox item's page: back to the inbox (`backTo`, the inbox's list of that kind), the
 * item and its status, what the last post did (`?done=…`, one of `doneTexts`, or the page's own
 * `notice`) or why it was refused.
 */
export function InboxItemHeader({
  title,
  status,
  done,
  doneTexts = {},
  notice,
  error,
  backTo = "/petadmin/inbox",
}: {
  title: string;
  status: string;
  done: string | null;
  doneTexts?: Record<string, MessageDescriptor>;
  notice?: string | null;
  error: string | undefined;
  backTo?: string;
}) {
  const { t } = useLingui();
  const href = useLocalePath();
  const doneText = done && Object.hasOwn(doneTexts, done) ? t(doneTexts[done]!) : notice;
  return (
    <>
      <p>
        <Link to={href(backTo)}>
          ‹ <Trans>Inbox</Trans>
        </Link>
      </p>
      <h1>
        {title} <span className="badge badge--status">{status}</span>
      </h1>
      {doneText ? (
        <p className="notice notice--success" role="status">
          {doneText}
        </p>
      ) : null}
      <FormAlert messages={error ? [error] : []} />
    </>
  );
}

/**
 * The ask-first question of a status move (issue 40): "Mark NAME “STATUS”?", and that they are emailed
 * about it at once. `person` is the item's applicant, `version` the item's as read.
 */
export function useMoveQuestion(person: { name: string; email: string }, version: number) {
  const { t } = useLingui();
  const { name, email } = person;
  return (move: string, status: string, yes: string, yesClassName?: string): Question => ({
    title: t`Mark ${name} “${status}”?`,
    says: (
      <p>
        <Trans>
          {name} is emailed about it at once, at {email}.
        </Trans>
      </p>
    ),
    fields: { status: move, version },
    yes,
    ...(yesClassName ? { yesClassName } : {}),
  });
}

/** An inbox item's decision panel: reply by email, and each move it may make now, each asking first. */
export function MoveDecision<Move extends string>({
  reply,
  moves,
  labelOf,
  classNameOf,
  questionOf,
}: {
  reply: string;
  moves: readonly Move[];
  labelOf: (move: Move) => string;
  classNameOf?: (move: Move) => string;
  questionOf: (move: Move) => Question;
}) {
  return (
    <section aria-labelledby="decide-title" className="panel">
      <h2 id="decide-title">
        <Trans>Decision</Trans>
      </h2>
      <div className="button-row">
        <a href={reply} className="button">
          <Trans>Reply by email</Trans>
        </a>
        {moves.map((move) => (
          <AskFirst
            key={move}
            id={`move-${move}`}
            query={{ confirm: move }}
            label={`${labelOf(move)}…`}
            className={classNameOf?.(move)}
            question={questionOf(move)}
          />
        ))}
      </div>
    </section>
  );
}
