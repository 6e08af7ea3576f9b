import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { applicationPageHandle } from "#app/components/admin-page";
import { useLocale } from "#app/components/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { getContactMessage, setMessageHandled } from "#app/models/contact-messages.server";
import { inboxItemAction, inboxItemPage, loadInboxItem, type InboxItemKind } from "#app/services/inbox-items.server";
import { setStoryApproved, storyOfMessage } from "#app/models/care.server";
import { storyPhotoForStaff } from "#app/lib/photos/photos";
import { tagsForHomePage } from "#app/lib/http/page-tags";
import { requireStaff } from "#app/services/auth.server";
import { readFormData } from "#app/lib/http/request";
import { localeOf, localizedPath } from "#app/lib/i18n/locale";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";

export const meta = routeMeta;

export const handle = applicationPageHandle;

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
  // An adopter's "All is well" line (issue 45): staff may approve it as a story on the home page.
  const story = await storyOfMessage(args.context.db, message.id);
  return {
    ...shared,
    story: story
      ? {
          petName: story.petName,
          approved: story.storyApprovedAt !== null,
          // A story may be a photo alone (no line typed): the panel names what the home page shows.
          hasLine: (story.text ?? "").trim() !== "",
          // The photo sent with it, through the staff-only address (not public until approved).
          photo: story.photo ? storyPhotoForStaff(story.photo) : null,
        }
      : null,
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

/**
 * A note or handled/not handled (services/inbox-items), or, for an adopter's "All is well" line,
 * approving it as a story on the home page or taking it off (`intent=story` / `unstory`).
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  // The permission before the body (issue 22); the shared action reads its own copy of the body.
  await requireStaff(context, request, messageItem.permissions.update);
  const intent = (await readFormData(request.clone() as Request)).get("intent");
  if (intent !== "story" && intent !== "unstory") return inboxItemAction(args, messageItem);
  const message = await loadInboxItem(context, messageItem, params.id);
  if (!(await setStoryApproved(context.db, message.id, intent === "story")))
    throw new Response("This message has no story to approve", { status: 400 });
  // The home page's stories change for every visitor: its cached copies go (decision 034).
  context.pages.purgeAfterSave(tagsForHomePage());
  return redirect(`${localizedPath(`/petadmin/inbox/message/${message.id}`, localeOf(request))}?done=${intent}`);
}

export const shouldRevalidate = revalidateAfterConflict;

const doneTexts: Record<string, MessageDescriptor> = {
  ...noteDoneText,
  handled: msg`Marked handled.`,
  unhandled: msg`Back in the inbox's open list.`,
  story: msg`The story now shows on the home page.`,
  unstory: msg`The story no longer shows on the home page.`,
};

export default function InboxMessage() {
  const { message, notes, done, noteConstraint, story } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const locale = useLocale();
  const shelterName = shelter.name;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(t`Your message to ${shelterName}`)}`;
  const sender = message.name;
  const email = message.email;
  const sent = staffDateIn(locale, message.createdAt);
  const handled = staffDateIn(locale, message.handledAt);
  const storyPet = story?.petName ?? "";
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
      {story ? (
        <Form method="post" className="panel stack">
          <h2>
            <Trans>Stories of Hope</Trans>
          </h2>
          {story.photo ? (
            <img
              src={story.photo}
              alt={t`${storyPet}, as the adopter sent it`}
              width={360}
              height={270}
              className="story-photo"
            />
          ) : null}
          {story.approved ? (
            <>
              <p>
                {story.hasLine ? (
                  <Trans>This line shows on the home page as a story about {storyPet}.</Trans>
                ) : (
                  <Trans>This photo shows on the home page as a story about {storyPet}.</Trans>
                )}
              </p>
              <button type="submit" name="intent" value="unstory" className="button">
                <Trans>Take it off the home page</Trans>
              </button>
            </>
          ) : (
            <>
              <p>
                {story.hasLine ? (
                  <Trans>
                    The adopter&apos;s line about {storyPet} may show on the home page, with their first name and the
                    pet&apos;s name only.
                  </Trans>
                ) : (
                  <Trans>
                    The adopter&apos;s photo of {storyPet} may show on the home page, with their first name and the
                    pet&apos;s name only.
                  </Trans>
                )}
              </p>
              <button type="submit" name="intent" value="story" className="button button--primary">
                <Trans>Approve as a story for the home page</Trans>
              </button>
            </>
          )}
        </Form>
      ) : null}
      <InboxNotes
        notes={notes}
        constraint={noteConstraint}
        lastResult={actionData?.intent === "note" ? actionData.result : undefined}
      />
    </>
  );
}
