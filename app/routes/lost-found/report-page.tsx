import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReportCard, useReportWords } from "#app/components/lost-found-card";
import { useLocalePath } from "#app/components/locale";
import { PetPhoto } from "#app/components/pet-photo";
import { TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm } from "#app/components/ui/use-server-form";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { matchReasonWords } from "#app/lib/lost-found/emails";
import { hideReportSchema } from "#app/lib/lost-found/schema";
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
import { i18nOf } from "#app/locales/catalogs.server";
import { requireStaff } from "#app/services/auth.server";

export const meta = routeMeta;

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

/** Staff only (checked here, whatever the page showed): hide a report with a reason, or show it again. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(context, request, "moderate:lost-found");
  const id = readId(params.id);
  if (!id) throw notFound();
  const formData = await readFormData(request);
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
  const { report, state, staff, matches, constraint } = useLoaderData<typeof loader>();
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
