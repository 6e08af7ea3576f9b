import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "#app/lib/dates";
import { formatWaited, replyDue } from "#app/lib/visit-slots";
import { openStatuses, statusLabels } from "#app/lib/application-questions";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { listInbox, petsWithApplications, type InboxFilter } from "#app/models/inbox.server";
import { requireStaff } from "#app/services/auth.server";
import { openVolunteerStatuses, volunteerRoleTitle, volunteerStatusLabels, volunteerStatuses, type VolunteerStatus } from "#app/lib/volunteer";
import { listVolunteerInbox } from "#app/models/volunteers.server";
import { fosterStatuses, fosterStatusLabels, openFosterStatuses, type FosterStatus } from "#app/lib/foster";
import { listFosterInbox } from "#app/models/foster.server";

export const meta: MetaFunction = () => pageMeta("Inbox", "Staff: adoption, foster and volunteer applications and contact messages, newest first.");

const statusChoices = [
  { value: "open", label: "Waiting (open)" },
  { value: "all", label: "All" },
  ...Object.entries(statusLabels)
    .filter(([status]) => status !== "draft")
    .map(([status, label]) => ({ value: status, label: `Applications: ${label}` })),
  { value: "handled", label: "Messages: handled" },
  ...volunteerStatuses
    .filter((status) => status !== "unconfirmed")
    .map((status) => ({ value: `volunteer:${status}`, label: `Volunteers: ${volunteerStatusLabels[status]}` })),
  ...fosterStatuses
    .filter((status) => status !== "draft")
    .map((status) => ({ value: `foster:${status}`, label: `Fosters: ${fosterStatusLabels[status]}` })),
];

type Kind = InboxFilter["kind"] | "volunteer" | "foster";

/** The filter from the address; anything unknown falls back to its default, never an error. */
function filterOf(params: URLSearchParams): Omit<InboxFilter, "kind"> & { kind: Kind } {
  const kind = params.get("kind");
  const status = params.get("status") ?? "open";
  const pet = params.get("pet") ?? "";
  return {
    kind: kind === "application" || kind === "message" || kind === "volunteer" || kind === "foster" ? kind : null,
    status: statusChoices.some((choice) => choice.value === status) ? status : "open",
    petId: /^\d{1,9}$/.test(pet) ? Number(pet) : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const filter = filterOf(new URL(request.url).searchParams);
  // Volunteer and foster applications (decision 053) come from their own models; their statuses show only them.
  const statusOf = (prefix: string) => (filter.status.startsWith(`${prefix}:`) ? filter.status.slice(prefix.length + 1) : null);
  const volunteerStatus = statusOf("volunteer") as VolunteerStatus | null;
  const fosterStatus = statusOf("foster") as FosterStatus | null;
  const shared = filter.status === "open" || filter.status === "all";
  const wantVolunteers = (filter.kind === null || filter.kind === "volunteer") && filter.petId === null && (volunteerStatus !== null || shared);
  const wantFosters = (filter.kind === null || filter.kind === "foster") && filter.petId === null && (fosterStatus !== null || shared);
  const wantOthers = filter.kind !== "volunteer" && filter.kind !== "foster" && volunteerStatus === null && fosterStatus === null;
  const [others, volunteers, fosters, pets] = await Promise.all([
    wantOthers ? listInbox(context.db, { ...filter, kind: filter.kind === "volunteer" || filter.kind === "foster" ? null : filter.kind }) : [],
    wantVolunteers ? listVolunteerInbox(context.db, volunteerStatus ?? (filter.status as "open" | "all")) : [],
    wantFosters ? listFosterInbox(context.db, fosterStatus ?? (filter.status as "open" | "all")) : [],
    petsWithApplications(context.db),
  ]);
  const items = [
    ...others,
    ...volunteers.map((row) => ({
      kind: "volunteer" as const,
      id: row.id,
      status: row.status as string,
      at: row.at,
      who: row.name,
      email: row.email,
      what: `Volunteering: ${volunteerRoleTitle(row.role)}`,
    })),
    ...fosters.map((row) => ({
      kind: "foster" as const,
      id: row.id,
      status: row.status as string,
      at: row.at,
      who: `${row.firstName} ${row.lastName}`,
      email: row.email,
      what: row.petName ? `Fostering (asked about ${row.petName})` : "Fostering",
    })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  // How long each open item has waited, and whether it is past the promised reply time (issue 24).
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
    filter,
    pets,
    items: items.map((item) => ({
      ...item,
      at: item.at.toISOString(),
      waited: open(item) ? formatWaited(item.at, now) : null,
      overdue: open(item) && replyDue(item.at, shelter.visits.replyBusinessDays, shelter.openingHours) < now,
    })),
  };
}

const itemStatusLabel = (kind: string, status: string) =>
  kind === "volunteer"
    ? volunteerStatusLabels[status as VolunteerStatus]
    : kind === "foster"
      ? fosterStatusLabels[status as FosterStatus]
      : status === "new"
      ? "New"
      : status === "handled"
        ? "Handled"
        : statusLabels[status as keyof typeof statusLabels];

const kindLabels: Record<string, string> = { application: "Application", message: "Message", volunteer: "Volunteer application", foster: "Foster application" };

export default function Inbox() {
  const { filter, pets, items } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin">‹ Pet Admin</Link>
      </p>
      <h1>Inbox</h1>
      <Form method="get" className="search" aria-label="Filter the inbox">
        <div className="field">
          <label htmlFor="inbox-kind">Kind</label>
          <select id="inbox-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">Everything</option>
            <option value="application">Applications</option>
            <option value="message">Messages</option>
            <option value="volunteer">Volunteer applications</option>
            <option value="foster">Foster applications</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-status">Status</label>
          <select id="inbox-status" name="status" defaultValue={filter.status}>
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>{choice.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-pet">Pet</label>
          <select id="inbox-pet" name="pet" defaultValue={filter.petId ?? ""}>
            <option value="">Any pet</option>
            {pets.map((pet) => (
              <option key={pet.id} value={pet.id}>{pet.name}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">Show</button>
      </Form>
      {items.length === 0 ? (
        <p className="empty">Nothing here{filter.status === "open" ? ": every item is answered" : ""}.</p>
      ) : (
        <ul className="inbox-list" aria-label="Inbox items, newest first">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Link to={`/petadmin/inbox/${item.kind}/${item.id}`} className="inbox-item">
                <span className="inbox-item__what">
                  {item.what} <span className="badge badge--status">{itemStatusLabel(item.kind, item.status)}</span>
                </span>
                <span>
                  {kindLabels[item.kind]} from {item.who} ({item.email}), <time dateTime={item.at}>{formatDate(item.at)}</time>
                </span>
                {item.waited ? (
                  <span className={item.overdue ? "inbox-item__waited inbox-item__waited--overdue" : "inbox-item__waited"}>
                    Waiting {item.waited}
                    {item.overdue ? ` · past our ${shelter.visits.replyBusinessDays}-business-day reply time` : ""}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
