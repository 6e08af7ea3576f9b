import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { useLocalePath } from "#app/components/locale";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import {
  confirmLostFoundThread,
  firstLostFoundMessage,
  isPendingLostFoundThread,
} from "#app/models/lost-found-messages.server";
import { relayLostFoundMessage } from "#app/services/lost-found-relay.server";

export const meta = routeMeta;

/**
 * The link in a message's confirmation email opens this page (issue 46); its button (a POST) proves
 * the sender's address and relays the message to the report's author, so a mail scanner that follows
 * links sends nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Confirm your message`),
    description: i18n._(msg`Confirm your message and we pass it on to the report's author.`),
  };
  if (done) return { meta, state: "done" as const, token: "" };
  return {
    meta,
    state: (await isPendingLostFoundThread(context.db, token)) ? ("ready" as const) : ("invalid" as const),
    token,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken((await readFormData(request)).get("token"));
  const locale = localeOf(request);
  return spendEmailedLink(async () => {
    const threadId = await confirmLostFoundThread(context.db, token);
    if (threadId === null) return localizedPath("/lost-found/messages/confirm?token=", locale);
    const first = await firstLostFoundMessage(context.db, threadId);
    if (first)
      await relayLostFoundMessage(
        context,
        threadId,
        { fromReporter: false, body: first.body, share: first.sharesAddress },
        new URL(request.url).origin,
      );
    return localizedPath("/lost-found/messages/confirm?done", locale);
  });
}

export default function ConfirmLostFoundMessage() {
  const { state, token } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <EmailedLinkPage
      title={t`Confirm your message`}
      state={state}
      fields={{ token }}
      prompt={t`One click and we pass your message on to the report's author, without your address.`}
      button={t`Send my message`}
      pendingLabel={t`Sending…`}
      done={
        <p>
          <Trans>
            Your message is on its way. The answer comes to you by email, with a link to answer through our site.{" "}
            <Link to={href("/lost-found")}>Lost and found pets</Link>
          </Trans>
        </p>
      }
      invalid={
        <p>
          <Trans>This link has expired or was already used.</Trans>
        </p>
      }
    />
  );
}
