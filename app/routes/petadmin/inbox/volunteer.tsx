import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActionData, useLoaderData } from "@remix-run/react";
import { applicationPageHandle } from "#app/components/admin-page";
import { useLocale, useLocalePath } from "#app/components/locale";
import { languageTag } from "#app/lib/i18n/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { QuestionPanel } from "#app/components/ask-first";
import { InboxItemHeader, MoveDecision, useMoveQuestion } from "#app/components/inbox-item";
import { PhoneLink } from "#app/components/phone-link";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import {
  describeAvailability,
  volunteerAges,
  volunteerInterests,
  volunteerRoleTitle,
  volunteerMachine,
  type VolunteerStatus,
} from "#app/lib/volunteer/volunteer";
import { volunteerStatusMessage } from "#app/lib/volunteer/volunteer-emails";
import { getVolunteerApplication, setVolunteerStatus } from "#app/models/volunteers.server";
import { InboxNotes } from "#app/components/inbox-notes";
import { inboxItemAction, inboxItemPage, statusMachineItem } from "#app/services/inbox-items.server";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";

export const meta = routeMeta;

export const handle = applicationPageHandle;

type VolunteerApplication = NonNullable<Awaited<ReturnType<typeof getVolunteerApplication>>>;

/** A volunteer application in the inbox: moves at the version read (decision 014), emailed to the applicant after the answer. */
const volunteerItem = statusMachineItem<VolunteerApplication, VolunteerStatus>(
  {
    kind: "volunteer",
    permissions: { read: "read:inbox", update: "update:inbox" },
    load: getVolunteerApplication,
    notFound: "Volunteer application not found",
  },
  volunteerMachine,
  {
    cannotMove: (current) => msg`An application that is “${current}” cannot move there.`,
    conflict: msg`Someone else changed this application since you opened it. Here is what it is now.`,
    write: setVolunteerStatus,
    // In the language of the page the application was sent from (decision 057).
    email: (application, to) =>
      volunteerStatusMessage(
        application.email,
        application.name,
        application.role,
        to,
        i18nFor(accountLocale(application.language)),
      ),
  },
);

export async function loader(args: LoaderFunctionArgs) {
  const { item: application, i18n, shared } = await inboxItemPage(args, volunteerItem);
  const { confirmTokenHash: _hash, confirmExpiresAt: _expires, ...shown } = application;
  return {
    ...shared,
    meta: {
      title: i18n._(msg`Volunteer application`),
      description: i18n._(msg`Staff: read a volunteer application and answer it.`),
    },
    application: {
      ...shown,
      createdAt: shown.createdAt.toISOString(),
      confirmedAt: shown.confirmedAt?.toISOString() ?? null,
      statusChangedAt: shown.statusChangedAt?.toISOString() ?? null,
    },
  };
}

export const action = (args: ActionFunctionArgs) => inboxItemAction(args, volunteerItem);

export const shouldRevalidate = revalidateAfterConflict;

const moveLabels: Record<string, MessageDescriptor> = {
  contacted: msg`Mark contacted`,
  welcomed: msg`Welcome as a volunteer`,
  not_now: msg`Not now`,
};
const label = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

export default function InboxVolunteer() {
  const { application, moves, done, notes, noteConstraint, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const shelterName = shelter.name;
  const reply = `mailto:${application.email}?subject=${encodeURIComponent(t`Volunteering with ${shelterName}`)}`;
  const name = application.name;
  const now =
    done && Object.hasOwn(volunteerMachine.labels, done)
      ? i18n._(volunteerMachine.labels[done as keyof typeof volunteerMachine.labels])
      : null;
  const role = i18n._(volunteerRoleTitle(application.role));
  const confirmed = staffDateIn(locale, application.confirmedAt);
  const guardian = application.guardianName;
  const email = application.email;
  type Move = (typeof moves)[number];
  const moveLabel = (move: Move) =>
    moveLabels[move] ? i18n._(moveLabels[move]) : i18n._(volunteerMachine.labels[move]);
  const ask = useMoveQuestion(application, application.version);
  const questionOf = (move: Move) => ask(move, i18n._(volunteerMachine.labels[move]), moveLabel(move));
  return (
    <>
      <InboxItemHeader
        title={t`Volunteer application from ${name}`}
        status={i18n._(volunteerMachine.labels[application.status])}
        done={done}
        notice={now ? t`Now “${now}”. The applicant has been emailed.` : null}
        error={actionData?.message}
        backTo="/petadmin/inbox?kind=volunteer"
      />
      {confirm ? (
        <QuestionPanel
          id="decision-confirm"
          question={questionOf(confirm)}
          cancelTo={href(`/petadmin/inbox/volunteer/${application.id}#decide-title`)}
        />
      ) : null}
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
            <dd>
              {describeAvailability(
                application.availability,
                locale === "en" ? undefined : { language: languageTag[locale], translate: (id) => i18n._(id) },
              ) || "—"}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Interests</Trans>
            </dt>
            <dd>
              {application.interests.map((interest) => i18n._(label(volunteerInterests, interest))).join(", ") || "—"}
            </dd>
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
      <MoveDecision reply={reply} moves={moves} labelOf={moveLabel} questionOf={questionOf} />
      <InboxNotes
        notes={notes}
        constraint={noteConstraint}
        lastResult={actionData?.intent === "note" ? actionData.result : undefined}
      />
    </>
  );
}
