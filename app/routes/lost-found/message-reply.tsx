import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { CheckboxField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm } from "#app/components/ui/use-server-form";
import { limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { linkToken } from "#app/lib/email/emailed-link";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { formatDateIn, minutesIn } from "#app/lib/i18n/intl";
import { localeOf, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { isReplyLinkToken, type ReplySide } from "#app/lib/lost-found/links";
import { replyMessageSchema } from "#app/lib/lost-found/schema";
import { i18nOf } from "#app/locales/catalogs.server";
import {
  addLostFoundMessage,
  listLostFoundThreadMessages,
  lostFoundThreadForRelay,
} from "#app/models/lost-found-messages.server";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { lostFoundSecret } from "#app/services/lost-found-links.server";
import { relayLostFoundMessage } from "#app/services/lost-found-relay.server";

export const meta = routeMeta;

/** A limited post keeps its Retry-After (decision 017). */
export const headers = retryAfterHeaders;

const notFound = () => new Response("Not found", { status: 404 });

const sideOf = (value: string | null): ReplySide | null => (value === "reporter" || value === "sender" ? value : null);

/**
 * Whose link this is: the conversation, the side and the token, checked against the signature; the
 * conversation as it may be relayed (confirmed, its report not hidden). Null for anything else.
 */
async function openedLink(
  context: LoaderFunctionArgs["context"],
  threadParam: string | undefined,
  side: ReplySide | null,
  token: string,
) {
  const threadId = readId(threadParam);
  if (!threadId || !side) return null;
  if (!(await isReplyLinkToken(threadId, side, token, lostFoundSecret(context.config)))) return null;
  const thread = await lostFoundThreadForRelay(context.db, threadId);
  return thread ? { threadId, side, thread } : null;
}

/**
 * The page a relayed email's "answer through our site" link opens (issue 46): the conversation so far
 * (who wrote what and when, never an address or the author's name) and a form to answer, relayed to
 * the other side by email. The link is signed for this conversation and this side.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = linkToken(url.searchParams.get("token"));
  const side = sideOf(url.searchParams.get("as"));
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const meta = {
    title: i18n._(msg`Answer through our site`),
    description: i18n._(msg`A conversation about a lost or found pet, relayed without addresses.`),
  };
  const opened = await openedLink(context, params.thread, side, token);
  if (!opened)
    return { meta, state: "invalid" as const, side: null, token: "", messages: [], sent: false, reportId: 0 };
  const messages = await listLostFoundThreadMessages(context.db, opened.threadId);
  return {
    meta,
    state: "ready" as const,
    side: opened.side,
    token,
    reportId: opened.thread.reportId,
    sent: url.searchParams.has("sent"),
    constraint: getZodConstraint(replyMessageSchema),
    messages: messages.map((message) => ({
      id: message.id,
      mine: message.fromReporter === (opened.side === "reporter"),
      body: message.body,
      when: formatDateIn(locale, message.createdAt, { time: true }),
    })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const token = linkToken(formData.get("token") ?? url.searchParams.get("token"));
  const side = sideOf(
    typeof formData.get("as") === "string" ? (formData.get("as") as string) : url.searchParams.get("as"),
  );
  const opened = await openedLink(context, params.thread, side, token);
  if (!opened) throw notFound();
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const submission = parseWithZod(formData, { schema: replyMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return tryWrite(
    async () => {
      const allowed = await hitRateLimit(
        context.db,
        `lost-found:thread:${opened.threadId}`,
        limits.lostFoundRepliesPerThread,
      );
      if (!allowed.allowed) {
        const wait = minutesIn(i18n, allowed.retryAfterSeconds);
        const message = i18n._(msg`This conversation has had many messages lately. Please try again in ${wait}.`);
        return data(
          { result: submission.reply({ formErrors: [message] }) },
          tooManyRequests(allowed.retryAfterSeconds),
        );
      }
      const fromReporter = opened.side === "reporter";
      const share = submission.value.share === "on";
      await addLostFoundMessage(context.db, {
        threadId: opened.threadId,
        fromReporter,
        body: submission.value.message,
        share,
      });
      await relayLostFoundMessage(
        context,
        opened.threadId,
        { fromReporter, body: submission.value.message, share },
        url.origin,
      );
      return redirect(
        localizedPath(`/lost-found/messages/${opened.threadId}?as=${opened.side}&token=${token}&sent`, locale),
      );
    },
    (message) => data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

function AnswerForm({
  side,
  token,
  constraint,
  lastResult,
}: {
  side: ReplySide;
  token: string;
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: Parameters<typeof useServerForm>[1]["lastResult"];
}) {
  const { ref, form } = useServerForm("lost-found-answer", { constraint, lastResult });
  const { t } = useLingui();
  const pending = usePosting();
  return (
    <Form method="post" id={form.id} ref={ref} className="stack panel">
      <FormAlert messages={formErrorsOf(form)} />
      <input type="hidden" name="as" value={side} />
      <input type="hidden" name="token" value={token} />
      <TextAreaField label={t`Your answer`} field={serverField(form, "message")} rows={5} />
      <CheckboxField
        label={t`Give them my email address, so they can write to me directly`}
        field={serverField(form, "share")}
      />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Sending…`}>
        <Trans>Send my answer</Trans>
      </SubmitButton>
    </Form>
  );
}

export default function LostFoundConversation() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const href = useLocalePath();
  if (loaded.state === "invalid" || !loaded.side) {
    return (
      <div className="container auth-page">
        <h1>{t`Answer through our site`}</h1>
        <div className="notice notice--error" role="alert">
          <p>
            <Trans>
              This link is not valid, or the report is no longer shown.{" "}
              <Link to={href("/lost-found")}>Lost and found pets</Link>
            </Trans>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="container lost-found">
      <h1>{t`Answer through our site`}</h1>
      <p>
        <Trans>
          We pass each message on by email, without your address or theirs, unless one of you chooses to give it.{" "}
          <Link to={href(`/lost-found/${loaded.reportId}`)}>See the report</Link>
        </Trans>
      </p>
      {loaded.sent ? (
        <p className="notice notice--success" role="status">
          <Trans>Your answer is on its way.</Trans>
        </p>
      ) : null}
      <ol className="lost-found-messages" aria-label={t`Messages`}>
        {loaded.messages.map(({ id, mine, body, when }) => (
          <li key={id} className={mine ? "lost-found-message lost-found-message--mine" : "lost-found-message"}>
            <p className="lost-found-message__who">
              {mine ? <Trans>You wrote, {when}:</Trans> : <Trans>They wrote, {when}:</Trans>}
            </p>
            <p className="lost-found-message__body">{body}</p>
          </li>
        ))}
      </ol>
      <AnswerForm
        side={loaded.side}
        token={loaded.token}
        constraint={loaded.constraint}
        lastResult={actionData?.result}
      />
    </div>
  );
}
