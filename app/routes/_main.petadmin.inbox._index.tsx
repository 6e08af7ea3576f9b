import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "#app/lib/dates";
import { formatWaited, replyDue } from "#app/lib/visit-slots";
import { openStatuses, statusLabels } from "#app/lib/application-questions";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { listInbox, petsWithApplications, type InboxFilter } from "#app/models/inbox.server";
import { requireStaff } from "#app/services/auth.server";

export const meta: MetaFunction = () => pageMeta("Inbox", "Staff: adoption applications and contact messages, newest first.");

const statusChoices = [
  { value: "open", label: "Waiting (open)" },
  { value: "all", label: "All" },
  ...Object.entries(statusLabels)
    .filter(([status]) => status !== "draft")
    .map(([status, label]) => ({ value: status, label: `Applications: ${label}` })),
  { value: "handled", label: "Messages: handled" },
];

/** The filter from the address; anything unknown falls back to its default, never an error. */
function filterOf(params: URLSearchParams): InboxFilter {
  const kind = params.get("kind");
  const status = params.get("status") ?? "open";
  const pet = params.get("pet") ?? "";
  return {
    kind: kind === "application" || kind === "message" ? kind : null,
    status: statusChoices.some((choice) => choice.value === status) ? status : "open",
    petId: /^\d{1,9}$/.test(pet) ? Number(pet) : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const filter = filterOf(new URL(request.url).searchParams);
  const [items, pets] = await Promise.all([listInbox(context.db, filter), petsWithApplications(context.db)]);
  // How long each open item has waited, and whether it is past the promised reply time (issue 24).
  const now = new Date();
  const open = (item: (typeof items)[number]) => (item.kind === "message" ? item.status === "new" : (openStatuses as readonly string[]).includes(item.status));
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

const itemStatusLabel = (status: string) => (status === "new" ? "New" : status === "handled" ? "Handled" : statusLabels[status as keyof typeof statusLabels]);

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
            <option value="">Applications and messages</option>
            <option value="application">Applications</option>
            <option value="message">Messages</option>
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
                  {item.what} <span className="badge badge--status">{itemStatusLabel(item.status)}</span>
                </span>
                <span>
                  {item.kind === "application" ? "Application" : "Message"} from {item.who} ({item.email}), <time dateTime={item.at}>{formatDate(item.at)}</time>
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
