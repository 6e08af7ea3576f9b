import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { staffDateIn, waitedIn } from "#app/lib/i18n/staff-dates";
import { replyDue } from "#app/lib/visits/visit-slots";
import { i18nOf } from "#app/locales/catalogs.server";
import { openStatuses, statusLabels } from "#app/lib/applications/application-questions";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { listInbox, petsWithApplications, type InboxFilter } from "#app/models/inbox.server";
import { requireStaff } from "#app/services/auth.server";
import {
  openVolunteerStatuses,
  volunteerRoleTitle,
  volunteerStatusLabels,
  volunteerStatuses,
  type VolunteerStatus,
} from "#app/lib/volunteer/volunteer";
import { listVolunteerInbox } from "#app/models/volunteers.server";
import { fosterStatuses, fosterStatusLabels, openFosterStatuses, type FosterStatus } from "#app/lib/foster/foster";
import { listFosterInbox } from "#app/models/foster.server";

export const meta = routeMeta;

/**
 * The status filter's choices, labelled in the page's language. The status names come from the
 * application, volunteer and foster modules, and show translated where their catalogue entries are.
 */
const statusChoicesIn = (i18n: I18n) => [
  { value: "open", label: i18n._(msg`Waiting (open)`) },
  { value: "all", label: i18n._(msg`All`) },
  ...Object.entries(statusLabels)
    .filter(([status]) => status !== "draft")
    .map(([status, name]) => ({ value: status, label: i18n._(msg`Applications: ${i18n._(name)}`) })),
  { value: "handled", label: i18n._(msg`Messages: handled`) },
  ...volunteerStatuses
    .filter((status) => status !== "unconfirmed")
    .map((status) => ({
      value: `volunteer:${status}`,
      label: i18n._(msg`Volunteers: ${i18n._(volunteerStatusLabels[status])}`),
    })),
  ...fosterStatuses
    .filter((status) => status !== "draft")
    .map((status) => ({
      value: `foster:${status}`,
      label: i18n._(msg`Fosters: ${i18n._(fosterStatusLabels[status])}`),
    })),
];
const statusValues = new Set([
  "open",
  "all",
  "handled",
  ...Object.keys(statusLabels).filter((status) => status !== "draft"),
  ...volunteerStatuses.filter((status) => status !== "unconfirmed").map((status) => `volunteer:${status}`),
  ...fosterStatuses.filter((status) => status !== "draft").map((status) => `foster:${status}`),
]);

type Kind = InboxFilter["kind"] | "volunteer" | "foster";

/** The filter from the address; anything unknown falls back to its default, never an error. */
function filterOf(params: URLSearchParams): Omit<InboxFilter, "kind"> & { kind: Kind } {
  const kind = params.get("kind");
  const status = params.get("status") ?? "open";
  const pet = params.get("pet") ?? "";
  return {
    kind: kind === "application" || kind === "message" || kind === "volunteer" || kind === "foster" ? kind : null,
    status: statusValues.has(status) ? status : "open",
    petId: /^\d{1,9}$/.test(pet) ? Number(pet) : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const filter = filterOf(new URL(request.url).searchParams);
  const i18n = i18nOf(request);
  // Volunteer and foster applications (decision 053) come from their own models; their statuses show only them.
  const statusOf = (prefix: string) =>
    filter.status.startsWith(`${prefix}:`) ? filter.status.slice(prefix.length + 1) : null;
  const volunteerStatus = statusOf("volunteer") as VolunteerStatus | null;
  const fosterStatus = statusOf("foster") as FosterStatus | null;
  const shared = filter.status === "open" || filter.status === "all";
  const wantVolunteers =
    (filter.kind === null || filter.kind === "volunteer") &&
    filter.petId === null &&
    (volunteerStatus !== null || shared);
  const wantFosters =
    (filter.kind === null || filter.kind === "foster") && filter.petId === null && (fosterStatus !== null || shared);
  const wantOthers =
    filter.kind !== "volunteer" && filter.kind !== "foster" && volunteerStatus === null && fosterStatus === null;
  const [others, volunteers, fosters, pets] = await Promise.all([
    wantOthers
      ? listInbox(context.db, {
          ...filter,
          kind: filter.kind === "volunteer" || filter.kind === "foster" ? null : filter.kind,
        })
      : [],
    wantVolunteers ? listVolunteerInbox(context.db, volunteerStatus ?? (filter.status as "open" | "all")) : [],
    wantFosters ? listFosterInbox(context.db, fosterStatus ?? (filter.status as "open" | "all")) : [],
    petsWithApplications(context.db),
  ]);
  // models/inbox.server.ts words an application "Application for {pet}" in English; it is said again
  // here in the page's language (the pet's name is what follows the English words).
  const applicationPrefix = "Application for ";
  const items = [
    ...others.map((item) => {
      if (item.kind !== "application" || !item.what.startsWith(applicationPrefix)) return item;
      const name = item.what.slice(applicationPrefix.length);
      return { ...item, what: i18n._(msg`Application for ${name}`) };
    }),
    ...volunteers.map((row) => ({
      kind: "volunteer" as const,
      id: row.id,
      status: row.status as string,
      at: row.at,
      who: row.name,
      email: row.email,
      what: i18n._(msg`Volunteering: ${i18n._(volunteerRoleTitle(row.role))}`),
    })),
    ...fosters.map((row) => ({
      kind: "foster" as const,
      id: row.id,
      status: row.status as string,
      at: row.at,
      who: `${row.firstName} ${row.lastName}`,
      email: row.email,
      what: row.petName ? i18n._(msg`Fostering (asked about ${row.petName})`) : i18n._(msg`Fostering`),
    })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  // How long each open item has waited, and whether it is past the promised reply time (issue 24; an
  // adopter's call for help after an adoption: one business day, issue 45).
  const replyDaysOf = (item: (typeof items)[number]) =>
    ("replyBusinessDays" in item ? item.replyBusinessDays : null) ?? shelter.visits.replyBusinessDays;
  const now = new Date();
  const open = (item: (typeof items)[number]) =>
    item.kind === "message"
      ? item.status === "new"
      : item.kind === "volunteer"
        ? (openVolunteerStatuses as readonly string[]).includes(item.status)
        : item.kind === "foster"
          ? (openFosterStatuses as readonly string[]).includes(item.status)
          : (openStatuses as readonly string[]).includes(item.status);
  return {
    meta: {
      title: i18n._(msg`Inbox`),
      description: i18n._(msg`Staff: adoption, foster and volunteer applications and contact messages, newest first.`),
    },
    statusChoices: statusChoicesIn(i18n),
    filter,
    pets,
    items: items.map((item) => ({
      ...item,
      at: item.at.toISOString(),
      waited: open(item) ? waitedIn(i18n, item.at, now) : null,
      replyDays: replyDaysOf(item),
      overdue: open(item) && replyDue(item.at, replyDaysOf(item), shelter.openingHours) < now,
    })),
  };
}

const itemStatusLabel = (i18n: I18n, kind: string, status: string) =>
  kind === "volunteer"
    ? i18n._(volunteerStatusLabels[status as VolunteerStatus])
    : kind === "foster"
      ? i18n._(fosterStatusLabels[status as FosterStatus])
      : status === "new"
        ? i18n._(msg`New`)
        : status === "handled"
          ? i18n._(msg`Handled`)
          : i18n._(statusLabels[status as keyof typeof statusLabels]);

export default function Inbox() {
  const { filter, pets, items, statusChoices } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const days = shelter.visits.replyBusinessDays;
  return (
    <>
      <h1>
        <Trans>Inbox</Trans>
      </h1>
      <Form method="get" className="search" aria-label={t`Filter the inbox`}>
        <div className="field">
          <label htmlFor="inbox-kind">
            <Trans>Kind</Trans>
          </label>
          <select id="inbox-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">{t`Everything`}</option>
            <option value="application">{t`Applications`}</option>
            <option value="message">{t`Messages`}</option>
            <option value="volunteer">{t`Volunteer applications`}</option>
            <option value="foster">{t`Foster applications`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-status">
            <Trans>Status</Trans>
          </label>
          <select id="inbox-status" name="status" defaultValue={filter.status}>
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-pet">
            <Trans>Pet</Trans>
          </label>
          <select id="inbox-pet" name="pet" defaultValue={filter.petId ?? ""}>
            <option value="">{t`Any pet`}</option>
            {pets.map((pet) => (
              <option key={pet.id} value={pet.id}>
                {pet.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          <Trans>Show</Trans>
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="empty">
          {filter.status === "open" ? (
            <Trans>Nothing here: every item is answered.</Trans>
          ) : (
            <Trans>Nothing here.</Trans>
          )}
        </p>
      ) : (
        <ul className="inbox-list" aria-label={t`Inbox items, newest first`}>
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Link to={href(`/petadmin/inbox/${item.kind}/${item.id}`)} className="inbox-item">
                <span className="inbox-item__what">
                  {item.what}{" "}
                  <span className="badge badge--status">{itemStatusLabel(i18n, item.kind, item.status)}</span>
                </span>
                <FromLine
                  kind={item.kind}
                  who={item.who}
                  email={item.email}
                  at={item.at}
                  date={staffDateIn(locale, item.at)}
                />
                {item.waited ? (
                  <span
                    className={item.overdue ? "inbox-item__waited inbox-item__waited--overdue" : "inbox-item__waited"}
                  >
                    {item.overdue
                      ? item.replyDays === 1
                        ? t`Waiting ${item.waited} · past our one-business-day reply time`
                        : t`Waiting ${item.waited} · past our ${days}-business-day reply time`
                      : item.replyDays === 1
                        ? t`Waiting ${item.waited} · reply within one business day`
                        : t`Waiting ${item.waited}`}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Who sent an item and when: "Application from Ana Ruiz (ana@example.com), November 24, 2026". */
function FromLine({
  kind,
  who,
  email,
  at,
  date,
}: {
  kind: string;
  who: string;
  email: string;
  at: string;
  date: string;
}) {
  return (
    <span>
      {kind === "application" ? (
        <Trans>
          Application from {who} ({email}), <time dateTime={at}>{date}</time>
        </Trans>
      ) : kind === "volunteer" ? (
        <Trans>
          Volunteer application from {who} ({email}), <time dateTime={at}>{date}</time>
        </Trans>
      ) : kind === "foster" ? (
        <Trans>
          Foster application from {who} ({email}), <time dateTime={at}>{date}</time>
        </Trans>
      ) : (
        <Trans>
          Message from {who} ({email}), <time dateTime={at}>{date}</time>
        </Trans>
      )}
    </span>
  );
}
