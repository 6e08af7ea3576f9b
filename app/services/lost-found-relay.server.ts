import type { AppLoadContext } from "@remix-run/cloudflare";
import { savedLocale } from "#app/lib/email/emails";
import { localizedPath } from "#app/lib/i18n/locale";
import { relayedMessage } from "#app/lib/lost-found/emails";
import { replyLinkPath } from "#app/lib/lost-found/links";
import { i18nFor } from "#app/locales/catalogs.server";
import { lostFoundThreadForRelay } from "#app/models/lost-found-messages.server";
import { lostFoundSecret } from "#app/services/lost-found-links.server";
import { sendAfterResponse } from "#app/services/notify.server";

/**
 * Relays one message of a conversation to the other side by email (issue 46, decision 066): a
 * visitor's to the report's author, the author's answer to the visitor, each in its reader's
 * language with the reader's own link to answer through the site. The writer's address is in it only
 * when they ticked "give my address"; the author's name never is. False when the conversation cannot
 * be relayed (unconfirmed, or its report hidden or gone).
 */
export async function relayLostFoundMessage(
  context: AppLoadContext,
  threadId: number,
  message: { fromReporter: boolean; body: string; share: boolean },
  origin: string,
): Promise<boolean> {
  const thread = await lostFoundThreadForRelay(context.db, threadId);
  if (!thread) return false;
  const secret = lostFoundSecret(context.config);
  const report = { kind: thread.kind, species: thread.species };
  const toReporter = !message.fromReporter;
  const locale = savedLocale(toReporter ? thread.reporterLanguage : thread.senderLanguage);
  const answerLink = `${origin}${localizedPath(await replyLinkPath(threadId, toReporter ? "reporter" : "sender", secret), locale)}`;
  sendAfterResponse(
    context,
    toReporter
      ? relayedMessage(
          thread.reporterEmail,
          thread.reporterName,
          {
            from: thread.senderName,
            report,
            body: message.body,
            answerLink,
            sharedAddress: message.share ? thread.senderEmail : null,
          },
          i18nFor(locale),
        )
      : relayedMessage(
          thread.senderEmail,
          thread.senderName,
          {
            from: null,
            report,
            body: message.body,
            answerLink,
            sharedAddress: message.share ? thread.reporterEmail : null,
          },
          i18nFor(locale),
        ),
  );
  return true;
}
