import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { applicationPageHandle } from "#app/components/admin-page";
import { useLocale, useLocalePath } from "#app/components/locale";
import { localizedPath } from "#app/lib/i18n/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { FosterAnswersList } from "#app/components/foster-form";
import { QuestionPanel } from "#app/components/ask-first";
import { InboxItemHeader, MoveDecision, useMoveQuestion } from "#app/components/inbox-item";
import { PhoneLink } from "#app/components/phone-link";
import { shelter } from "#app/config/shelter";
import { canTakeLabels, fosterMachine, type FosterStatus } from "#app/lib/foster/foster";
import { fosterStatusMessage } from "#app/lib/foster/foster-emails";
import { routeMeta } from "#app/lib/i18n/meta";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import { getFosterApplication, setFosterStatus } from "#app/models/foster.server";
import { InboxNotes } from "#app/components/inbox-notes";
import { inboxItemAction, inboxItemPage, statusMachineItem } from "#app/services/inbox-items.server";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta = routeMeta;

export const handle = applicationPageHandle;

type FosterApplication = NonNullable<Awaited<ReturnType<typeof getFosterApplication>>>;

/** A foster application in the inbox: moves at the version read (decision 014), emailed to the applicant after the answer. */
const fosterItem = statusMachineItem<FosterApplication, FosterStatus>(
  {
    kind: "foster",
    permissions: { read: "read:fosters", update: "update:fosters" },
    load: getFosterApplication,
    notFound: "Foster application not found",
  },
  fosterMachine,
  {
    cannotMove: (current) => msg`A foster who is “${current}” cannot move there.`,
    conflict: msg`Someone else changed this foster since you opened it. Here is what it is now.`,
    write: setFosterStatus,
    // In the foster's language (users.language, decision 057); staff go back to the page in theirs.
    email: (application, to, origin) => {
      const fosterLocale = accountLocale(application.language);
      return fosterStatusMessage(
        application.email,
        application.firstName,
        to,
        `${origin}${localizedPath("/applications", fosterLocale)}`,
        i18nFor(fosterLocale),
      );
    },
  },
);

export async function loader(args: LoaderFunctionArgs) {
  const { item: application, i18n, shared } = await inboxItemPage(args, fosterItem);
  return {
    ...shared,
    meta: {
      title: i18n._(msg`Foster application`),
      description: i18n._(msg`Staff: read a foster application and decide on it.`),
    },
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
  };
}

export const action = (args: ActionFunctionArgs) => inboxItemAction(args, fosterItem);

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Partial<Record<FosterStatus, MessageDescriptor>> = {
  approved: msg`Approve`,
  declined: msg`Decline`,
  on_break: msg`On a break`,
  inactive: msg`Mark inactive`,
};

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
  const now =
    done && Object.hasOwn(fosterMachine.labels, done) ? i18n._(fosterMachine.labels[done as FosterStatus]) : null;
  const sent = staffDateIn(locale, application.submittedAt);
  const petName = application.petName;
  const phone = application.answers.phone;
  const moveLabel = (move: FosterStatus) =>
    moveLabels[move] ? i18n._(moveLabels[move]) : i18n._(fosterMachine.labels[move]);
  const ask = useMoveQuestion(application, application.version);
  const questionOf = (move: FosterStatus) =>
    ask(
      move,
      i18n._(fosterMachine.labels[move]),
      moveLabel(move),
      move === "declined" ? "button button--danger" : "button button--primary",
    );
  return (
    <>
      <InboxItemHeader
        title={t`Foster application from ${name}`}
        status={i18n._(fosterMachine.labels[application.status])}
        done={done}
        notice={now ? t`Now “${now}”. The applicant has been emailed.` : null}
        error={actionData?.message}
        backTo="/petadmin/inbox?kind=foster"
      />
      {confirm ? (
        <QuestionPanel
          id="decision-confirm"
          question={questionOf(confirm)}
          cancelTo={href(`/petadmin/inbox/foster/${application.id}#decide-title`)}
        />
      ) : null}
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
      <MoveDecision
        reply={reply}
        moves={moves}
        labelOf={moveLabel}
        classNameOf={(move) => (move === "approved" ? "button button--primary" : "button")}
        questionOf={questionOf}
      />
      <InboxNotes
        notes={notes}
        constraint={noteConstraint}
        lastResult={actionData?.intent === "note" ? actionData.result : undefined}
      />
    </>
  );
}
