import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AdminPageHandle } from "#app/components/admin-page";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReportCard } from "#app/components/lost-found-card";
import { useLocalePath } from "#app/components/locale";
import { FormAlert } from "#app/components/ui/form-alert";
import { shelter } from "#app/config/shelter";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { localeOf, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { matchReasonWords } from "#app/lib/lost-found/emails";
import { photoUrl } from "#app/lib/photos/photos";
import {
  dismissLostFoundReturn,
  listHiddenLostFoundReports,
  lostFoundReturnsToConfirm,
} from "#app/models/lost-found.server";
import { recordOutcome } from "#app/models/pet-stays.server";
import { i18nOf } from "#app/locales/catalogs.server";
import { requireStaff } from "#app/services/auth.server";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): this page has its own back link, to the board; its class. */
export const handle: AdminPageHandle = { adminBack: "none", adminPageClass: "lost-found" };

/**
 * Staff's lost and found page (issue 46), staff only, checked here: the returns to confirm (a lost
 * report closed "together again" that matched an animal in care) and the reports staff hid, with why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "moderate:lost-found");
  const i18n = i18nOf(request);
  const [reports, returns] = await Promise.all([
    listHiddenLostFoundReports(context.db),
    lostFoundReturnsToConfirm(context.db),
  ]);
  return {
    meta: {
      title: i18n._(msg`Lost and found: returns and hidden reports`),
      description: i18n._(msg`Returns to confirm, and lost and found reports staff hid, and why.`),
    },
    returns: returns.map((each) => ({
      matchId: each.matchId,
      reportId: each.reportId,
      petId: each.petId,
      petName: each.petName,
      petVersion: each.petVersion,
      why: matchReasonWords({ ...each.reasons, certain: each.certain }, i18n),
    })),
    reports: reports.map((report) => ({
      card: {
        id: report.id,
        kind: report.kind,
        species: report.species,
        sex: report.sex,
        size: report.size,
        colours: report.colours,
        otherColours: report.otherColours,
        date: report.date,
        place: report.place,
        photo: report.images[0] ? photoUrl(report.images[0]) : null,
      },
      reason: report.hiddenReason ?? "",
    })),
  };
}

/**
 * "Returned to owner": records the stay's outcome (decision 064) at the pet's version the page showed,
 * which needs the permission to record how a pet left ("hold:pet"); "Not this animal" only asks no
 * more about that match.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(context, request, "moderate:lost-found");
  const formData = await readFormData(request);
  const i18n = i18nOf(request);
  const back = localizedPath("/petadmin/lost-found", localeOf(request));
  const matchId = readId(String(formData.get("match") ?? ""));
  if (!matchId) throw new Response("Not found", { status: 404 });
  const failed = (message: string) => data({ error: i18n._(message) }, { status: 503 });
  if (formData.get("intent") === "not-this") {
    return tryWrite(async () => {
      if (!(await dismissLostFoundReturn(context.db, matchId))) throw new Response("Not found", { status: 404 });
      return redirect(`${back}?done=dismissed#returns`);
    }, failed);
  }
  if (formData.get("intent") !== "returned") throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, "hold:pet");
  const asked = (await lostFoundReturnsToConfirm(context.db)).find((each) => each.matchId === matchId);
  if (!asked) throw new Response("Not found", { status: 404 });
  const version = Number(formData.get("version"));
  return tryWrite(async () => {
    const outcome = await recordOutcome(context.db, {
      petId: asked.petId,
      version: Number.isInteger(version) ? version : -1,
      userId: staff.id,
      outcome: {
        outcomeType: "returned_to_owner",
        outcomeOn: shelterDayOf(Date.now(), shelter.openingHours.timeZone),
        outcomeDestination: "",
        outcomeNotes: `Lost and found report ${asked.reportId}`,
      },
    });
    if (outcome === "missing") throw new Response("Not found", { status: 404 });
    if (outcome === "conflict")
      return data(
        {
          error: i18n._(
            msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`,
          ),
        },
        { status: 409 },
      );
    context.pages.purgeAfterSave(tagsForPetChange(asked.petId, [asked.petSpecies]));
    return redirect(`${back}?done=returned#returns`);
  }, failed);
}

export default function LostFoundStaffPage() {
  const { reports, returns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <p>
        <Link to={href("/lost-found")}>
          <Trans>‹ Lost and found pets</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Lost and found: returns and hidden reports</Trans>
      </h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      <section aria-labelledby="returns">
        <h2 id="returns">
          <Trans>Returns to confirm</Trans>
        </h2>
        {returns.length === 0 ? (
          <p>
            <Trans>No return to confirm.</Trans>
          </p>
        ) : (
          <ul className="report-list">
            {returns.map(({ matchId, reportId, petId, petName, petVersion, why }) => (
              <li key={matchId} className="panel">
                <p>
                  <Trans>
                    The owner of <Link to={href(`/lost-found/${reportId}`)}>lost report {reportId}</Link> says they are
                    together again. It matched <Link to={href(`/petadmin/edit?pet_id=${petId}`)}>{petName}</Link>: {why}
                    .
                  </Trans>
                </p>
                <div className="button-row">
                  <Form method="post">
                    <input type="hidden" name="match" value={matchId} />
                    <input type="hidden" name="version" value={petVersion} />
                    <button type="submit" name="intent" value="returned" className="button button--primary">
                      <Trans>{petName} went home: returned to owner</Trans>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="match" value={matchId} />
                    <button type="submit" name="intent" value="not-this" className="button">
                      <Trans>Not this animal</Trans>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="hidden-reports">
        <h2 id="hidden-reports">
          <Trans>Hidden reports</Trans>
        </h2>
        {reports.length === 0 ? (
          <p>
            <Trans>No report is hidden.</Trans>
          </p>
        ) : (
          <ul className="report-list" aria-label={t`Hidden reports`}>
            {reports.map(({ card, reason }) => (
              <li key={card.id}>
                <ReportCard report={card} headingLevel={3} />
                <p>
                  <Trans>Why: {reason}</Trans>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
