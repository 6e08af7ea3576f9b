import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale, useLocalePath } from "#app/components/locale";
import { shelterText } from "#app/config/shelter-es";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { FieldErrors } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { formatAddress, shelter } from "#app/config/shelter";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { visitBookedMessage, visitCancelledMessage, visitSequence } from "#app/lib/visits/visit-emails";
import { visitSchema } from "#app/lib/visits/visit-schema";
import {
  findSlot,
  formatSlotTime,
  formatVisitTime,
  freeSlots,
  groupByDay,
  slotsInWindow,
} from "#app/lib/visits/visit-slots";
import {
  bookedCounts,
  bookedVisitOf,
  bookVisit,
  cancelVisit,
  getVisitSettings,
  moveVisit,
  visitApplication,
} from "#app/models/visits.server";
import { requireUser } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import type { Viewer } from "#app/services/session.server";

export const meta = routeMeta;

const zone = shelter.openingHours.timeZone;
/** The action's answer when the slot's last place went to someone else; shown in the page's language (FormAlert). */
export const takenMessage = /*i18n*/ "That time was just taken. Please choose another.";

/** The application, only for its own adopter: anyone else gets "not found" (its existence is nobody else's business). */
async function ownApplication(context: AppLoadContext, viewer: Viewer, id: string | undefined) {
  const applicationId = readId(id);
  const application = applicationId ? await visitApplication(context.db, applicationId) : undefined;
  if (!application || application.userId !== viewer.id) throw new Response("Application not found", { status: 404 });
  return application;
}

/** The free slots of the hold's window, now: the adopter's own visit's slot stays offered. */
async function slotsOf(
  context: AppLoadContext,
  application: NonNullable<Awaited<ReturnType<typeof visitApplication>>>,
  now: Date,
) {
  const visit = await bookedVisitOf(context.db, application.id);
  if (!application.holdsPet || !application.onHoldUntil) return { visit, slots: [], free: [] };
  const slots = slotsInWindow({
    now,
    until: application.onHoldUntil,
    hours: shelter.openingHours,
    slotMinutes: shelter.visits.slotMinutes,
  });
  const [booked, settings] = await Promise.all([
    bookedCounts(context.db, now, application.onHoldUntil),
    getVisitSettings(context.db),
  ]);
  return { visit, slots, free: freeSlots(slots, booked, settings.capacity, visit?.slotStart.getTime()) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const application = await ownApplication(context, viewer, params.id);
  const { visit, free } = await slotsOf(context, application, new Date());
  const done = new URL(request.url).searchParams.get("done");
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Book your visit`),
    description: i18n._(msg`Book a time to meet the pet you applied for at the ${name}.`),
  };
  return {
    meta,
    application: {
      id: application.id,
      petId: application.petId,
      petName: application.petName,
      holdsPet: application.holdsPet,
      status: application.status,
    },
    holdEnds:
      application.holdsPet && application.onHoldUntil ? formatVisitTime(application.onHoldUntil, zone, locale) : null,
    visit: visit
      ? {
          id: visit.id,
          version: visit.version,
          start: visit.slotStart.getTime(),
          when: formatVisitTime(visit.slotStart, zone, locale),
          started: visit.slotStart <= new Date(),
        }
      : null,
    days: groupByDay(free, zone, locale).map((group) => ({
      day: group.day,
      slots: group.slots.map((slot) => ({
        start: slot.start.getTime(),
        time: formatSlotTime(slot.start, zone, locale),
        left: slot.left,
      })),
    })),
    done: done === "booked" || done === "moved" || done === "cancelled" ? done : null,
    constraint: getZodConstraint(visitSchema),
  };
}

type Intent = "book" | "cancel";

/** The adopter books, moves or cancels the visit of their own approved application. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(context, request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "book" && intent !== "cancel") throw new Response("Unknown action", { status: 400 });
  const application = await ownApplication(context, viewer, params.id);
  const i18n = i18nOf(request);
  const here = localizedPath(`/applications/${application.id}/visit`, localeOf(request));
  const origin = new URL(request.url).origin;
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: intent as Intent, message, result }, { status });
  const phone = shelter.phone;
  if (!application.holdsPet)
    return refuse(
      i18n._(msg`Only an approved application whose pet is on hold for you can book a visit. Call us at ${phone}.`),
      403,
    );
  const now = new Date();
  // `version`: the visit row's version once this change is written (its calendar SEQUENCE follows it).
  const mail = (visitId: number, version: number, start: Date, end: Date) => ({
    to: viewer.email,
    firstName: viewer.firstName,
    petName: application.petName,
    visitId,
    sequence: visitSequence(version),
    start,
    end,
    link: `${origin}${here}`,
    siteHost: new URL(origin).hostname,
  });

  if (intent === "cancel") {
    const visitId = readId(formData.get("visitId"));
    const version = Number(formData.get("version"));
    if (visitId === null || !Number.isSafeInteger(version)) throw new Response("Missing visit", { status: 400 });
    return tryWrite(
      async () => {
        const visit = await bookedVisitOf(context.db, application.id);
        const outcome =
          visit?.id === visitId
            ? await cancelVisit(context.db, { visitId, version, applicationId: application.id, now })
            : "conflict";
        if (outcome === "conflict" || !visit)
          return refuse(
            i18n._(msg`Your visit changed or has started since you opened this page. Here it is as it is now.`),
            409,
          );
        // The page's own confirmation: in the page's language (decision 057).
        sendAfterResponse(
          context,
          visitCancelledMessage(mail(visit.id, version + 1, visit.slotStart, visit.slotEnd), i18n),
        );
        return redirect(`${here}?done=cancelled`);
      },
      (message) => refuse(message, 503),
    );
  }

  const submission = parseWithZod(formData, { schema: visitSchema });
  if (submission.status !== "success") return refuse("", 400, submission.reply());
  const taken = () => refuse(takenMessage, 409, submission.reply());
  return tryWrite(
    async () => {
      const { visit, slots } = await slotsOf(context, application, now);
      const slot = findSlot(slots, Number(submission.value.slot));
      if (!slot) return taken();
      if (visit && visit.slotStart.getTime() === slot.start.getTime()) return redirect(`${here}?done=moved`);
      const outcome = visit
        ? await moveVisit(context.db, {
            visitId: visit.id,
            version: visit.version,
            applicationId: application.id,
            userId: viewer.id,
            petId: application.petId,
            slot,
            now,
          })
        : await bookVisit(context.db, {
            applicationId: application.id,
            userId: viewer.id,
            petId: application.petId,
            slot,
            now,
          });
      if (outcome === "full") return taken();
      if (outcome === "conflict" || outcome === "not-allowed") {
        return refuse(
          i18n._(msg`Your visit or your application changed since you opened this page. Here is where it stands now.`),
          409,
          submission.reply(),
        );
      }
      const visitId = visit ? visit.id : (outcome as { id: number }).id;
      // A new visit is written at version 1; a move adds one to the version read.
      sendAfterResponse(
        context,
        visitBookedMessage(mail(visitId, visit ? visit.version + 1 : 1, slot.start, slot.end), i18n, Boolean(visit)),
      );
      return redirect(`${here}?done=${visit ? "moved" : "booked"}`);
    },
    (message) => refuse(message, 503, submission.reply()),
  );
}

const loadVisitCheck = () => import("#app/lib/forms/validators/visit").then((checks) => checks.visit);

export default function BookVisit() {
  const { application, holdEnds, visit, days, done, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "visit",
    { constraint, lastResult: actionData?.intent === "book" ? actionData.result : undefined },
    loadVisitCheck,
  );
  const slotField = serverField(form, "slot");
  const chosen = slotField.defaultValue ?? (visit ? String(visit.start) : undefined);
  const pending = usePosting("book");
  const { t } = useLingui();
  const href = useLocalePath();
  const locale = useLocale();
  const pet = application.petName;
  const shelterName = shelter.name;
  const address = formatAddress();
  const things = shelterText(shelter.visits.whatToBring, locale);
  const minutes = shelter.visits.slotMinutes;
  const phone = shelter.phone;
  const when = visit?.when;
  const messages = [
    ...(actionData?.message && actionData.message !== takenMessage ? [actionData.message] : []),
    ...formErrorsOf(form),
  ];
  return (
    <div className="container application-page visit-page">
      <p>
        <Link to={href("/applications")}>
          <Trans>My applications</Trans>
        </Link>
      </p>
      <h1>{visit ? <Trans>Your visit to meet {pet}</Trans> : <Trans>Book your visit to meet {pet}</Trans>}</h1>
      {done ? (
        <div className="notice notice--success" role="status">
          {done === "cancelled" ? (
            <p>
              <Trans>Your visit is cancelled.</Trans>{" "}
              {application.holdsPet ? (
                <Trans>
                  {pet} stays on hold for you until {holdEnds}: you can book another time below.
                </Trans>
              ) : (
                ""
              )}
            </p>
          ) : (
            <>
              <p className="notice__title">
                {done === "moved" ? (
                  <Trans>Your visit is moved: {when}.</Trans>
                ) : (
                  <Trans>Your visit is booked: {when}.</Trans>
                )}
              </p>
              {/* Where and what to bring are said once, in the visit's panel below (issue 40). */}
              <p>
                <Trans>We sent you an email with the details and a calendar entry.</Trans>
              </p>
            </>
          )}
        </div>
      ) : null}
      <FormAlert messages={messages} />
      {!application.holdsPet ? (
        <p className="notice notice--info">
          <Trans>
            Visits are booked once your application is approved and {pet} is on hold for you.{" "}
            <Link to={href("/applications")}>See where your application stands</Link>.
          </Trans>
        </p>
      ) : (
        <>
          {visit ? (
            <section aria-labelledby="your-visit" className="panel">
              <h2 id="your-visit">
                <Trans>Your visit: {when}</Trans>
              </h2>
              <p>
                <Trans>
                  At {shelterName}, {address}. Please bring {things}. {pet} stays on hold for you until the visit ends.
                </Trans>
              </p>
              {visit.started ? null : (
                <Form method="post">
                  <input type="hidden" name="visitId" value={visit.id} />
                  <input type="hidden" name="version" value={visit.version} />
                  <button type="submit" name="intent" value="cancel" className="button button--danger">
                    <Trans>Cancel this visit</Trans>
                  </button>
                </Form>
              )}
            </section>
          ) : (
            <p>
              <Trans>
                {pet} is on hold for you until {holdEnds}. Choose a time to meet {pet} before then; each visit takes{" "}
                {minutes} minutes.
              </Trans>
            </p>
          )}
          {visit?.started ? null : days.length === 0 ? (
            <p className="notice notice--info">
              <Trans>
                No time is free before your hold ends. Please call us at{" "}
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>.
              </Trans>
            </p>
          ) : (
            <Form method="post" id={form.id} ref={ref} className="stack" aria-labelledby="choose-time">
              <h2 id="choose-time">{visit ? <Trans>Move your visit</Trans> : <Trans>Choose a time</Trans>}</h2>
              <FormAlert messages={actionData?.message === takenMessage ? [takenMessage] : []} />
              {days.map((group) => (
                <fieldset
                  key={group.day}
                  className="slot-day"
                  aria-describedby={slotField.errors.length > 0 ? slotField.errorId : undefined}
                >
                  <legend>{group.day}</legend>
                  <div className="slot-list">
                    {group.slots.map((slot) => (
                      <label key={slot.start} className="check slot">
                        <input
                          type="radio"
                          name="slot"
                          value={slot.start}
                          required
                          defaultChecked={chosen === String(slot.start)}
                          aria-invalid={slotField.errors.length > 0 || undefined}
                        />
                        <span>
                          {slot.time}
                          {visit?.start === slot.start
                            ? ` ${t`(your visit)`}`
                            : slot.left === 1
                              ? ` ${t`(1 place left)`}`
                              : ""}
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
              <FieldErrors id={slotField.errorId} errors={slotField.errors} />
              <SubmitButton
                pending={pending}
                pendingLabel={visit ? t`Moving…` : t`Booking…`}
                name="intent"
                value="book"
                className="button button--primary"
              >
                {visit ? <Trans>Move my visit</Trans> : <Trans>Book this time</Trans>}
              </SubmitButton>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
