import { Trans } from "@lingui/react/macro";
import { Form, Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";

/** A decision that asks first: what it will do, said before it is done, and the post that does it. */
export interface Question {
  title: ReactNode;
  /** What the decision does, in a sentence or a list. */
  says: ReactNode;
  /** The fields the post sends (intent, version, ids). */
  fields: Record<string, string | number>;
  yes: ReactNode;
  yesClassName?: string;
}

function Asked({ titleId, question, cancel }: { titleId: string; question: Question; cancel: ReactNode }) {
  return (
    <>
      <h2 id={titleId}>{question.title}</h2>
      {question.says}
      <Form method="post" className="button-row">
        {Object.entries(question.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={question.yesClassName ?? "button button--primary"}>
          {question.yes}
        </button>
        {cancel}
      </Form>
    </>
  );
}

/**
 * A button that asks before it decides, as the adoption item's "Approve and hold …" (issue 29): with
 * JavaScript the question opens in a dialog; without it the button opens this page at `query`
 * (`?confirm=…`), where the page shows `QuestionPanel` with the same words.
 */
export function AskFirst({
  id,
  query,
  label,
  className = "button",
  question,
}: {
  id: string;
  query: Record<string, string | number>;
  label: ReactNode;
  className?: string;
  question: Question;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Form
        method="get"
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        {Object.entries(query).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={className}>
          {label}
        </button>
      </Form>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-dialog-title`}>
        <Asked
          titleId={`${id}-dialog-title`}
          question={question}
          cancel={
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              <Trans>Cancel</Trans>
            </button>
          }
        />
      </dialog>
    </>
  );
}

/** The question on the page itself (`?confirm=…`, without JavaScript), with Cancel back to `cancelTo`. */
export function QuestionPanel({ id, question, cancelTo }: { id: string; question: Question; cancelTo: string }) {
  return (
    <section className="panel panel--confirm" aria-labelledby={`${id}-title`}>
      <Asked
        titleId={`${id}-title`}
        question={question}
        cancel={
          <Link to={cancelTo} className="button">
            <Trans>Cancel</Trans>
          </Link>
        }
      />
    </section>
  );
}
