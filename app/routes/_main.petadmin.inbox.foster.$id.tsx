import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/locale";
import { staffDateIn } from "#app/lib/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { FosterAnswersList } from "#app/components/foster-form";
import { FormAlert } from "#app/components/ui/form-alert";
import { AskFirst, QuestionPanel, type Question } from "#app/components/ask-first";
import { PhoneLink } from "#app/components/phone-link";
import { shelter } from "#app/config/shelter";
import { canMoveFoster, canTakeLabels, fosterMovesFrom, fosterStatusLabels, fosterStatuses, type FosterStatus } from "#app/lib/foster";
import { fosterStatusMessage } from "#app/lib/foster-emails";
import { routeMeta } from "#app/lib/meta";
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
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta = routeMeta;

async function loadApplication(context: AppLoadContext, id: string | undefined) {
  const application = id && /^\d{1,9}$/.test(id) ? await getFosterApplication(context.db, Number(id)) : undefined;
  if (!application) throw new Response("Foster application not found", { status: 404 });
  return application;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:fosters");
  const application = await loadApplication(context, params.id);
  const i18n = i18nOf(request);
  return {
    meta: { title: i18n._(msg`Foster application`), description: i18n._(msg`Staff: read a foster application and decide on it.`) },
    application: {
      id: application.id,
      status: application.status,
      version: application.version,
      name: `${application.firstName} ${application.lastName}`,
      email: application.email,
      petId: application.petId,
      petName: application.petName,
      answers: application.answers,
      canTake: canTakeLabels(application.answers, (label) => i18n._(label)),
      submittedAt: application.submittedAt?.toISOString() ?? null,
    },
    moves: fosterMovesFrom(application.status),
    done: new URL(request.url).searchParams.get("done"),
    // A decision asks first (issue 40): with JavaScript in a dialog, without it on this page at ?confirm=<status>.
    confirm: fosterMovesFrom(application.status).find((move) => move === new URL(request.url).searchParams.get("confirm")) ?? null,
    notes: (await listNotes(context.db, "foster", application.id)).map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    noteConstraint: getZodConstraint(noteSchema),
  };
}

/** A decision at the version read (decision 014), emailed to the applicant after the answer. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:fosters");
  const formData = await readFormData(request);
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  if (formData.get("intent") === "note") {
    const noted = await loadApplication(context, params.id);
    return addInboxNote(context, formData, { kind: "foster", id: noted.id, userId: staff.id, path: localizedPath(`/petadmin/inbox/foster/${noted.id}`, locale) });
  }
  const to = String(formData.get("status") ?? "");
  if (!(fosterStatuses as readonly string[]).includes(to)) throw new Response("Unknown status", { status: 400 });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  const application = await loadApplication(context, params.id);
  const conflict = () => data({ message: i18n._(msg`Someone else changed this foster since you opened it. Here is what it is now.`) }, { status: 409 });
  if (application.version !== version) return conflict();
  const current = i18n._(fosterStatusLabels[application.status]);
  if (!canMoveFoster(application.status, to)) return data({ message: i18n._(msg`A foster who is “${current}” cannot move there.`) }, { status: 409 });
  return tryWrite(
    async () => {
      if ((await setFosterStatus(context.db, application.id, version, application.status, to)) === "conflict") return conflict();
      // In the foster's language (users.language, decision 057); staff go back to the page in theirs.
      const fosterLocale = accountLocale(application.language);
      const email = fosterStatusMessage(application.email, application.firstName, to, `${new URL(request.url).origin}${localizedPath("/applications", fosterLocale)}`, i18nFor(fosterLocale));
      if (email) sendAfterResponse(context, email);
      return redirect(localizedPath(`/petadmin/inbox/foster/${application.id}?done=${to}`, locale));
    },
    (message) => data({ message: i18n._(message) }, { status: 503 }),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Partial<Record<FosterStatus, MessageDescriptor>> = { approved: msg`Approve`, declined: msg`Decline`, on_break: msg`On a break`, inactive: msg`Mark inactive` };

export default function InboxFoster() {
  const { application, moves, done, notes, noteConstraint, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const shelterName = shelter.name;
  const reply = `mailto:${application.email}?subject=${encodeURIComponent(t`Fostering with ${shelterName}`)}`;
  const name = application.name;
  const email = application.email;
  const now = done && Object.hasOwn(fosterStatusLabels, done) ? i18n._(fosterStatusLabels[done as FosterStatus]) : null;
  const sent = staffDateIn(locale, application.submittedAt);
  const petName = application.petName;
  const phone = application.answers.phone;
  const moveLabel = (move: FosterStatus) => (moveLabels[move] ? i18n._(moveLabels[move]) : i18n._(fosterStatusLabels[move]));
  const questionOf = (move: FosterStatus): Question => {
    const status = i18n._(fosterStatusLabels[move]);
    return {
      title: t`Mark ${name} “${status}”?`,
      says: (
        <p>
          <Trans>
            {name} is emailed about it at once, at {email}.
          </Trans>
        </p>
      ),
      fields: { status: move, version: application.version },
      yes: moveLabel(move),
      yesClassName: move === "declined" ? "button button--danger" : "button button--primary",
    };
  };
  return (
    <div className="container admin-page application-page">
      <p>
        <Link to={href("/petadmin/inbox?kind=foster")}>
          ‹ <Trans>Inbox</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Foster application from {name}</Trans> <span className="badge badge--status">{i18n._(fosterStatusLabels[application.status])}</span>
      </h1>
      {now ? (
        <p className="notice notice--success" role="status">
          <Trans>Now “{now}”. The applicant has been emailed.</Trans>
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      {confirm ? <QuestionPanel id="decision-confirm" question={questionOf(confirm)} cancelTo={href(`/petadmin/inbox/foster/${application.id}#decide-title`)} /> : null}
      <p>
        <a href={`mailto:${email}`}>{email}</a>
        {phone ? (
          <>
            {" · "}
            <PhoneLink number={phone} />
          </>
        ) : null}
        {application.submittedAt ? (
          <>
            <Trans>
              , sent <time dateTime={application.submittedAt}>{sent}</time>
            </Trans>
          </>
        ) : null}
        {application.petName ? (
          <>
            <Trans>
              ; asked about <Link to={href(`/adopt/pet?pet_id=${application.petId}`)}>{petName}</Link>
            </Trans>
          </>
        ) : null}
        .
      </p>
      {moves.length > 0 ? (
        <p>
          <Trans>
            <a href="#decide-title">Go to the decision</a> (after the answers)
          </Trans>
        </p>
      ) : null}
      <h2>
        <Trans>Answers</Trans>
      </h2>
      <FosterAnswersList answers={application.answers} canTake={application.canTake} />
      <section aria-labelledby="decide-title" className="panel">
        <h2 id="decide-title">
          <Trans>Decision</Trans>
        </h2>
        <div className="button-row">
          <a href={reply} className="button">
            <Trans>Reply by email</Trans>
          </a>
          {moves.map((move) => (
            <AskFirst key={move} id={`move-${move}`} query={{ confirm: move }} label={`${moveLabel(move)}…`} className={move === "approved" ? "button button--primary" : "button"} question={questionOf(move)} />
          ))}
        </div>
      </section>
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined} />
    </div>
  );
}
