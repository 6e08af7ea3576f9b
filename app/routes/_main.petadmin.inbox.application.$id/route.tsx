import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { localeOfPath, localizedPath } from "#app/lib/locale";
import { shelterTimeIn, staffDateIn } from "#app/lib/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { useRef, type ReactNode } from "react";
import { ApplicationAnswersList } from "#app/components/application-form";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { TextAreaField } from "#app/components/ui/field";
import type { ApplicationStatus } from "#app/db/schema";
import { applicationStatusMessage } from "#app/lib/application-emails";
import { adoptionEmailWithCare } from "#app/services/care-record.server";
import { closeOfNextBusinessDay } from "#app/lib/business-hours";
import { shelter } from "#app/config/shelter";
import { openStatuses, statusLabels } from "#app/lib/application-questions";
import { declineSchema, noteSchema } from "#app/lib/application-schema";
import { serverField } from "#app/lib/form-constraint";
import { pageMeta } from "#app/lib/meta";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { decideWithPet, getApplication, moveApplication, type Application } from "#app/models/applications.server";
import { listNotes } from "#app/models/inbox-notes.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { requireStaff } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { tagsForPetChange } from "#app/lib/page-tags";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";
import { applicantsToTell, tellOtherApplicants } from "#app/services/adoption-closes.server";
import { tellCancelledVisits, visitsToTell, type VisitsToTell } from "#app/services/visit-cancels.server";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

async function loadApplication(context: AppLoadContext, id: string | undefined) {
  const applicationId = readId(id);
  const application = applicationId ? await getApplication(context.db, applicationId) : undefined;
  // Drafts are the adopter's own until sent.
  if (!application || application.application.status === "draft") throw new Response("Application not found", { status: 404 });
  return application;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const { application, pet, applicant, history } = await loadApplication(context, params.id);
  const notes = await listNotes(context.db, "application", application.id);
  const { searchParams: query, pathname } = new URL(request.url);
  const i18n = i18nOf(request);
  return {
    meta: { title: i18n._(msg`Adoption application`), description: i18n._(msg`Staff: read an adoption application and decide on it.`) },
    application: { ...application, submittedAt: application.submittedAt?.toISOString() ?? null },
    pet,
    applicant,
    history: history.map((event) => ({ status: event.status, createdAt: event.createdAt.toISOString() })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    done: query.get("done"),
    // Approve asks first (issue 29): with JavaScript in a dialog, without it on this page at ?confirm=approve.
    confirmApprove: query.get("confirm") === "approve",
    approveHoldsUntil: shelterTimeIn(localeOfPath(pathname), closeOfNextBusinessDay(new Date(), shelter.openingHours)),
    constraints: { decline: getZodConstraint(declineSchema), note: getZodConstraint(noteSchema) },
  };
}

type Intent = "review" | "approve" | "decline" | "adopt" | "note";
const intents: readonly Intent[] = ["review", "approve", "decline", "adopt", "note"];
const conflictMessage = msg`Someone else changed this application since you opened it. Here is what it is now: check it and try again.`;

/** Why Approve or Mark adopted is refused for the pet as it is now, or null. */
function takenRefusal(i18n: I18n, intent: Intent, pet: { name: string; adoptedEmail: string | null; onHoldEmail: string | null }, holdsPet: boolean, status: ApplicationStatus): string | null {
  const { name } = pet;
  const email = pet.adoptedEmail ?? pet.onHoldEmail ?? "";
  if (intent === "approve") {
    if (pet.adoptedEmail) return i18n._(msg`${name} is newly adopted by ${email}. Remove that on the pet's page first, or decline this application.`);
    if (pet.onHoldEmail) return i18n._(msg`${name} is already on hold for ${email}. Remove that on the pet's page first, or decline this application.`);
  }
  // Marking adopted ends this application's own hold, as the pet page does: never another adopter's.
  if (intent === "adopt" && status === "approved" && !holdsPet) {
    if (pet.adoptedEmail) return i18n._(msg`${name} is newly adopted by ${email}, not on hold for this applicant: it cannot be marked adopted from this application.`);
    if (pet.onHoldEmail) return i18n._(msg`${name} is already on hold for ${email}, not on hold for this applicant: it cannot be marked adopted from this application.`);
    return i18n._(msg`${name} is not on hold, not on hold for this applicant: it cannot be marked adopted from this application.`);
  }
  return null;
}

function emailAdopter(context: AppLoadContext, request: Request, application: Application, status: ApplicationStatus, reason?: string, heldUntil?: Date) {
  const { applicant, pet } = application;
  // In the adopter's language (users.language, decision 057).
  const locale = accountLocale(applicant.language);
  const origin = new URL(request.url).origin;
  const link = `${origin}${localizedPath("/applications", locale)}`;
  // Approved: straight to the page that books the visit, with the hold's end (issue 40).
  const hold = heldUntil ? { until: heldUntil, visitLink: `${origin}${localizedPath(`/applications/${application.application.id}/visit`, locale)}` } : undefined;
  // Adopted: with the pet's care record (issue 45).
  sendAfterResponse(context, adoptionEmailWithCare(context.db, pet.id, status, applicationStatusMessage(applicant.email, applicant.firstName, pet.name, status, link, i18nFor(locale), reason, hold), i18nFor(locale), origin));
}

/**
 * Staff move an application through its statuses (submitted → in review → approved or declined →
 * adopted) and leave notes. Each change applies only to the version the page showed (decision 014).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:inbox");
  const formData = await readFormData(request);
  const intent = formData.get("intent") as Intent;
  if (!intents.includes(intent)) throw new Response("Unknown action", { status: 400 });
  const application = await loadApplication(context, params.id);
  const id = application.application.id;
  const version = Number(formData.get("version"));
  const i18n = i18nOf(request);
  const here = localizedPath(`/petadmin/inbox/application/${id}`, localeOfPath(new URL(request.url).pathname));
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) => data({ intent, message, result }, { status });
  const failed = (result?: SubmissionResult<string[]>) => (message: string) => refuse(i18n._(message), 503, result);

  if (intent === "note") return addInboxNote(context, formData, { kind: "application", id, userId: staff.id, path: here });
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });

  const { pet } = application;
  const status = application.application.status;
  // The pet as it is now, read with the application; the write checks it again (models/applications).
  const holdsPet = pet.adoptedEmail === null && pet.onHoldEmail?.toLowerCase() === application.applicant.email.toLowerCase();
  const purgePet = () => context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
  const tellVisits = (visits: VisitsToTell) =>
    context.cloudflare.ctx.waitUntil(tellCancelledVisits(context, visits, new URL(request.url).origin).catch((error: unknown) => console.error("could not tell of cancelled visits", error)));

  if (intent === "decline") {
    const submission = parseWithZod(formData, { schema: declineSchema });
    if (submission.status !== "success") return refuse("", 400, submission.reply());
    return tryWrite(async () => {
      const reason = submission.value.reason;
      // Declining an approved application ends its hold in the same write (decision 032).
      const endsHold = status === "approved" && holdsPet;
      // Its booked visit is cancelled in the same write; the adopter is told (decision 048).
      const visits = status === "approved" ? await visitsToTell(context, pet.id) : [];
      const outcome = endsHold
        ? await decideWithPet(context.db, { application, version, to: "declined", userId: staff.id, declineReason: reason })
        : await moveApplication(context.db, {
            application,
            version,
            from: status === "approved" ? ["approved"] : openStatuses,
            to: "declined",
            userId: staff.id,
            declineReason: reason,
            petMust: "present",
          });
      if (outcome === "conflict") return refuse(i18n._(conflictMessage), 409, submission.reply());
      if (endsHold) purgePet();
      emailAdopter(context, request, application, "declined", reason);
      tellVisits(visits);
      return redirect(`${here}?done=declined`);
    }, failed(submission.reply()));
  }

  if (intent === "review") {
    const name = pet.name;
    const adopter = pet.adoptedEmail;
    if (adopter) return refuse(i18n._(msg`${name} is newly adopted by ${adopter}: decline this application instead.`), 409);
    return tryWrite(async () => {
      const outcome = await moveApplication(context.db, { application, version, from: ["submitted"], to: "in_review", userId: staff.id, petMust: "not-adopted" });
      if (outcome === "conflict") return refuse(i18n._(conflictMessage), 409);
      emailAdopter(context, request, application, "in_review");
      return redirect(`${here}?done=in_review`);
    }, failed());
  }

  const taken = takenRefusal(i18n, intent, pet, holdsPet, status);
  if (taken) return refuse(taken, 409);
  return tryWrite(async () => {
    const to = intent === "approve" ? "approved" : "adopted";
    const now = new Date();
    const others = to === "adopted" ? await applicantsToTell(context, pet.id, id) : [];
    const visits = to === "adopted" ? await visitsToTell(context, pet.id) : [];
    const outcome = await decideWithPet(context.db, { application, version, to, userId: staff.id, now });
    if (outcome === "conflict") return refuse(i18n._(conflictMessage), 409);
    tellVisits(visits);
    // The other applicants for this pet are told, kindly, with pets that match them (issue 24).
    context.cloudflare.ctx.waitUntil(tellOtherApplicants(context, others, pet, new URL(request.url).origin).catch((error: unknown) => console.error("could not tell the other applicants", error)));
    // The pet left the public lists: visitors see that on their next request (decision 034).
    purgePet();
    // The hold ends where every hold set at `now` ends (models/pet-admin, decision 030).
    emailAdopter(context, request, application, to, undefined, to === "approved" ? closeOfNextBusinessDay(now, shelter.openingHours) : undefined);
    return redirect(`${here}?done=${to}`);
  }, failed());
}

export const shouldRevalidate = revalidateAfterConflict;

const doneTexts: Record<string, MessageDescriptor> = {
  ...noteDoneText,
  in_review: msg`The application is in review. We emailed the adopter.`,
  approved: msg`Approved. The pet is on hold for the adopter and off the public lists. We emailed the adopter.`,
  declined: msg`Declined. We emailed the adopter the reason. If the pet was on hold for them, the hold has ended.`,
  adopted: msg`Marked adopted: the pet is newly adopted by the applicant. We emailed the adopter.`,
  met: msg`The visit is marked met. Now mark the pet adopted, or decline with a reason.`,
};

export default function InboxApplication() {
  const { application, pet, applicant, history, notes, done, constraints, confirmApprove, approveHoldsUntil } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const status = application.status;
  const open = (openStatuses as readonly string[]).includes(status);
  const declineForm = { id: "decline", constraint: constraints.decline, lastResult: actionData?.intent === "decline" ? actionData.result : undefined };
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const name = pet.name;
  const statusLabel = i18n._(statusLabels[status]);
  const sent = staffDateIn(locale, application.submittedAt);
  return (
    <div className="container admin-page application-page">
      <InboxItemHeader title={t`Application for ${name}`} status={statusLabel} done={done} doneTexts={doneTexts} error={actionData?.message} />
      {confirmApprove && open ? (
        <section className="panel panel--confirm" aria-labelledby="approve-confirm-title">
          <ApproveConfirmation titleId="approve-confirm-title" pet={pet} applicant={applicant} version={application.version} heldUntil={approveHoldsUntil}
            cancel={
              <Link to={href(`/petadmin/inbox/application/${application.id}#decide-title`)} className="button">
                <Trans>Cancel</Trans>
              </Link>
            } />
        </section>
      ) : null}
      <p>
        <Trans>
          <a href="#decide-title">Go to the decision</a> (after the answers)
        </Trans>
      </p>
      <p>
        <Trans>
          From{" "}
          <strong>
            {applicant.firstName} {applicant.lastName}
          </strong>{" "}
          (<a href={`mailto:${applicant.email}`}>{applicant.email}</a>), sent {sent}. Pet: <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>{name}</Link> (
          {pet.animalId}).
        </Trans>
      </p>
      {application.declineReason ? (
        <div className="notice notice--info">
          <p className="notice__title">
            <Trans>Reason given to the adopter</Trans>
          </p>
          <p className="message-text">{application.declineReason}</p>
        </div>
      ) : null}

      <section aria-labelledby="history-title">
        <h2 id="history-title">
          <Trans>History</Trans>
        </h2>
        <ol className="history">
          {history.map((event, index) => (
            <li key={`${event.createdAt}-${index}`}>
              {i18n._(statusLabels[event.status])}, <time dateTime={event.createdAt}>{staffDateIn(locale, event.createdAt)}</time>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="answers-title">
        <h2 id="answers-title">
          <Trans>Answers</Trans>
        </h2>
        <ApplicationAnswersList answers={application.answers} />
      </section>

      <section aria-labelledby="decide-title" className="panel">
        <h2 id="decide-title">
          <Trans>Decision</Trans>
        </h2>
        {open || status === "approved" ? (
          <div className="stack">
            <Form method="post" className="button-row">
              <input type="hidden" name="version" value={application.version} />
              {status === "submitted" ? (
                <button type="submit" name="intent" value="review" className="button">
                  <Trans>Start review</Trans>
                </button>
              ) : null}
              {status === "approved" ? (
                <button type="submit" name="intent" value="adopt" className="button button--primary">
                  <Trans>Mark {name} adopted</Trans>
                </button>
              ) : null}
            </Form>
            {open ? <ApproveButton pet={pet} applicant={applicant} version={application.version} heldUntil={approveHoldsUntil} /> : null}
            {open || status === "approved" ? (
              <Form method="post" className="stack" id={declineForm.id}>
                <input type="hidden" name="version" value={application.version} />
                <TextAreaField label={t`Reason for declining (the adopter reads it)`} field={serverField(declineForm, "reason")} rows={3} />
                <button type="submit" name="intent" value="decline" className="button button--danger">
                  {status === "approved" ? <Trans>Decline and end the hold on {name}</Trans> : <Trans>Decline</Trans>}
                </button>
              </Form>
            ) : null}
          </div>
        ) : (
          <p>
            <Trans>This application is closed ({statusLabel.toLowerCase()}).</Trans>
          </p>
        )}
      </section>

      <InboxNotes notes={notes} constraint={constraints.note} lastResult={actionData?.intent === "note" ? actionData.result : undefined} />
    </div>
  );
}

interface ApproveProps {
  pet: { name: string };
  applicant: { firstName: string; lastName: string; email: string };
  version: number;
  /** When the hold would end if approved now ("Wed Nov 25, 5 pm"). */
  heldUntil: string;
}

/** What Approve does, said before it is done, with the button that does it. */
function ApproveConfirmation({ titleId, pet, applicant, version, heldUntil, cancel }: ApproveProps & { titleId: string; cancel: ReactNode }) {
  const name = pet.name;
  const { firstName, lastName, email } = applicant;
  return (
    <>
      <h2 id={titleId}>
        <Trans>Approve and hold {name}?</Trans>
      </h2>
      <p>
        <Trans>Approving this application will at once:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            put {name} on hold for {firstName} {lastName} until <strong>{heldUntil}</strong>, which takes {name} off the public lists and the match;
          </Trans>
        </li>
        <li>
          <Trans>
            email {firstName} ({email}) that the application is approved and until when {name} is held.
          </Trans>
        </li>
      </ul>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={version} />
        <button type="submit" name="intent" value="approve" className="button button--primary">
          <Trans>Yes, approve and hold {name}</Trans>
        </button>
        {cancel}
      </Form>
    </>
  );
}

/**
 * "Approve and hold …" asks first. Without JavaScript it opens this page at ?confirm=approve, which
 * says what will happen; with it the same words open in a dialog.
 */
function ApproveButton(props: ApproveProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const name = props.pet.name;
  return (
    <>
      <Form method="get" className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}>
        <input type="hidden" name="confirm" value="approve" />
        <button type="submit" className="button button--primary">
          <Trans>Approve and hold {name}…</Trans>
        </button>
      </Form>
      <dialog ref={dialog} className="dialog" aria-labelledby="approve-dialog-title">
        <ApproveConfirmation {...props} titleId="approve-dialog-title" cancel={
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              <Trans>Cancel</Trans>
            </button>
          } />
      </dialog>
    </>
  );
}
