import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { languageTag, localizedPath, localeOf } from "#app/lib/locale";
import { staffDateIn } from "#app/lib/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { FormAlert } from "#app/components/ui/form-alert";
import { AskFirst, QuestionPanel, type Question } from "#app/components/ask-first";
import { PhoneLink } from "#app/components/phone-link";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/meta";
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

export const meta = routeMeta;

async function loadApplication(context: AppLoadContext, id: string | undefined) {
  const application = id && /^\d{1,9}$/.test(id) ? await getVolunteerApplication(context.db, Number(id)) : undefined;
  if (!application) throw new Response("Volunteer application not found", { status: 404 });
  return application;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const application = await loadApplication(context, params.id);
  const { confirmTokenHash: _hash, confirmExpiresAt: _expires, ...shown } = application;
  const i18n = i18nOf(request);
  return {
    meta: { title: i18n._(msg`Volunteer application`), description: i18n._(msg`Staff: read a volunteer application and answer it.`) },
    application: {
      ...shown,
      createdAt: shown.createdAt.toISOString(),
      confirmedAt: shown.confirmedAt?.toISOString() ?? null,
      statusChangedAt: shown.statusChangedAt?.toISOString() ?? null,
    },
    moves: volunteerMovesFrom(application.status),
    // A decision asks first (issue 40): with JavaScript in a dialog, without it on this page at ?confirm=<status>.
    confirm: volunteerMovesFrom(application.status).find((move) => move === new URL(request.url).searchParams.get("confirm")) ?? null,
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
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  if (formData.get("intent") === "note") {
    const noted = await loadApplication(context, params.id);
    return addInboxNote(context, formData, { kind: "volunteer", id: noted.id, userId: staff.id, path: localizedPath(`/petadmin/inbox/volunteer/${noted.id}`, locale) });
  }
  const to = String(formData.get("status") ?? "");
  if (!(volunteerStatuses as readonly string[]).includes(to)) throw new Response("Unknown status", { status: 400 });
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  const application = await loadApplication(context, params.id);
  const conflict = () => data({ message: i18n._(msg`Someone else changed this application since you opened it. Here is what it is now.`) }, { status: 409 });
  if (application.version !== version) return conflict();
  const current = i18n._(volunteerStatusLabels[application.status]);
  if (!canMoveVolunteer(application.status, to)) return data({ message: i18n._(msg`An application that is “${current}” cannot move there.`) }, { status: 409 });
  return tryWrite(
    async () => {
      if ((await setVolunteerStatus(context.db, application.id, version, application.status, to)) === "conflict") return conflict();
      // In the language of the page the application was sent from (decision 057).
      const email = volunteerStatusMessage(application.email, application.name, application.role, to, i18nFor(accountLocale(application.language)));
      if (email) sendAfterResponse(context, email);
      return redirect(localizedPath(`/petadmin/inbox/volunteer/${application.id}?done=${to}`, locale));
    },
    (message) => data({ message: i18n._(message) }, { status: 503 }),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Record<string, MessageDescriptor> = { contacted: msg`Mark contacted`, welcomed: msg`Welcome as a volunteer`, not_now: msg`Not now` };
const label = (list: readonly { value: string; label: string }[], value: string) => list.find((item) => item.value === value)?.label ?? value;

export default function InboxVolunteer() {
  const { application, moves, done, notes, noteConstraint, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const shelterName = shelter.name;
  const reply = `mailto:${application.email}?subject=${encodeURIComponent(t`Volunteering with ${shelterName}`)}`;
  const name = application.name;
  const now = done && Object.hasOwn(volunteerStatusLabels, done) ? i18n._(volunteerStatusLabels[done as keyof typeof volunteerStatusLabels]) : null;
  const role = i18n._(volunteerRoleTitle(application.role));
  const confirmed = staffDateIn(locale, application.confirmedAt);
  const guardian = application.guardianName;
  const email = application.email;
  type Move = (typeof moves)[number];
  const moveLabel = (move: Move) => (moveLabels[move] ? i18n._(moveLabels[move]) : i18n._(volunteerStatusLabels[move]));
  const questionOf = (move: Move): Question => {
    const status = i18n._(volunteerStatusLabels[move]);
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
    };
  };
  return (
    <div className="container admin-page application-page">
      <p>
        <Link to={href("/petadmin/inbox?kind=volunteer")}>
          ‹ <Trans>Inbox</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Volunteer application from {name}</Trans> <span className="badge badge--status">{i18n._(volunteerStatusLabels[application.status])}</span>
      </h1>
      {now ? (
        <p className="notice notice--success" role="status">
          <Trans>Now “{now}”. The applicant has been emailed.</Trans>
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      {confirm ? <QuestionPanel id="decision-confirm" question={questionOf(confirm)} cancelTo={href(`/petadmin/inbox/volunteer/${application.id}#decide-title`)} /> : null}
      <p>
        {application.confirmedAt ? (
          <Trans>
            For <strong>{role}</strong>; address confirmed <time dateTime={application.confirmedAt}>{confirmed}</time>.
          </Trans>
        ) : (
          <Trans>
            For <strong>{role}</strong>; address confirmed .
          </Trans>
        )}
      </p>
      <section className="panel" aria-labelledby="volunteer-answers">
        <h2 id="volunteer-answers">
          <Trans>Answers</Trans>
        </h2>
        <dl className="answers-list">
          <div>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <PhoneLink number={application.phone} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Available</Trans>
            </dt>
            <dd>{describeAvailability(application.availability, locale === "en" ? undefined : { language: languageTag[locale], translate: (id) => i18n._(id) }) || "—"}</dd>
          </div>
          <div>
            <dt>
              <Trans>Interests</Trans>
            </dt>
            <dd>{application.interests.map((interest) => i18n._(label(volunteerInterests, interest))).join(", ") || "—"}</dd>
          </div>
          <div>
            <dt>
              <Trans>Experience</Trans>
            </dt>
            <dd className="message-text">{application.experience || "—"}</dd>
          </div>
          <div>
            <dt>
              <Trans>Age</Trans>
            </dt>
            <dd>
              {i18n._(label(volunteerAges, application.age))}
              {guardian ? <> {t`(consent of ${guardian})`}</> : ""}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Note</Trans>
            </dt>
            <dd className="message-text">{application.note || "—"}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="decide-title" className="panel">
        <h2 id="decide-title">
          <Trans>Decision</Trans>
        </h2>
        <div className="button-row">
          <a href={reply} className="button">
            <Trans>Reply by email</Trans>
          </a>
          {moves.map((move) => (
            <AskFirst key={move} id={`move-${move}`} query={{ confirm: move }} label={`${moveLabel(move)}…`} question={questionOf(move)} />
          ))}
        </div>
      </section>
      <InboxNotes notes={notes} constraint={noteConstraint} lastResult={actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined} />
    </div>
  );
}
