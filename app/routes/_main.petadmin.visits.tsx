import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { shelter } from "#app/config/shelter";
import { startOfLocalDay } from "#app/lib/business-hours";
import { formErrorsOf, serverField } from "#app/lib/form-constraint";
import { pageMeta } from "#app/lib/meta";
import { tagsForPetChange } from "#app/lib/page-tags";
import { hasPermission } from "#app/lib/permissions";
import { readFormData, readId } from "#app/lib/request";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";
import { tryWrite } from "#app/lib/storage-error";
import { visitNoShowMessage } from "#app/lib/visit-emails";
import { visitSettingsSchema } from "#app/lib/visit-schema";
import { formatSlotTime, formatVisitDay } from "#app/lib/visit-slots";
import { getVisit, getVisitSettings, listVisits, markVisit, saveVisitSettings } from "#app/models/visits.server";
import { requireStaff } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { localizedPath } from "#app/lib/locale";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import type { loader as petAdminLoader } from "./_main.petadmin";

export const meta: MetaFunction = () => pageMeta("Visits", "Staff: today's and the coming days' meet-and-greet visits.");
export const shouldRevalidate = revalidateAfterConflict;

const zone = shelter.openingHours.timeZone;
const statusText = { booked: "Booked", met: "Met", no_show: "No-show", cancelled: "Cancelled" } as const;

/** Today's and the coming two weeks' visits, by day, and the slot settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:visits");
  const now = new Date();
  const [visits, settings] = await Promise.all([listVisits(context.db, startOfLocalDay(now, zone)), getVisitSettings(context.db)]);
  const days: { day: string; visits: ReturnType<typeof shape>[] }[] = [];
  function shape(visit: (typeof visits)[number]) {
    return {
      id: visit.id,
      version: visit.version,
      status: visit.status,
      time: `${formatSlotTime(visit.slotStart, zone)}–${formatSlotTime(visit.slotEnd, zone)}`,
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
    const day = formatVisitDay(visit.slotStart, zone);
    const last = days.at(-1);
    if (last?.day === day) last.visits.push(shape(visit));
    else days.push({ day, visits: [shape(visit)] });
  }
  return {
    today: formatVisitDay(now, zone),
    days,
    settings,
    constraint: getZodConstraint(visitSettingsSchema),
    done: new URL(request.url).searchParams.get("done"),
  };
}

const conflictMessage = "This visit changed since you opened the page, or has not started yet. Here it is as it is now.";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) => data({ intent: String(intent), message, result }, { status });

  if (intent === "settings") {
    await requireStaff(context, request, "manage:visits");
    const submission = parseWithZod(formData, { schema: visitSettingsSchema });
    if (submission.status !== "success") return refuse("", 400, submission.reply());
    const version = Number(formData.get("version"));
    if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
    return tryWrite(
      async () => {
        const outcome = await saveVisitSettings(context.db, submission.value.capacity, version);
        if (outcome === "conflict") return refuse("Someone else changed the settings since you opened this page. Here they are now.", 409, submission.reply());
        return redirect("/petadmin/visits?done=settings");
      },
      (message) => refuse(message, 503, submission.reply()),
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
      if (outcome === "conflict") return refuse(conflictMessage, 409);
      if (intent === "met") return redirect(`/petadmin/inbox/application/${visit.applicationId}?done=met`);
      // The pet is listed again: its cached pages go (decision 034); the adopter is told.
      context.pages.purgeAfterSave(tagsForPetChange(visit.petId, [visit.species]));
      // In the adopter's language (users.language, decision 057).
      const locale = accountLocale(visit.language);
      sendAfterResponse(
        context,
        visitNoShowMessage(visit.email, visit.firstName, visit.petName, `${new URL(request.url).origin}${localizedPath("/applications", locale)}`, i18nFor(locale)),
      );
      return redirect("/petadmin/visits?done=no_show");
    },
    (message) => refuse(message, 503),
  );
}

const loadSettingsCheck = () => import("#app/lib/validators/visit").then((checks) => checks.visitSettings);

export default function Visits() {
  const { today, days, settings, constraint, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const role = useRouteLoaderData<typeof petAdminLoader>("routes/_main.petadmin")?.role;
  const { ref, form } = useServerForm("visit-settings", { constraint, lastResult: actionData?.intent === "settings" ? actionData.result : undefined, defaultValue: { capacity: settings.capacity } }, loadSettingsCheck);
  return (
    <div className="container admin-page visits-page">
      <p>
        <Link to="/petadmin">Pet Admin</Link>
      </p>
      <h1>Visits</h1>
      {done === "settings" ? <p className="notice notice--success" role="status">The visit settings are saved.</p> : null}
      {done === "no_show" ? (
        <p className="notice notice--success" role="status">
          Marked as a no-show: the hold has ended, the pet is listed again and the adopter is told.
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message, ...formErrorsOf(form)] : formErrorsOf(form)} />
      {days.length === 0 || days[0]?.day !== today ? <p>No visits today.</p> : null}
      {days.length === 0 ? <p>No visits booked for the coming days.</p> : null}
      {days.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day.replace(/\W+/g, "-")}`}>
          <h2 id={`day-${group.day.replace(/\W+/g, "-")}`}>{group.day === today ? `Today, ${group.day}` : group.day}</h2>
          {/* On a phone the table scrolls sideways in its own box, never the page (each row's links and buttons take the keyboard there). */}
          <div className="table-scroll">
          <table className="admin-table visits-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Adopter</th>
                <th scope="col">Pet</th>
                <th scope="col">Phone</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {group.visits.map((visit) => (
                <tr key={visit.id} id={`visit-${visit.id}`}>
                  <td>{visit.time}</td>
                  <td>
                    <Link to={`/petadmin/inbox/application/${visit.applicationId}`}>{visit.adopter}</Link>
                    <br />
                    <a href={`mailto:${visit.email}`}>{visit.email}</a>
                  </td>
                  <td>{visit.petName}</td>
                  <td>{visit.phone ? <a href={`tel:${visit.phone.replace(/[^\d+]/g, "")}`}>{visit.phone}</a> : "–"}</td>
                  <td>
                    {statusText[visit.status]}
                    {visit.status === "booked" && visit.started && visit.applicationStatus === "approved" ? (
                      <Form method="post" className="button-row">
                        <input type="hidden" name="visitId" value={visit.id} />
                        <input type="hidden" name="version" value={visit.version} />
                        <button type="submit" name="intent" value="met" className="button button--small button--primary">
                          Met<span className="visually-hidden"> {visit.adopter} with {visit.petName}</span>
                        </button>
                        <button type="submit" name="intent" value="no_show" className="button button--small button--danger">
                          No-show<span className="visually-hidden">: {visit.adopter} did not come to meet {visit.petName}</span>
                        </button>
                      </Form>
                    ) : null}
                    {visit.status === "met" && visit.applicationStatus === "approved" ? (
                      <>
                        {" · "}
                        <Link to={`/petadmin/inbox/application/${visit.applicationId}`}>Adopt or decline</Link>
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
        <h2 id="settings-title">Slot settings</h2>
        <p>
          Visits take {shelter.visits.slotMinutes} minutes, in the opening hours ({shelter.hours}), within each adopter&apos;s hold.
        </p>
        {role && hasPermission(role, "manage:visits") ? (
          <Form method="post" id={form.id} ref={ref} className="stack">
            <input type="hidden" name="version" value={settings.version} />
            <Field label="Visits at once (per slot)" field={serverField(form, "capacity")} type="number" inputMode="numeric" />
            <button type="submit" name="intent" value="settings" className="button button--primary">
              Save settings
            </button>
          </Form>
        ) : (
          <p>Visits at once (per slot): {settings.capacity}. An admin can change it.</p>
        )}
      </section>
    </div>
  );
}
