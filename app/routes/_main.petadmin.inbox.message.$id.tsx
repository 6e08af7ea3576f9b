import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { formatDate } from "#app/lib/dates";
import { shelter } from "#app/config/shelter";
import { noteSchema } from "#app/lib/application-schema";
import { pageMeta } from "#app/lib/meta";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { getContactMessage, setMessageHandled } from "#app/models/contact-messages.server";
import { listNotes } from "#app/models/inbox-notes.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { requireStaff } from "#app/services/auth.server";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";

export const meta: MetaFunction = () => pageMeta("Message", "Staff: read a message sent through the Get In Touch form.");

async function loadMessage(context: AppLoadContext, id: string | undefined) {
  const messageId = readId(id);
  const message = messageId ? await getContactMessage(context.db, messageId) : undefined;
  if (!message) throw new Response("Message not found", { status: 404 });
  return message;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const message = await loadMessage(context, params.id);
  const notes = await listNotes(context.db, "message", message.id);
  return {
    message: { ...message, createdAt: message.createdAt.toISOString(), handledAt: message.handledAt?.toISOString() ?? null },
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    done: new URL(request.url).searchParams.get("done"),
    noteConstraint: getZodConstraint(noteSchema),
  };
}

/** Mark handled (or waiting again) at the version read, and internal notes. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:inbox");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "handled" && intent !== "unhandled" && intent !== "note") throw new Response("Unknown action", { status: 400 });
  const message = await loadMessage(context, params.id);
  const here = `/petadmin/inbox/message/${message.id}`;
  const refuse = (text: string, status: number, result?: SubmissionResult<string[]>) => data({ intent, message: text, result }, { status });

  if (intent === "note") return addInboxNote(context, formData, { kind: "message", id: message.id, userId: staff.id, path: here });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  return tryWrite(
    async () => {
      const outcome = await setMessageHandled(context.db, message.id, version, intent === "handled");
      if (outcome === "conflict") return refuse("Someone else changed this message since you opened it. Here is what it is now.", 409);
      return redirect(`${here}?done=${intent}`);
    },
    (text) => refuse(text, 503),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const doneTexts: Record<string, string> = {
  ...noteDoneText,
  handled: "Marked handled.",
  unhandled: "Back in the inbox's open list.",
};

export default function InboxMessage() {
  const { message, notes, done, noteConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Your message to ${shelter.name}`)}`;
  return (
    <div className="container admin-page application-page">
      <InboxItemHeader title={`Message from ${message.name}`} status={message.handledAt ? "Handled" : "New"} done={done} doneTexts={doneTexts} error={actionData?.message} />
      <p>
        {message.email}, sent <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
        {message.handledAt ? `; handled ${formatDate(message.handledAt)}` : ""}.
      </p>
      <div className="panel">
        <p className="message-text">{message.message}</p>
      </div>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={message.version} />
        <a href={reply} className="button button--primary">Reply by email</a>
        {message.handledAt ? (
          <button type="submit" name="intent" value="unhandled" className="button">Mark as not handled</button>
        ) : (
          <button type="submit" name="intent" value="handled" className="button">Mark handled</button>
        )}
      </Form>
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData?.intent === "note" ? actionData.result : undefined} />
    </div>
  );
}
