import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReportCard, useReportWords } from "#app/components/lost-found-card";
import { useLocalePath } from "#app/components/locale";
import { PetPhoto } from "#app/components/pet-photo";
import { HoneypotField } from "#app/components/honeypot";
import { CheckboxField, Field, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { matchReasonWords } from "#app/lib/lost-found/emails";
import { confirmMessageMessage } from "#app/lib/lost-found/emails";
import { hideReportSchema, reportMessageSchema } from "#app/lib/lost-found/schema";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { minutesIn } from "#app/lib/i18n/intl";
import { routeMeta } from "#app/lib/i18n/meta";
import { hasPermission } from "#app/lib/accounts/permissions";
import { photoUrl } from "#app/lib/photos/photos";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import {
  getLostFoundReport,
  hideLostFoundReport,
  listLostFoundMatches,
  unhideLostFoundReport,
} from "#app/models/lost-found.server";
import { createLostFoundThread } from "#app/models/lost-found-messages.server";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { i18nOf } from "#app/locales/catalogs.server";
import { requireStaff } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";

export const meta = routeMeta;

/** A limited message keeps its Retry-After (decision 017). */
export const headers = retryAfterHeaders;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * A report's own page: everything the board shows, the description, every photo and the likely
 * matches; never the reporter. A hidden report is "not found" but for staff, who see why it was hidden.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = readId(params.id);
  if (!id) throw notFound();
  const viewer = await context.auth.viewer();
  const staff = hasPermission(viewer?.role, "moderate:lost-found");
  const report = await getLostFoundReport(context.db, id, { includeHidden: staff });
  if (!report) throw notFound();
  const now = new Date();
  const i18n = i18nOf(request);
  const state = report.hiddenAt
    ? "hidden"
    : report.closedAt
      ? "closed"
      : report.openUntil && report.openUntil > now
        ? "open"
        : "ended";
  const matches = state === "open" || staff ? await listLostFoundMatches(context.db, id, now) : [];
  return {
    meta: {
      title: report.kind === "lost" ? i18n._(msg`Lost pet report`) : i18n._(msg`Found pet report`),
      description: report.description.slice(0, 160),
    },
    staff,
    state,
    constraint: getZodConstraint(hideReportSchema),
    messageConstraint: getZodConstraint(reportMessageSchema),
    messageSent: new URL(request.url).searchParams.get("message") === "sent",
    report: {
      id: report.id,
      kind: report.kind,
      species: report.species,
      sex: report.sex,
      size: report.size,
      colours: report.colours,
      otherColours: report.otherColours,
      description: report.description,
      date: report.date,
      place: report.place,
      crossStreets: report.crossStreets,
      photos: report.images.map(photoUrl),
      hiddenReason: staff ? report.hiddenReason : null,
    },
    matches: matches.map((match) => ({
      why: matchReasonWords({ ...match.reasons, certain: match.certain }, i18n),
      report: match.report
        ? {
            id: match.report.id,
            kind: match.report.kind,
            species: match.report.species,
            sex: match.report.sex,
            size: match.report.size,
            colours: match.report.colours,
            otherColours: match.report.otherColours,
            date: match.report.date,
            place: match.report.place,
            photo: match.report.images[0] ? photoUrl(match.report.images[0]) : null,
          }
        : null,
      animal: match.animal ? { id: match.animal.id, name: match.animal.name } : null,
    })),
  };
}

/**
 * "Send a message" (anyone, issue 46): a stranger's form, so a robot that filled the honeypot is
 * thanked and nothing is kept; people are limited per network address and each report per day; and
 * nothing is relayed until the sender confirms their address by the emailed link.
 */
async function sendMessage(request: Request, context: ActionFunctionArgs["context"], id: number, formData: FormData) {
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  const sent = localizedPath(`/lost-found/${id}?message=sent#send-a-message`, locale);
  if (isHoneypotFilled(formData)) return redirect(sent);
  const submission = parseWithZod(formData, { schema: reportMessageSchema });
  if (submission.status !== "success") return data({ message: submission.reply() }, { status: 400 });
  return tryWrite(
    async () => {
      for (const [key, limit] of [
        [`lost-found:message:${clientAddress(request)}`, limits.lostFoundMessagesPerAddress],
        [`lost-found:message-report:${id}`, limits.lostFoundMessagesPerReport],
      ] as const) {
        const allowed = await hitRateLimit(context.db, key, limit);
        if (!allowed.allowed) {
          const wait = minutesIn(i18n, allowed.retryAfterSeconds);
          const message = i18n._(msg`Many messages were sent lately. Please try again in ${wait}, or call us.`);
          return data(
            { message: submission.reply({ formErrors: [message] }) },
            tooManyRequests(allowed.retryAfterSeconds),
          );
        }
      }
      const value = submission.value;
      const thread = await createLostFoundThread(context.db, {
        reportId: id,
        name: value.name,
        email: value.email,
        language: locale,
        body: value.message,
        share: value.share === "on",
      });
      if (!thread) throw notFound();
      const link = `${new URL(request.url).origin}${localizedPath(`/lost-found/messages/confirm?token=${thread.token}`, locale)}`;
      sendAfterResponse(context, confirmMessageMessage(value.email, value.name, link, i18n));
      return redirect(sent);
    },
    (message) => data({ message: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

/**
 * "Send a message" is anyone's; hiding a report or showing it again is staff's only (checked here,
 * whatever the page showed).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = readId(params.id);
  if (!id) throw notFound();
  const formData = await readFormData(request);
  if (formData.get("intent") === "message") return sendMessage(request, context, id, formData);
  const staff = await requireStaff(context, request, "moderate:lost-found");
  const locale = localeOf(request);
  const back = localizedPath(`/lost-found/${id}`, locale);
  if (formData.get("intent") === "show") {
    return tryWrite(
      async () => {
        if (!(await unhideLostFoundReport(context.db, id))) throw notFound();
        return redirect(back);
      },
      (message) => data({ error: message }, { status: 503 }),
    );
  }
  const submission = parseWithZod(formData, { schema: hideReportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return tryWrite(
    async () => {
      if (!(await hideLostFoundReport(context.db, id, submission.value.reason, staff.id))) throw notFound();
      return redirect(back);
    },
    (message) => data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

function MessageForm({
  constraint,
  lastResult,
}: {
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: Parameters<typeof useServerForm>[1]["lastResult"];
}) {
  const { ref, form } = useServerForm("report-message", { constraint, lastResult });
  const { t } = useLingui();
  const pending = usePosting("message");
  return (
    <Form method="post" id={form.id} ref={ref} className="stack" preventScrollReset>
      <FormAlert messages={formErrorsOf(form)} />
      <input type="hidden" name="intent" value="message" />
      <HoneypotField formId={form.id} />
      <Field label={t`Your name`} field={serverField(form, "name")} autoComplete="name" />
      <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
      <TextAreaField label={t`Message`} field={serverField(form, "message")} rows={5} />
      <CheckboxField
        label={t`Give them my email address, so they can write to me directly`}
        field={serverField(form, "share")}
      />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Sending…`}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </Form>
  );
}

function HideForm({
  constraint,
  lastResult,
}: {
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: Parameters<typeof useServerForm>[1]["lastResult"];
}) {
  const { ref, form } = useServerForm("hide-report", { constraint, lastResult });
  const { t } = useLingui();
  const pending = usePosting();
  return (
    <Form method="post" id={form.id} ref={ref} className="stack panel" aria-label={t`Hide this report`}>
      <FormAlert messages={formErrorsOf(form)} />
      <input type="hidden" name="intent" value="hide" />
      <TextAreaField label={t`Why hide it? (kept, seen by staff only)`} field={serverField(form, "reason")} rows={2} />
      <SubmitButton className="button" pending={pending} pendingLabel={t`Hiding…`}>
        <Trans>Hide this report</Trans>
      </SubmitButton>
    </Form>
  );
}

export default function LostFoundReportPage() {
  const { report, state, staff, matches, constraint, messageConstraint, messageSent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const href = useLocalePath();
  const words = useReportWords()(report);
  const { place, day } = words;
  const crossStreets = report.crossStreets;
  const reason = report.hiddenReason ?? "";
  return (
    <div className="container lost-found">
      <p>
        <Link to={href("/lost-found")}>
          <Trans>‹ Lost and found pets</Trans>
        </Link>
      </p>
      <h1>{words.title}</h1>
      {state === "closed" ? (
        <p className="notice" role="status">
          <Trans>This report is closed: the pet and its family are together again.</Trans>
        </p>
      ) : state === "ended" ? (
        <p className="notice" role="status">
          <Trans>This report has ended and is no longer on the board.</Trans>
        </p>
      ) : state === "hidden" ? (
        <p className="notice notice--error" role="status">
          <Trans>Hidden by staff: {reason}</Trans>
        </p>
      ) : null}
      <div className="report-photos">
        {report.photos.map((src, index) => {
          const number = index + 1;
          return (
            <PetPhoto
              key={src}
              src={src}
              alt={t`Photo ${number} of the pet`}
              width={720}
              height={540}
              sizes="(min-width: 48rem) 36rem, 100vw"
              loading={index === 0 ? "eager" : "lazy"}
            />
          );
        })}
      </div>
      <dl className="report-facts">
        <dt>
          <Trans>Sex</Trans>
        </dt>
        <dd>{words.sex}</dd>
        <dt>
          <Trans>Size</Trans>
        </dt>
        <dd>{words.size}</dd>
        <dt>
          <Trans>Colours</Trans>
        </dt>
        <dd>{words.colours}</dd>
        <dt>
          <Trans>Where</Trans>
        </dt>
        <dd>
          {crossStreets ? (
            <Trans>
              {place}, near {crossStreets}
            </Trans>
          ) : (
            place
          )}
        </dd>
        <dt>
          <Trans>When</Trans>
        </dt>
        <dd>{day}</dd>
      </dl>
      <p className="report-description">{report.description}</p>
      {matches.length > 0 ? (
        <section aria-labelledby="report-matches">
          <h2 id="report-matches">
            <Trans>Possible matches</Trans>
          </h2>
          <ul className="report-list">
            {matches.map((match) => (
              <li key={match.report ? `report-${match.report.id}` : `pet-${match.animal?.id}`}>
                {match.report ? <ReportCard report={match.report} headingLevel={3} /> : null}
                {match.animal ? (
                  <h3>
                    <Link to={href(`/adopt/pet?pet_id=${match.animal.id}`)}>{match.animal.name}</Link>
                  </h3>
                ) : null}
                <p>{match.why}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {state === "open" ? (
        <section aria-labelledby="send-a-message" className="panel">
          <h2 id="send-a-message">
            <Trans>Send a message</Trans>
          </h2>
          {messageSent ? (
            <p className="notice notice--success" role="status">
              <Trans>
                Thank you! Please check your inbox: follow the link in our email to confirm your address, and we pass
                your message on.
              </Trans>
            </p>
          ) : (
            <>
              <p>
                <Trans>
                  We pass your message on to the person who made this report by email. Neither of you sees the
                  other&apos;s address, unless you choose to give yours.
                </Trans>
              </p>
              <MessageForm
                constraint={messageConstraint}
                lastResult={actionData && "message" in actionData ? actionData.message : undefined}
              />
            </>
          )}
        </section>
      ) : null}
      {staff ? (
        state === "hidden" ? (
          <Form method="post" className="panel">
            <FormAlert messages={actionData && "error" in actionData ? [actionData.error] : []} />
            <input type="hidden" name="intent" value="show" />
            <button type="submit" className="button">
              <Trans>Show this report again</Trans>
            </button>
          </Form>
        ) : (
          <HideForm
            constraint={constraint}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        )
      ) : null}
    </div>
  );
}
