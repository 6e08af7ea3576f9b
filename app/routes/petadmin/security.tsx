import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { useLocalePath } from "#app/components/locale";
import { localeOf } from "#app/lib/i18n/locale";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { securityEventKinds, type SecurityEventKind } from "#app/lib/accounts/security-event-kinds";
import { routeMeta } from "#app/lib/i18n/meta";
import { listSecurityEvents, securityEventsPageSize } from "#app/models/security-events.server";
import { requireStaffOrganisation } from "#app/services/auth.server";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): no back link of the layout's. */
export const handle: AdminPageHandle = { adminBack: "none" };

const kindLabels: Record<SecurityEventKind, MessageDescriptor> = {
  "sign-in": msg`Signed in`,
  "sign-in-failed": msg`Sign-in failed`,
  "sign-in-locked": msg`Sign-in refused (too many attempts)`,
  "password-changed": msg`Password changed`,
  "password-reset": msg`Password reset by email`,
  "google-linked": msg`Google account linked`,
  "invitation-sent": msg`Invitation sent`,
  "invitation-withdrawn": msg`Invitation withdrawn`,
  "invitation-accepted": msg`Invitation accepted`,
  "role-changed": msg`Role changed`,
  "member-removed": msg`Removed from the staff`,
  "signed-out-other-device": msg`Signed out another device`,
  "signed-out-everywhere-else": msg`Signed out everywhere else`,
  "gift-refund-requested": msg`Gift refund asked of the payment provider`,
};

const isKind = (value: string | null): value is SecurityEventKind =>
  (securityEventKinds as readonly (string | null)[]).includes(value);

/** Owners and admins read their organisation's events (decision 027); members get a 403. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { organisationId, organisation } = await requireStaffOrganisation(context, request, "read:security-event");
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind");
  const kind = isKind(kindParam) ? kindParam : null;
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const { events, total } = await listSecurityEvents(context.db, organisationId, { kind, page });
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  return {
    meta: {
      title: i18n._(msg`Security log`),
      description: i18n._(msg`Sign-ins, password changes and staff changes of the shelter's accounts.`),
    },
    organisation,
    kind,
    page,
    pages: Math.max(1, Math.ceil(total / securityEventsPageSize)),
    total,
    events: events.map((event) => ({
      id: event.id,
      when: staffDateIn(locale, event.createdAt, { time: true }),
      what: i18n._(kindLabels[event.kind]),
      who: event.email ?? i18n._(msg`unknown`),
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
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <h1>
        <Trans>Security log of {organisation}</Trans>
      </h1>
      <p>
        <Trans>Newest first. Events are kept for 365 days and cannot be changed.</Trans>
      </p>
      <Form method="get" className="inline-form">
        <label htmlFor="security-kind">
          <Trans>What happened</Trans>
        </label>
        <select id="security-kind" name="kind" defaultValue={kind ?? ""}>
          <option value="">{t`Everything`}</option>
          {securityEventKinds.map((value) => (
            <option key={value} value={value}>
              {i18n._(kindLabels[value])}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          <Trans>Show</Trans>
        </button>
      </Form>
      {events.length === 0 ? (
        <p>{kind ? <Trans>Nothing logged of this kind yet.</Trans> : <Trans>Nothing logged yet.</Trans>}</p>
      ) : (
        <table className="security-log">
          <caption className="visually-hidden">
            <Trans>
              Security events, page {page} of {pages} ({total} in all)
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>What</Trans>
              </th>
              <th scope="col">
                <Trans>Account</Trans>
              </th>
              <th scope="col">
                <Trans>By</Trans>
              </th>
              <th scope="col">
                <Trans>Network address</Trans>
              </th>
              <th scope="col">
                <Trans>Details</Trans>
              </th>
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
      <nav aria-label={t`Pages of the security log`} className="button-row">
        {page > 1 ? (
          <Link to={href(pageLink(kind, page - 1))}>
            <Trans>Newer events</Trans>
          </Link>
        ) : null}
        <span>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        {page < pages ? (
          <Link to={href(pageLink(kind, page + 1))}>
            <Trans>Older events</Trans>
          </Link>
        ) : null}
      </nav>
    </>
  );
}
