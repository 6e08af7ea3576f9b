import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/locale";
import { staffDateIn } from "#app/lib/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { shelter } from "#app/config/shelter";
import { noteSchema } from "#app/lib/application-schema";
import { routeMeta } from "#app/lib/meta";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { getContactMessage, setMessageHandled } from "#app/models/contact-messages.server";
import { listNotes } from "#app/models/inbox-notes.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { requireStaff } from "#app/services/auth.server";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";

export const meta = routeMeta;

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
  const i18n = i18nOf(request);
  return {
    meta: { title: i18n._(msg`Message`), description: i18n._(msg`Staff: read a message sent through the Get In Touch form.`) },
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
  const i18n = i18nOf(request);
  const here = localizedPath(`/petadmin/inbox/message/${message.id}`, localeOf(request));
  const refuse = (text: string, status: number, result?: SubmissionResult<string[]>) => data({ intent, message: text, result }, { status });

  if (intent === "note") return addInboxNote(context, formData, { kind: "message", id: message.id, userId: staff.id, path: here });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  return tryWrite(
    async () => {
      const outcome = await setMessageHandled(context.db, message.id, version, intent === "handled");
      if (outcome === "conflict") return refuse(i18n._(msg`Someone else changed this message since you opened it. Here is what it is now.`), 409);
      return redirect(`${here}?done=${intent}`);
    },
    (text) => refuse(i18n._(text), 503),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const doneTexts: Record<string, MessageDescriptor> = {
  ...noteDoneText,
  handled: msg`Marked handled.`,
  unhandled: msg`Back in the inbox's open list.`,
};

export default function InboxMessage() {
  const { message, notes, done, noteConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const locale = useLocale();
  const shelterName = shelter.name;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(t`Your message to ${shelterName}`)}`;
  const sender = message.name;
  const email = message.email;
  const sent = staffDateIn(locale, message.createdAt);
  const handled = staffDateIn(locale, message.handledAt);
  return (
    <div className="container admin-page application-page">
      <InboxItemHeader title={t`Message from ${sender}`} status={message.handledAt ? t`Handled` : t`New`} done={done} doneTexts={doneTexts} error={actionData?.message} />
      <p>
        {message.handledAt ? (
          <Trans>
            {email}, sent <time dateTime={message.createdAt}>{sent}</time>; handled {handled}.
          </Trans>
        ) : (
          <Trans>
            {email}, sent <time dateTime={message.createdAt}>{sent}</time>.
          </Trans>
        )}
      </p>
      <div className="panel">
        <p className="message-text">{message.message}</p>
      </div>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={message.version} />
        <a href={reply} className="button button--primary">
          <Trans>Reply by email</Trans>
        </a>
        {message.handledAt ? (
          <button type="submit" name="intent" value="unhandled" className="button">
            <Trans>Mark as not handled</Trans>
          </button>
        ) : (
          <button type="submit" name="intent" value="handled" className="button">
            <Trans>Mark handled</Trans>
          </button>
        )}
      </Form>
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData?.intent === "note" ? actionData.result : undefined} />
    </div>
  );
}
