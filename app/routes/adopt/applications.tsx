import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { HeldForYou } from "#app/components/held-for-you";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale, useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { formatDate } from "#app/lib/i18n/dates";
import { applicationStatusMessage } from "#app/lib/applications/application-emails";
import { openStatuses, statusLabels } from "#app/lib/applications/application-questions";
import { formatHoldEnd } from "#app/lib/visits/business-hours";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { discardDraft, getApplication, listApplicationsOfUser, moveApplication } from "#app/models/applications.server";
import { requireUser } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { shelter } from "#app/config/shelter";
import { FormAlert } from "#app/components/ui/form-alert";
import { bookedVisitsOf } from "#app/models/visits.server";
import { nextStep } from "#app/lib/applications/next-step";
import { FosterApplicationPanel } from "#app/components/foster-application-panel";
import { fosterStatusLabels } from "#app/lib/foster/foster";
import { findFosterApplication } from "#app/models/foster.server";
import { feeSettled } from "#app/lib/papers/paper-kinds";
import { papersOfApplications } from "#app/models/adoption-papers.server";
import { contractPath } from "#app/services/adoption-papers.server";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`My applications`),
    description: i18n._(msg`Your adoption applications at the ${name} and where each one stands.`),
  };
  const applications = await listApplicationsOfUser(context.db, viewer.id);
  // Adoption papers (decision 070): "Sign and pay" (or "Sign") while there is something to do; the signed contract.
  const papers = await papersOfApplications(
    context.db,
    applications.map((application) => application.id),
  );
  // What happens next and when, for each (issue 24): the reply time, the visit to book or booked.
  const foster = await findFosterApplication(context.db, viewer.id);
  const visits = await bookedVisitsOf(
    context.db,
    applications.filter((application) => application.heldForYou).map((application) => application.id),
  );
  return {
    meta,
    applications: applications.map((application) => ({
      ...application,
      next: nextStep(
        application,
        visits.find((visit) => visit.applicationId === application.id),
        new Date(),
        i18n,
      ),
      papers: (() => {
        const found = papers.find((row) => row.applicationId === application.id);
        if (!found) return null;
        const unpaid = !feeSettled(found);
        return {
          todo:
            application.status === "approved" && (found.signedAt === null || unpaid)
              ? found.signedAt === null
                ? unpaid
                  ? ("sign-and-pay" as const)
                  : ("sign" as const)
                : ("pay" as const)
              : null,
          download: found.fileKey ? contractPath(found.id) : null,
        };
      })(),
      createdAt: application.createdAt.toISOString(),
      heldSince: application.heldSince?.toISOString() ?? null,
      heldUntil: application.heldUntil
        ? formatHoldEnd(application.heldUntil, shelter.openingHours.timeZone, locale)
        : null,
      history: application.history.map((event) => ({ status: event.status, createdAt: event.createdAt.toISOString() })),
    })),
    foster: foster
      ? {
          status: foster.status,
          statusLabel: i18n._(fosterStatusLabels[foster.status]),
          petName: foster.petName,
          petId: foster.petId,
        }
      : null,
    sent: params.get("sent"),
    withdrawn: params.get("withdrawn") === "1",
  };
}

/** The adopter withdraws an open application, or deletes a draft: their own only. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(context, request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const id = readId(formData.get("id"));
  const version = Number(formData.get("version"));
  const application = id ? await getApplication(context.db, id) : undefined;
  // Someone else's application answers as a missing one: its existence is nobody else's business.
  if (!application || application.applicant.id !== viewer.id || !Number.isSafeInteger(version))
    throw new Response("Application not found", { status: 404 });
  const refuse = (message: string, status: number) => data({ message }, { status });
  const here = localizedPath("/applications", localeOf(request));

  if (intent === "discard") {
    return tryWrite(
      async () => {
        await discardDraft(context.db, viewer.id, application.pet.id);
        return redirect(here);
      },
      (message) => refuse(message, 503),
    );
  }
  if (intent !== "withdraw") throw new Response("Unknown action", { status: 400 });
  return tryWrite(
    async () => {
      const outcome = await moveApplication(context.db, {
        application,
        version,
        from: openStatuses,
        to: "withdrawn",
        userId: viewer.id,
        petMust: "present",
      });
      if (outcome === "conflict") {
        return refuse(
          i18nOf(request)._(
            msg`Your application changed since you opened this page (our team may have answered it). Here is where it stands now.`,
          ),
          409,
        );
      }
      // The page's own confirmation: in the page's language (decision 057).
      sendAfterResponse(
        context,
        applicationStatusMessage(
          viewer.email,
          viewer.firstName,
          application.pet.name,
          "withdrawn",
          `${new URL(request.url).origin}${here}`,
          i18nOf(request),
        ),
      );
      return redirect(`${here}?withdrawn=1`);
    },
    (message) => refuse(message, 503),
  );
}

export default function Applications() {
  const { applications, foster, sent, withdrawn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const locale = useLocale();
  const phone = shelter.phone;
  return (
    <div className="container application-page">
      <h1>
        <Trans>My applications</Trans>
      </h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          <Trans>
            Thank you: your application is sent. We emailed you a copy of its status, and we write again whenever it
            changes.
          </Trans>
        </p>
      ) : null}
      {withdrawn ? (
        <p className="notice notice--success" role="status">
          <Trans>Your application is withdrawn.</Trans>
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      <FosterApplicationPanel foster={foster} />
      {applications.length === 0 ? (
        <p className="empty">
          <Trans>
            You have not applied to adopt a pet yet. <Link to={href("/adopt")}>Meet our pets</Link>.
          </Trans>
        </p>
      ) : (
        <ul className="inbox-list">
          {applications.map((application) => {
            const petName = application.petName;
            const forPet = (
              <span className="visually-hidden">
                {" "}
                <Trans>for {petName}</Trans>
              </span>
            );
            return (
              <li key={application.id} className="panel" id={`application-${application.id}`}>
                <h2>
                  <Link to={href(`/adopt/pet?pet_id=${application.petId}`)}>{petName}</Link>{" "}
                  <span className="badge badge--status">{i18n._(statusLabels[application.status])}</span>
                </h2>
                {application.next ? (
                  <p className="next-step">
                    <strong>
                      <Trans>Next:</Trans>{" "}
                    </strong>
                    {application.next.text}
                    {application.next.link ? (
                      <>
                        {" · "}
                        <Link to={application.next.link.to}>
                          {application.next.link.label}
                          {forPet}
                        </Link>
                      </>
                    ) : null}
                    {application.next.fallback ? ` ${application.next.fallback}` : null}
                  </p>
                ) : null}
                {application.papers?.todo ? (
                  <p>
                    <Link
                      to={href(`/applications/${application.id}/checkout`)}
                      className="button button--primary button--small"
                    >
                      {application.papers.todo === "sign-and-pay" ? (
                        <Trans>Sign and pay</Trans>
                      ) : application.papers.todo === "sign" ? (
                        <Trans>Sign</Trans>
                      ) : (
                        <Trans>Pay the fee</Trans>
                      )}
                      {forPet}
                    </Link>
                  </p>
                ) : null}
                {application.papers?.download ? (
                  <p>
                    <a href={application.papers.download} download>
                      <Trans>Download the signed adoption contract</Trans>
                      {forPet}
                    </a>
                  </p>
                ) : null}
                {application.heldForYou && application.heldUntil ? (
                  <HeldForYou lead={t`Approved:`} petName={petName} until={application.heldUntil} />
                ) : null}
                {application.status === "hold_ended" ? (
                  <p className="notice notice--info">
                    <Trans>
                      Your hold on {petName} has ended. Your application stays open: call us at {phone} if you would
                      still like to adopt.
                    </Trans>
                  </p>
                ) : null}
                {application.status === "declined" && application.declineReason ? (
                  <div className="notice notice--info">
                    <p className="notice__title">
                      <Trans>Why we declined</Trans>
                    </p>
                    <p className="message-text">{application.declineReason}</p>
                  </div>
                ) : null}
                {application.status === "draft" ? (
                  <p>
                    <Trans>
                      Not sent yet (last saved {formatDate(application.updatedAt.toISOString(), { locale })}).
                    </Trans>{" "}
                    <Link to={href(`/adopt/apply?pet_id=${application.petId}`)}>
                      <Trans>Finish your application</Trans>
                    </Link>
                  </p>
                ) : (
                  <ol className="history" aria-label={t`History of your application for ${petName}`}>
                    {application.history.map((event, index) => (
                      <li key={`${event.createdAt}-${index}`}>
                        {i18n._(statusLabels[event.status])},{" "}
                        <time dateTime={event.createdAt}>{formatDate(event.createdAt, { locale })}</time>
                      </li>
                    ))}
                  </ol>
                )}
                {(openStatuses as readonly string[]).includes(application.status) || application.status === "draft" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={application.id} />
                    <input type="hidden" name="version" value={application.version} />
                    <button
                      type="submit"
                      name="intent"
                      value={application.status === "draft" ? "discard" : "withdraw"}
                      className="button button--small"
                    >
                      {application.status === "draft" ? (
                        <Trans>Delete draft</Trans>
                      ) : (
                        <Trans>Withdraw application</Trans>
                      )}
                      {forPet}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
