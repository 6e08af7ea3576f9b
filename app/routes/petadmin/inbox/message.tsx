import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { useLocale } from "#app/components/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { getContactMessage, setMessageHandled } from "#app/models/contact-messages.server";
import { inboxItemAction, inboxItemPage, type InboxItemKind } from "#app/services/inbox-items.server";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): no back link of the layout's, and this page's class. */
export const handle: AdminPageHandle = { adminBack: "none", adminPageClass: "application-page" };

type ContactMessage = NonNullable<Awaited<ReturnType<typeof getContactMessage>>>;

/** A message in the inbox: marked handled (or waiting again) at the version read, and internal notes. */
const messageItem: InboxItemKind<ContactMessage, "handled" | "unhandled"> = {
  kind: "message",
  permissions: { read: "read:inbox", update: "update:inbox" },
  load: getContactMessage,
  notFound: "Message not found",
  idOf: (message) => message.id,
  moves: {
    field: "intent",
    statuses: ["handled", "unhandled"],
    movesFrom: (message) => (message.handledAt ? ["unhandled"] : ["handled"]),
    versionOf: (message) => message.version,
    conflict: msg`Someone else changed this message since you opened it. Here is what it is now.`,
    write: (db, message, version, to) => setMessageHandled(db, message.id, version, to === "handled"),
  },
};

export async function loader(args: LoaderFunctionArgs) {
  const { item: message, i18n, shared } = await inboxItemPage(args, messageItem);
  return {
    ...shared,
    meta: {
      title: i18n._(msg`Message`),
      description: i18n._(msg`Staff: read a message sent through the Get In Touch form.`),
    },
    message: {
      ...message,
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
    },
  };
}

export const action = (args: ActionFunctionArgs) => inboxItemAction(args, messageItem);

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
    <>
      <InboxItemHeader
        title={t`Message from ${sender}`}
        status={message.handledAt ? t`Handled` : t`New`}
        done={done}
        doneTexts={doneTexts}
        error={actionData?.message}
      />
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
      <InboxNotes
        notes={notes}
        constraint={noteConstraint}
        lastResult={actionData?.intent === "note" ? actionData.result : undefined}
      />
    </>
  );
}
