import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { useLocale, useLocalePath } from "#app/components/locale";
import { shelterText } from "#app/config/shelter-es";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { slotTimeIn, visitDayIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { shelter } from "#app/config/shelter";
import { startOfLocalDay } from "#app/lib/visits/business-hours";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { hasPermission } from "#app/lib/accounts/permissions";
import { readFormData, readId } from "#app/lib/http/request";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import { tryWrite } from "#app/lib/http/storage-error";
import { visitNoShowMessage } from "#app/lib/visits/visit-emails";
import { visitSettingsSchema } from "#app/lib/visits/visit-schema";
import { getVisit, getVisitSettings, listVisits, markVisit, saveVisitSettings } from "#app/models/visits.server";
import { requireStaff } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import type { loader as petAdminLoader } from "./layout";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): the back link, and this page's class. */
export const handle: AdminPageHandle = { adminPageClass: "visits-page" };
export const shouldRevalidate = revalidateAfterConflict;

const zone = shelter.openingHours.timeZone;
const statusText: Record<"booked" | "met" | "no_show" | "cancelled", MessageDescriptor> = {
  booked: msg`Booked`,
  met: msg`Met`,
  no_show: msg`No-show`,
  cancelled: msg`Cancelled`,
};

/** Today's and the coming two weeks' visits, by day, and the slot settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:visits");
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const now = new Date();
  const [visits, settings] = await Promise.all([
    listVisits(context.db, startOfLocalDay(now, zone)),
    getVisitSettings(context.db),
  ]);
  const days: { day: string; visits: ReturnType<typeof shape>[] }[] = [];
  function shape(visit: (typeof visits)[number]) {
    return {
      id: visit.id,
      version: visit.version,
      status: visit.status,
      time: `${slotTimeIn(locale, visit.slotStart)}–${slotTimeIn(locale, visit.slotEnd)}`,
      started: visit.slotStart <= now,
      applicationId: visit.applicationId,
      applicationStatus: visit.applicationStatus,
      petId: visit.petId,
      petName: visit.petName,
      adopter: `${visit.firstName} ${visit.lastName}`,
      email: visit.email,
      phone: visit.phone,
    };
  }
  for (const visit of visits) {
    const day = visitDayIn(locale, visit.slotStart);
    const last = days.at(-1);
    if (last?.day === day) last.visits.push(shape(visit));
    else days.push({ day, visits: [shape(visit)] });
  }
  return {
    meta: {
      title: i18n._(msg`Visits`),
      description: i18n._(msg`Staff: today's and the coming days' meet-and-greet visits.`),
    },
    today: visitDayIn(locale, now),
    days,
    settings,
    constraint: getZodConstraint(visitSettingsSchema),
    done: new URL(request.url).searchParams.get("done"),
  };
}

const conflictMessage = msg`This visit changed since you opened the page, or has not started yet. Here it is as it is now.`;

export async function action({ request, context }: ActionFunctionArgs) {
  // Staff first, before the body is read (issue 39); each intent's own permission once it is known.
  await requireStaff(context, request, "read:visits");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: String(intent), message, result }, { status });

  if (intent === "settings") {
    await requireStaff(context, request, "manage:visits");
    const submission = parseWithZod(formData, { schema: visitSettingsSchema });
    if (submission.status !== "success") return refuse("", 400, submission.reply());
    const version = Number(formData.get("version"));
    if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
    return tryWrite(
      async () => {
        const outcome = await saveVisitSettings(context.db, submission.value.capacity, version);
        if (outcome === "conflict")
          return refuse(
            i18n._(msg`Someone else changed the settings since you opened this page. Here they are now.`),
            409,
            submission.reply(),
          );
        return redirect(localizedPath("/petadmin/visits?done=settings", locale));
      },
      (message) => refuse(i18n._(message), 503, submission.reply()),
    );
  }
  if (intent !== "met" && intent !== "no_show") throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, "update:visits");
  const visitId = readId(formData.get("visitId"));
  const version = Number(formData.get("version"));
  if (visitId === null || !Number.isSafeInteger(version)) throw new Response("Missing visit", { status: 400 });
  const visit = await getVisit(context.db, visitId);
  if (!visit) throw new Response("Visit not found", { status: 404 });
  return tryWrite(
    async () => {
      const outcome = await markVisit(context.db, { visitId, version, to: intent, userId: staff.id });
      if (outcome === "conflict") return refuse(i18n._(conflictMessage), 409);
      if (intent === "met")
        return redirect(localizedPath(`/petadmin/inbox/application/${visit.applicationId}?done=met`, locale));
      // The pet is listed again: its cached pages go (decision 034); the adopter is told.
      context.pages.purgeAfterSave(tagsForPetChange(visit.petId, [visit.species]));
      // In the adopter's language (users.language, decision 057).
      const adopterLocale = accountLocale(visit.language);
      sendAfterResponse(
        context,
        visitNoShowMessage(
          visit.email,
          visit.firstName,
          visit.petName,
          `${new URL(request.url).origin}${localizedPath("/applications", adopterLocale)}`,
          i18nFor(adopterLocale),
        ),
      );
      return redirect(localizedPath("/petadmin/visits?done=no_show", locale));
    },
    (message) => refuse(i18n._(message), 503),
  );
}

const loadSettingsCheck = () => import("#app/lib/forms/validators/visit").then((checks) => checks.visitSettings);

export default function Visits() {
  const { today, days, settings, constraint, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const role = useRouteLoaderData<typeof petAdminLoader>("routes/_main.petadmin")?.role;
  const { ref, form } = useServerForm(
    "visit-settings",
    {
      constraint,
      lastResult: actionData?.intent === "settings" ? actionData.result : undefined,
      defaultValue: { capacity: settings.capacity },
    },
    loadSettingsCheck,
  );
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const slotMinutes = shelter.visits.slotMinutes;
  const hours = shelterText(shelter.hours, locale);
  const capacity = settings.capacity;
  return (
    <>
      <h1>
        <Trans>Visits</Trans>
      </h1>
      {done === "settings" ? (
        <p className="notice notice--success" role="status">
          <Trans>The visit settings are saved.</Trans>
        </p>
      ) : null}
      {done === "no_show" ? (
        <p className="notice notice--success" role="status">
          <Trans>Marked as a no-show: the hold has ended, the pet is listed again and the adopter is told.</Trans>
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message, ...formErrorsOf(form)] : formErrorsOf(form)} />
      {days.length === 0 || days[0]?.day !== today ? (
        <p>
          <Trans>No visits today.</Trans>
        </p>
      ) : null}
      {days.length === 0 ? (
        <p>
          <Trans>No visits booked for the coming days.</Trans>
        </p>
      ) : null}
      {days.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day.replace(/\W+/g, "-")}`}>
          <h2 id={`day-${group.day.replace(/\W+/g, "-")}`}>
            {group.day === today ? t`Today, ${group.day}` : group.day}
          </h2>
          {/* On a phone each row is a card (issue 40): time, pet, adopter, phone to tap, Met / No-show, one under the other. */}
          <div className="table-scroll">
            <table className="admin-table visits-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Time</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Adopter</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Pet</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Phone</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.visits.map((visit) => (
                  <tr key={visit.id} id={`visit-${visit.id}`} className="visit-card">
                    <td className="visit-card__time">{visit.time}</td>
                    <td className="visit-card__adopter">
                      <Link to={href(`/petadmin/inbox/application/${visit.applicationId}`)}>{visit.adopter}</Link>
                      <br />
                      <a href={`mailto:${visit.email}`}>{visit.email}</a>
                    </td>
                    <td className="visit-card__pet">{visit.petName}</td>
                    <td className="visit-card__phone">
                      <span className="visit-card__label">
                        <Trans>Phone:</Trans>{" "}
                      </span>
                      {visit.phone ? <a href={`tel:${visit.phone.replace(/[^\d+]/g, "")}`}>{visit.phone}</a> : "–"}
                    </td>
                    <td className="visit-card__status">
                      {i18n._(statusText[visit.status])}
                      {visit.status === "booked" && visit.started && visit.applicationStatus === "approved" ? (
                        <Form method="post" className="button-row">
                          <input type="hidden" name="visitId" value={visit.id} />
                          <input type="hidden" name="version" value={visit.version} />
                          <button
                            type="submit"
                            name="intent"
                            value="met"
                            className="button button--small button--primary"
                          >
                            <Trans>
                              Met
                              <span className="visually-hidden">
                                {" "}
                                {visit.adopter} with {visit.petName}
                              </span>
                            </Trans>
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="no_show"
                            className="button button--small button--danger"
                          >
                            <Trans>
                              No-show
                              <span className="visually-hidden">
                                : {visit.adopter} did not come to meet {visit.petName}
                              </span>
                            </Trans>
                          </button>
                        </Form>
                      ) : null}
                      {visit.status === "met" && visit.applicationStatus === "approved" ? (
                        <>
                          {" · "}
                          <Link to={href(`/petadmin/inbox/application/${visit.applicationId}`)}>
                            <Trans>Adopt or decline</Trans>
                          </Link>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section aria-labelledby="settings-title" className="panel">
        <h2 id="settings-title">
          <Trans>Slot settings</Trans>
        </h2>
        <p>
          <Trans>
            Visits take {slotMinutes} minutes, in the opening hours ({hours}), within each adopter&apos;s hold.
          </Trans>
        </p>
        {role && hasPermission(role, "manage:visits") ? (
          <Form method="post" id={form.id} ref={ref} className="stack">
            <input type="hidden" name="version" value={settings.version} />
            <Field
              label={t`Visits at once (per slot)`}
              field={serverField(form, "capacity")}
              type="number"
              inputMode="numeric"
            />
            <button type="submit" name="intent" value="settings" className="button button--primary">
              <Trans>Save settings</Trans>
            </button>
          </Form>
        ) : (
          <p>
            <Trans>Visits at once (per slot): {capacity}. An admin can change it.</Trans>
          </p>
        )}
      </section>
    </>
  );
}
