import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { useLocalePath } from "#app/components/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { hasPermission } from "#app/lib/accounts/permissions";
import { routeMeta } from "#app/lib/i18n/meta";
import { countWaiting, waitingSince } from "#app/models/inbox.server";
import { replyDue } from "#app/lib/visits/visit-slots";
import { partnerStatuses } from "#app/models/syndication-runs.server";
import { PartnerStatus } from "#app/components/partner-status";
import { formatRunTime, partnerNames } from "#app/lib/http/syndication";
import { localeOf, languageTag } from "#app/lib/i18n/locale";
import { shelterTimeIn } from "#app/lib/i18n/staff-dates";
import { requireStaff } from "#app/services/auth.server";
import type { loader as petAdminLoader } from "./layout";
import { shelter } from "#app/config/shelter";
import { daysBetween, shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { listedPetsLongestInCare } from "#app/models/statistics.server";
import { formatMoney } from "#app/lib/giving/money";
import { monthGiftsSummary } from "#app/models/gifts.server";

/** How many inbox items wait for staff. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireStaff(context, request, "read:inbox");
  const locale = localeOf(request);
  const runTime = (at: Date) => (locale === "en" ? formatRunTime(at) : shelterTimeIn(locale, at));
  const partners = (await partnerStatuses(context.db)).map(({ partner, lastSuccess, lastError }) => ({
    partner,
    name: partnerNames[partner],
    configured: context.config.syndication[partner] !== null,
    tls: context.config.syndication[partner]?.tls ?? null,
    lastSuccess: lastSuccess && { ...lastSuccess, at: runTime(lastSuccess.at) },
    lastError: lastError && { ...lastError, at: runTime(lastError.at) },
  }));
  const [waiting, since] = await Promise.all([countWaiting(context.db), waitingSince(context.db)]);
  const now = new Date();
  // Past the promised reply time (issue 24): counted here, marked in the inbox.
  const overdue = since.filter(
    (at) => replyDue(at, shelter.visits.replyBusinessDays, shelter.openingHours) < now,
  ).length;
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = { title: i18n._(msg`Pet Admin`), description: i18n._(msg`Staff tools of the ${name}: pets and staff.`) };
  // Days in care of the listed pets, longest first, and "listed now" against the capacity target (decision 064).
  const today = shelterDayOf(now, shelter.openingHours.timeZone);
  const inCare = await listedPetsLongestInCare(context.db);
  // This month's gifts, for staff who may read the ledger (decision 065).
  const gifts = hasPermission(viewer.role, "read:gifts") ? await monthGiftsSummary(context.db, now) : null;
  const giftsTotal = gifts ? formatMoney(gifts.cents, shelter.giving.currency, languageTag[locale]) : "";
  return {
    meta,
    waiting,
    overdue,
    partners,
    inCare: {
      listed: inCare.listed,
      target: shelter.intakes.capacityTarget,
      longest: inCare.longest.map((pet) => ({ ...pet, days: daysBetween(pet.intakeOn, today) })),
    },
    gifts: gifts ? { count: gifts.count, total: giftsTotal } : null,
  };
}

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): no back link of the layout's. */
export const handle: AdminPageHandle = { adminBack: "none" };

export default function PetAdminHome() {
  const data = useRouteLoaderData<typeof petAdminLoader>("routes/_main.petadmin");
  const { waiting, overdue, partners, inCare, gifts } = useLoaderData<typeof loader>();
  const listed = inCare.listed;
  const target = inCare.target;
  const { t } = useLingui();
  const href = useLocalePath();
  const applications = waiting.applications + waiting.fosters + waiting.volunteers;
  const total = applications + waiting.messages;
  const messages = waiting.messages;
  const adopt = waiting.applications;
  const foster = waiting.fosters;
  const volunteer = waiting.volunteers;
  const kinds = [
    adopt > 0 ? t`${adopt} to adopt` : "",
    foster > 0 ? t`${foster} to foster` : "",
    volunteer > 0 ? t`${volunteer} to volunteer` : "",
  ].filter(Boolean);
  const kindsText =
    kinds.length > 1 || (kinds.length === 1 && waiting.applications === 0) ? ` (${kinds.join(", ")})` : "";
  const days = shelter.visits.replyBusinessDays;
  return (
    <>
      <h1>
        <Trans>Pet Admin</Trans>
      </h1>
      <p className={total > 0 ? "notice notice--info" : "notice notice--success"} role="status">
        {total === 0 ? (
          <Trans>Nothing waits in the inbox.</Trans>
        ) : (
          <Trans>
            <Plural value={applications} one="# application" other="# applications" />
            {kindsText} and <Plural value={messages} one="# message" other="# messages" /> wait in the inbox.
          </Trans>
        )}
      </p>
      {overdue > 0 ? (
        <p className="notice notice--error">
          <Plural
            value={overdue}
            one={`# item is past our promised reply time (${days} business days).`}
            other={`# items are past our promised reply time (${days} business days).`}
          />
        </p>
      ) : null}
      {gifts ? (
        <p className="notice" role="status">
          <Plural
            value={gifts.count}
            _0="No gifts yet this month."
            one={`# gift this month: ${gifts.total}.`}
            other={`# gifts this month: ${gifts.total}.`}
          />{" "}
          <Link to={href("/petadmin/donations")}>
            <Trans>See every gift</Trans>
          </Link>
        </p>
      ) : null}
      <ul className="admin-links">
        <li>
          <Link to={href("/petadmin/inbox")} className="button button--primary">
            <Trans>Inbox ({total} waiting)</Trans>
          </Link>
        </li>
        <li>
          <Link to={href("/petadmin/visits")} className="button button--primary">
            <Trans>Visits</Trans>
          </Link>
        </li>
        <li>
          <Link to={href("/petadmin/fosters")} className="button button--primary">
            <Trans>Foster roster</Trans>
          </Link>
        </li>
        <li>
          <Link to={href("/petadmin/create")} className="button button--primary">
            <Trans>Create pet</Trans>
          </Link>
        </li>
        <li>
          <Link to={href("/petadmin/edit")} className="button button--primary">
            <Trans>Edit and delete pet</Trans>
          </Link>
        </li>
        {data && hasPermission(data.role, "read:reports") ? (
          <li>
            <Link to={href("/petadmin/reports")} className="button">
              <Trans>Shelter Animals Count report</Trans>
            </Link>
          </li>
        ) : null}
        {data && hasPermission(data.role, "export:subscribers") ? (
          <li>
            <a href="/petadmin/subscribers.csv" className="button" download>
              <Trans>Newsletter subscribers (CSV)</Trans>
            </a>
          </li>
        ) : null}
        {data && hasPermission(data.role, "read:member") ? (
          <li>
            <Link to={href("/petadmin/staff")} className="button">
              <Trans>Staff and invitations</Trans>
            </Link>
          </li>
        ) : null}
        {data && hasPermission(data.role, "read:security-event") ? (
          <li>
            <Link to={href("/petadmin/security")} className="button">
              <Trans>Security log</Trans>
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="admin-more">
        <Link to={href("/petadmin/flyers")}>
          <Trans>Print kennel cards and flyers</Trans>
        </Link>
      </p>
      <section aria-labelledby="in-care-title" className="panel">
        <h2 id="in-care-title">
          <Trans>In our care</Trans>
        </h2>
        <p className={listed > target ? "notice notice--error" : undefined} id="listed-now">
          <Trans>
            Listed now: {listed} of a capacity target of {target}.
          </Trans>
        </p>
        {inCare.longest.length > 0 ? (
          <ol className="in-care-list">
            {inCare.longest.map((pet) => {
              const days = pet.days;
              const name = pet.name;
              return (
                <li key={pet.id}>
                  <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>{name}</Link>{" "}
                  <Plural value={days} one="# day in care" other="# days in care" />
                </li>
              );
            })}
          </ol>
        ) : null}
        <p>
          <Link to={href("/statistics")}>
            <Trans>Public statistics</Trans>
          </Link>
        </p>
      </section>
      <PartnerStatus partners={partners} />
    </>
  );
}
