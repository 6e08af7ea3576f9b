import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";

/** "ready" (the alerts page calls it "confirm"): the button shows; "done" after it worked; "invalid": a bad or used link. */
export type EmailedLinkState = "ready" | "confirm" | "done" | "invalid";

/**
 * The page an emailed link opens (lib/email/emailed-link.ts): a title, the one button that does the work
 * (its hidden fields carry the link's token), what is said when it is done and when the link is not
 * valid, and the write's error, if D1 refused it.
 */
export function EmailedLinkPage({
  title,
  state,
  fields,
  prompt,
  button,
  pendingLabel,
  done,
  invalid,
  encType,
  children,
}: {
  title: string;
  state: EmailedLinkState;
  fields: Record<string, string>;
  prompt: ReactNode;
  button: string;
  pendingLabel: string;
  done: ReactNode;
  invalid?: ReactNode;
  /** "multipart/form-data" when the form carries a file (a photo with "All is well"). */
  encType?: "multipart/form-data";
  /** More of the form, after the prompt and before the button (an optional line). */
  children?: ReactNode;
}) {
  const actionData = useActionData<{ error?: string }>();
  const posting = usePosting();
  return (
    <div className="container auth-page">
      <h1>{title}</h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {state === "done" ? (
        <div className="notice notice--success" role="status">
          {done}
        </div>
      ) : state === "invalid" ? (
        <div className="notice notice--error" role="alert">
          {invalid}
        </div>
      ) : (
        <Form method="post" className="stack" encType={encType}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p>{prompt}</p>
          {children}
          <SubmitButton className="button button--primary" pending={posting} pendingLabel={pendingLabel}>
            {button}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
