import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { hasPermission } from "#app/lib/permissions";
import { pageMeta } from "#app/lib/meta";
import { countWaiting, waitingSince } from "#app/models/inbox.server";
import { replyDue } from "#app/lib/visit-slots";
import { partnerStatuses } from "#app/models/syndication-runs.server";
import { PartnerStatus } from "#app/components/partner-status";
import { formatRunTime, partnerNames } from "#app/lib/syndication";
import { requireStaff } from "#app/services/auth.server";
import type { loader as petAdminLoader } from "./_main.petadmin";
import { shelter } from "#app/config/shelter";

/** How many inbox items wait for staff. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const partners = (await partnerStatuses(context.db)).map(({ partner, lastSuccess, lastError }) => ({
    partner,
    name: partnerNames[partner],
    configured: context.config.syndication[partner] !== null,
    lastSuccess: lastSuccess && { ...lastSuccess, at: formatRunTime(lastSuccess.at) },
    lastError: lastError && { ...lastError, at: formatRunTime(lastError.at) },
  }));
  const [waiting, since] = await Promise.all([countWaiting(context.db), waitingSince(context.db)]);
  const now = new Date();
  // Past the promised reply time (issue 24): counted here, marked in the inbox.
  const overdue = since.filter((at) => replyDue(at, shelter.visits.replyBusinessDays, shelter.openingHours) < now).length;
  return { waiting, overdue, partners };
}

export const meta: MetaFunction = () => pageMeta("Pet Admin", `Staff tools of the ${shelter.name}: pets and staff.`);

export default function PetAdminHome() {
  const data = useRouteLoaderData<typeof petAdminLoader>("routes/_main.petadmin");
  const { waiting, overdue, partners } = useLoaderData<typeof loader>();
  const applications = waiting.applications + waiting.fosters + waiting.volunteers;
  const total = applications + waiting.messages;
  const kinds = [
    waiting.applications > 0 ? `${waiting.applications} to adopt` : "",
    waiting.fosters > 0 ? `${waiting.fosters} to foster` : "",
    waiting.volunteers > 0 ? `${waiting.volunteers} to volunteer` : "",
  ].filter(Boolean);
  return (
    <div className="container admin-page">
      <h1>Pet Admin</h1>
      <p className={total > 0 ? "notice notice--info" : "notice notice--success"} role="status">
        {total === 0
          ? "Nothing waits in the inbox."
          : `${applications} ${applications === 1 ? "application" : "applications"}${kinds.length > 1 || (kinds.length === 1 && waiting.applications === 0) ? ` (${kinds.join(", ")})` : ""} and ${waiting.messages} ${waiting.messages === 1 ? "message" : "messages"} wait in the inbox.`}
      </p>
      {overdue > 0 ? (
        <p className="notice notice--error">
          {overdue} {overdue === 1 ? "item is" : "items are"} past our promised reply time ({shelter.visits.replyBusinessDays} business days).
        </p>
      ) : null}
      <ul className="admin-links">
        <li>
          <Link to="/petadmin/inbox" className="button button--primary">
            Inbox ({total} waiting)
          </Link>
        </li>
        <li>
          <Link to="/petadmin/visits" className="button button--primary">
            Visits
          </Link>
        </li>
        <li>
          <Link to="/petadmin/fosters" className="button button--primary">
            Foster roster
          </Link>
        </li>
        <li>
          <Link to="/petadmin/create" className="button button--primary">
            Create pet
          </Link>
        </li>
        <li>
          <Link to="/petadmin/edit" className="button button--primary">
            Edit and delete pet
          </Link>
        </li>
        {data && hasPermission(data.role, "export:subscribers") ? (
          <li>
            <a href="/petadmin/subscribers.csv" className="button" download>
              Newsletter subscribers (CSV)
            </a>
          </li>
        ) : null}
        {data && hasPermission(data.role, "read:member") ? (
          <li>
            <Link to="/petadmin/staff" className="button">
              Staff and invitations
            </Link>
          </li>
        ) : null}
        {data && hasPermission(data.role, "read:security-event") ? (
          <li>
            <Link to="/petadmin/security" className="button">
              Security log
            </Link>
          </li>
        ) : null}
      </ul>
      <p>
        <Link to="/petadmin/flyers">Print kennel cards and flyers</Link>
      </p>
      <PartnerStatus partners={partners} />
    </div>
  );
}
