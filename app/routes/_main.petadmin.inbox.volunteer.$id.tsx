import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "#app/components/personal-lists";
import { FormAlert } from "#app/components/ui/form-alert";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";
import { tryWrite } from "#app/lib/storage-error";
import {
  canMoveVolunteer,
  describeAvailability,
  volunteerAges,
  volunteerInterests,
  volunteerMovesFrom,
  volunteerRoleTitle,
  volunteerStatusLabels,
  volunteerStatuses,
} from "#app/lib/volunteer";
import { volunteerStatusMessage } from "#app/lib/volunteer-emails";
import { getVolunteerApplication, setVolunteerStatus } from "#app/models/volunteers.server";
import { requireStaff } from "#app/services/auth.server";
import { InboxNotes } from "#app/components/inbox-notes";
import { noteSchema } from "#app/lib/application-schema";
import { listNotes } from "#app/models/inbox-notes.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta: MetaFunction = () => pageMeta("Volunteer application", "Staff: read a volunteer application and answer it.");

async function loadApplication(context: AppLoadContext, id: string | undefined) {
  const application = id && /^\d{1,9}$/.test(id) ? await getVolunteerApplication(context.db, Number(id)) : undefined;
  if (!application) throw new Response("Volunteer application not found", { status: 404 });
  return application;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const application = await loadApplication(context, params.id);
  const { confirmTokenHash: _hash, confirmExpiresAt: _expires, ...shown } = application;
  return {
    application: {
      ...shown,
      createdAt: shown.createdAt.toISOString(),
      confirmedAt: shown.confirmedAt?.toISOString() ?? null,
      statusChangedAt: shown.statusChangedAt?.toISOString() ?? null,
    },
    moves: volunteerMovesFrom(application.status),
    done: new URL(request.url).searchParams.get("done"),
    notes: (await listNotes(context.db, "volunteer", application.id)).map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    noteConstraint: getZodConstraint(noteSchema),
  };
}

/** A status move at the version read (decision 014), emailed to the applicant after the answer. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:inbox");
  const formData = await readFormData(request);
  if (formData.get("intent") === "note") {
    const noted = await loadApplication(context, params.id);
    return addInboxNote(context, formData, { kind: "volunteer", id: noted.id, userId: staff.id, path: `/petadmin/inbox/volunteer/${noted.id}` });
  }
  const to = String(formData.get("status") ?? "");
  if (!(volunteerStatuses as readonly string[]).includes(to)) throw new Response("Unknown status", { status: 400 });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  const application = await loadApplication(context, params.id);
  const conflict = () => data({ message: "Someone else changed this application since you opened it. Here is what it is now." }, { status: 409 });
  if (application.version !== version) return conflict();
  if (!canMoveVolunteer(application.status, to)) return data({ message: `An application that is “${volunteerStatusLabels[application.status]}” cannot move there.` }, { status: 409 });
  return tryWrite(
    async () => {
      if ((await setVolunteerStatus(context.db, application.id, version, application.status, to)) === "conflict") return conflict();
      // In the language of the page the application was sent from (decision 057).
      const email = volunteerStatusMessage(application.email, application.name, application.role, to, i18nFor(accountLocale(application.language)));
      if (email) sendAfterResponse(context, email);
      return redirect(`/petadmin/inbox/volunteer/${application.id}?done=${to}`);
    },
    (message) => data({ message }, { status: 503 }),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Record<string, string> = { contacted: "Mark contacted", welcomed: "Welcome as a volunteer", not_now: "Not now" };
const label = (list: readonly { value: string; label: string }[], value: string) => list.find((item) => item.value === value)?.label ?? value;

export default function InboxVolunteer() {
  const { application, moves, done, notes, noteConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = `mailto:${application.email}?subject=${encodeURIComponent(`Volunteering with ${shelter.name}`)}`;
  return (
    <div className="container admin-page application-page">
      <p>
        <Link to="/petadmin/inbox?kind=volunteer">‹ Inbox</Link>
      </p>
      <h1>
        Volunteer application from {application.name} <span className="badge badge--status">{volunteerStatusLabels[application.status]}</span>
      </h1>
      {done && Object.hasOwn(volunteerStatusLabels, done) ? (
        <p className="notice notice--success" role="status">
          Now “{volunteerStatusLabels[done as keyof typeof volunteerStatusLabels]}”. The applicant has been emailed.
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      <p>
        For <strong>{volunteerRoleTitle(application.role)}</strong>; address confirmed{" "}
        {application.confirmedAt ? <time dateTime={application.confirmedAt}>{formatDate(application.confirmedAt)}</time> : null}.
      </p>
      <section className="panel" aria-labelledby="volunteer-answers">
        <h2 id="volunteer-answers">Answers</h2>
        <dl className="answers-list">
          <div>
            <dt>Email</dt>
            <dd>{application.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{application.phone}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd>{describeAvailability(application.availability) || "—"}</dd>
          </div>
          <div>
            <dt>Interests</dt>
            <dd>{application.interests.map((interest) => label(volunteerInterests, interest)).join(", ") || "—"}</dd>
          </div>
          <div>
            <dt>Experience</dt>
            <dd className="message-text">{application.experience || "—"}</dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd>
              {label(volunteerAges, application.age)}
              {application.guardianName ? ` (consent of ${application.guardianName})` : ""}
            </dd>
          </div>
          <div>
            <dt>Note</dt>
            <dd className="message-text">{application.note || "—"}</dd>
          </div>
        </dl>
      </section>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={application.version} />
        <a href={reply} className="button button--primary">Reply by email</a>
        {moves.map((move) => (
          <button key={move} type="submit" name="status" value={move} className="button">
            {moveLabels[move] ?? volunteerStatusLabels[move]}
          </button>
        ))}
      </Form>
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined} />
    </div>
  );
}
