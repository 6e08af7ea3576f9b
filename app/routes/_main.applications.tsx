import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { HeldForYou } from "#app/components/held-for-you";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "#app/lib/dates";
import { applicationStatusMessage } from "#app/lib/application-emails";
import { openStatuses, statusLabels } from "#app/lib/application-questions";
import { formatHoldEnd } from "#app/lib/business-hours";
import { pageMeta } from "#app/lib/meta";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { discardDraft, getApplication, listApplicationsOfUser, moveApplication } from "#app/models/applications.server";
import { requireUser } from "#app/services/auth.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { shelter } from "#app/config/shelter";
import { FormAlert } from "#app/components/ui/form-alert";
import { bookedVisitsOf } from "#app/models/visits.server";
import { nextStep } from "#app/lib/next-step";
import { FosterApplicationPanel } from "#app/components/foster-application-panel";
import { fosterStatusLabels } from "#app/lib/foster";
import { findFosterApplication } from "#app/models/foster.server";

export const meta: MetaFunction = () => pageMeta("My applications", `Your adoption applications at the ${shelter.name} and where each one stands.`);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const applications = await listApplicationsOfUser(context.db, viewer.id);
  // What happens next and when, for each (issue 24): the reply time, the visit to book or booked.
  const foster = await findFosterApplication(context.db, viewer.id);
  const visits = await bookedVisitsOf(context.db, applications.filter((application) => application.heldForYou).map((application) => application.id));
  return {
    applications: applications.map((application) => ({
      ...application,
      next: nextStep(application, visits.find((visit) => visit.applicationId === application.id), new Date()),
      createdAt: application.createdAt.toISOString(),
      heldSince: application.heldSince?.toISOString() ?? null,
      heldUntil: application.heldUntil ? formatHoldEnd(application.heldUntil, shelter.openingHours.timeZone) : null,
      history: application.history.map((event) => ({ status: event.status, createdAt: event.createdAt.toISOString() })),
    })),
    foster: foster ? { status: foster.status, statusLabel: fosterStatusLabels[foster.status], petName: foster.petName, petId: foster.petId } : null,
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
  if (!application || application.applicant.id !== viewer.id || !Number.isSafeInteger(version)) throw new Response("Application not found", { status: 404 });
  const refuse = (message: string, status: number) => data({ message }, { status });

  if (intent === "discard") {
    return tryWrite(
      async () => {
        await discardDraft(context.db, viewer.id, application.pet.id);
        return redirect("/applications");
      },
      (message) => refuse(message, 503),
    );
  }
  if (intent !== "withdraw") throw new Response("Unknown action", { status: 400 });
  return tryWrite(
    async () => {
      const outcome = await moveApplication(context.db, { application, version, from: openStatuses, to: "withdrawn", userId: viewer.id, petMust: "present" });
      if (outcome === "conflict") {
        return refuse("Your application changed since you opened this page (our team may have answered it). Here is where it stands now.", 409);
      }
      sendAfterResponse(
        context,
        applicationStatusMessage(viewer.email, viewer.firstName, application.pet.name, "withdrawn", `${new URL(request.url).origin}/applications`),
      );
      return redirect("/applications?withdrawn=1");
    },
    (message) => refuse(message, 503),
  );
}

export default function Applications() {
  const { applications, foster, sent, withdrawn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container application-page">
      <h1>My applications</h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          Thank you: your application is sent. We emailed you a copy of its status, and we write again whenever it changes.
        </p>
      ) : null}
      {withdrawn ? <p className="notice notice--success" role="status">Your application is withdrawn.</p> : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      <FosterApplicationPanel foster={foster} />
      {applications.length === 0 ? (
        <p className="empty">
          You have not applied to adopt a pet yet. <Link to="/adopt">Meet our pets</Link>.
        </p>
      ) : (
        <ul className="inbox-list">
          {applications.map((application) => (
            <li key={application.id} className="panel" id={`application-${application.id}`}>
              <h2>
                <Link to={`/adopt/pet?pet_id=${application.petId}`}>{application.petName}</Link>{" "}
                <span className="badge badge--status">{statusLabels[application.status]}</span>
              </h2>
              {application.next ? (
                <p className="next-step">
                  <strong>Next: </strong>
                  {application.next.text}
                  {application.next.link ? (
                    <>
                      {" · "}
                      <Link to={application.next.link.to}>
                        {application.next.link.label}
                        <span className="visually-hidden"> for {application.petName}</span>
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              {application.heldForYou && application.heldUntil ? <HeldForYou lead="Approved:" petName={application.petName} until={application.heldUntil} /> : null}
              {application.status === "hold_ended" ? (
                <p className="notice notice--info">
                  Your hold on {application.petName} has ended. Your application stays open: call us at {shelter.phone} if you would still like to adopt.
                </p>
              ) : null}
              {application.status === "declined" && application.declineReason ? (
                <div className="notice notice--info">
                  <p className="notice__title">Why we declined</p>
                  <p className="message-text">{application.declineReason}</p>
                </div>
              ) : null}
              {application.status === "draft" ? (
                <p>
                  Not sent yet (last saved {formatDate(application.updatedAt.toISOString())}).{" "}
                  <Link to={`/adopt/apply?pet_id=${application.petId}`}>Finish your application</Link>
                </p>
              ) : (
                <ol className="history" aria-label={`History of your application for ${application.petName}`}>
                  {application.history.map((event, index) => (
                    <li key={`${event.createdAt}-${index}`}>
                      {statusLabels[event.status]}, <time dateTime={event.createdAt}>{formatDate(event.createdAt)}</time>
                    </li>
                  ))}
                </ol>
              )}
              {(openStatuses as readonly string[]).includes(application.status) || application.status === "draft" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={application.id} />
                  <input type="hidden" name="version" value={application.version} />
                  <button type="submit" name="intent" value={application.status === "draft" ? "discard" : "withdraw"} className="button button--small">
                    {application.status === "draft" ? "Delete draft" : "Withdraw application"}
                    <span className="visually-hidden"> for {application.petName}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
