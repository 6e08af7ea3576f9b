import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FosterAnswersList } from "#app/components/foster-form";
import { formatDate } from "#app/components/personal-lists";
import { FormAlert } from "#app/components/ui/form-alert";
import { shelter } from "#app/config/shelter";
import { canMoveFoster, canTakeLabels, fosterMovesFrom, fosterStatusLabels, fosterStatuses, type FosterStatus } from "#app/lib/foster";
import { fosterStatusMessage } from "#app/lib/foster-emails";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";
import { tryWrite } from "#app/lib/storage-error";
import { getFosterApplication, setFosterStatus } from "#app/models/foster.server";
import { requireStaff } from "#app/services/auth.server";
import { InboxNotes } from "#app/components/inbox-notes";
import { noteSchema } from "#app/lib/application-schema";
import { listNotes } from "#app/models/inbox-notes.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { localizedPath } from "#app/lib/locale";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta: MetaFunction = () => pageMeta("Foster application", "Staff: read a foster application and decide on it.");

async function loadApplication(context: AppLoadContext, id: string | undefined) {
  const application = id && /^\d{1,9}$/.test(id) ? await getFosterApplication(context.db, Number(id)) : undefined;
  if (!application) throw new Response("Foster application not found", { status: 404 });
  return application;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:fosters");
  const application = await loadApplication(context, params.id);
  return {
    application: {
      id: application.id,
      status: application.status,
      version: application.version,
      name: `${application.firstName} ${application.lastName}`,
      email: application.email,
      petId: application.petId,
      petName: application.petName,
      answers: application.answers,
      canTake: canTakeLabels(application.answers),
      submittedAt: application.submittedAt?.toISOString() ?? null,
    },
    moves: fosterMovesFrom(application.status),
    done: new URL(request.url).searchParams.get("done"),
    notes: (await listNotes(context.db, "foster", application.id)).map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    noteConstraint: getZodConstraint(noteSchema),
  };
}

/** A decision at the version read (decision 014), emailed to the applicant after the answer. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:fosters");
  const formData = await readFormData(request);
  if (formData.get("intent") === "note") {
    const noted = await loadApplication(context, params.id);
    return addInboxNote(context, formData, { kind: "foster", id: noted.id, userId: staff.id, path: `/petadmin/inbox/foster/${noted.id}` });
  }
  const to = String(formData.get("status") ?? "");
  if (!(fosterStatuses as readonly string[]).includes(to)) throw new Response("Unknown status", { status: 400 });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  const application = await loadApplication(context, params.id);
  const conflict = () => data({ message: "Someone else changed this foster since you opened it. Here is what it is now." }, { status: 409 });
  if (application.version !== version) return conflict();
  if (!canMoveFoster(application.status, to)) return data({ message: `A foster who is “${fosterStatusLabels[application.status]}” cannot move there.` }, { status: 409 });
  return tryWrite(
    async () => {
      if ((await setFosterStatus(context.db, application.id, version, application.status, to)) === "conflict") return conflict();
      // In the foster's language (users.language, decision 057).
      const locale = accountLocale(application.language);
      const email = fosterStatusMessage(application.email, application.firstName, to, `${new URL(request.url).origin}${localizedPath("/applications", locale)}`, i18nFor(locale));
      if (email) sendAfterResponse(context, email);
      return redirect(`/petadmin/inbox/foster/${application.id}?done=${to}`);
    },
    (message) => data({ message }, { status: 503 }),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Partial<Record<FosterStatus, string>> = { approved: "Approve", declined: "Decline", on_break: "On a break", inactive: "Mark inactive" };

export default function InboxFoster() {
  const { application, moves, done, notes, noteConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = `mailto:${application.email}?subject=${encodeURIComponent(`Fostering with ${shelter.name}`)}`;
  return (
    <div className="container admin-page application-page">
      <p>
        <Link to="/petadmin/inbox?kind=foster">‹ Inbox</Link>
      </p>
      <h1>
        Foster application from {application.name} <span className="badge badge--status">{fosterStatusLabels[application.status]}</span>
      </h1>
      {done && Object.hasOwn(fosterStatusLabels, done) ? (
        <p className="notice notice--success" role="status">
          Now “{fosterStatusLabels[done as FosterStatus]}”. The applicant has been emailed.
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      <p>
        {application.email}
        {application.submittedAt ? (
          <>
            , sent <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
          </>
        ) : null}
        {application.petName ? (
          <>
            ; asked about <Link to={`/adopt/pet?pet_id=${application.petId}`}>{application.petName}</Link>
          </>
        ) : null}
        .
      </p>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={application.version} />
        <a href={reply} className="button button--primary">Reply by email</a>
        {moves.map((move) => (
          <button key={move} type="submit" name="status" value={move} className="button">
            {moveLabels[move] ?? fosterStatusLabels[move]}
          </button>
        ))}
      </Form>
      <h2>Answers</h2>
      <FosterAnswersList answers={application.answers} canTake={application.canTake} />
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined} />
    </div>
  );
}
