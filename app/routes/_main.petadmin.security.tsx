import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { securityEventKinds, type SecurityEventKind } from "#app/lib/security-event-kinds";
import { formatDate } from "#app/lib/dates";
import { pageMeta } from "#app/lib/meta";
import { listSecurityEvents, securityEventsPageSize } from "#app/models/security-events.server";
import { requireStaffOrganisation } from "#app/services/auth.server";

export const meta: MetaFunction = () => pageMeta("Security log", "Sign-ins, password changes and staff changes of the shelter's accounts.");

const kindLabels: Record<SecurityEventKind, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-locked": "Sign-in refused (too many attempts)",
  "password-changed": "Password changed",
  "password-reset": "Password reset by email",
  "google-linked": "Google account linked",
  "invitation-sent": "Invitation sent",
  "invitation-withdrawn": "Invitation withdrawn",
  "invitation-accepted": "Invitation accepted",
  "role-changed": "Role changed",
  "member-removed": "Removed from the staff",
  "signed-out-other-device": "Signed out another device",
  "signed-out-everywhere-else": "Signed out everywhere else",
};

const isKind = (value: string | null): value is SecurityEventKind => (securityEventKinds as readonly (string | null)[]).includes(value);

/** Owners and admins read their organisation's events (decision 027); members get a 403. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { organisationId, organisation } = await requireStaffOrganisation(context, request, "read:security-event");
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind");
  const kind = isKind(kindParam) ? kindParam : null;
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const { events, total } = await listSecurityEvents(context.db, organisationId, { kind, page });
  return {
    organisation,
    kind,
    page,
    pages: Math.max(1, Math.ceil(total / securityEventsPageSize)),
    total,
    events: events.map((event) => ({
      id: event.id,
      when: formatDate(event.createdAt, { time: true }),
      what: kindLabels[event.kind],
      who: event.email ?? "unknown",
      by: event.actorEmail,
      address: event.address,
      detail: event.detail,
    })),
  };
}

function pageLink(kind: SecurityEventKind | null, page: number) {
  const params = new URLSearchParams();
  if (kind) params.set("kind", kind);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/petadmin/security${query ? `?${query}` : ""}`;
}

export default function SecurityLog() {
  const { organisation, kind, page, pages, total, events } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-page">
      <h1>Security log of {organisation}</h1>
      <p>Newest first. Events are kept for 365 days and cannot be changed.</p>
      <Form method="get" className="inline-form">
        <label htmlFor="security-kind">What happened</label>
        <select id="security-kind" name="kind" defaultValue={kind ?? ""}>
          <option value="">Everything</option>
          {securityEventKinds.map((value) => (
            <option key={value} value={value}>
              {kindLabels[value]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          Show
        </button>
      </Form>
      {events.length === 0 ? (
        <p>Nothing logged{kind ? " of this kind" : ""} yet.</p>
      ) : (
        <table className="security-log">
          <caption className="visually-hidden">
            Security events, page {page} of {pages} ({total} in all)
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Account</th>
              <th scope="col">By</th>
              <th scope="col">Network address</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>{event.when}</td>
                <td>{event.what}</td>
                <td>{event.who}</td>
                <td>{event.by ?? ""}</td>
                <td>{event.address}</td>
                <td>{event.detail ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Pages of the security log" className="button-row">
        {page > 1 ? <Link to={pageLink(kind, page - 1)}>Newer events</Link> : null}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? <Link to={pageLink(kind, page + 1)}>Older events</Link> : null}
      </nav>
    </div>
  );
}
