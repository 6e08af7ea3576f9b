import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { shelterPages } from "#app/config/shelter-pages";
import { routeMeta } from "#app/lib/i18n/meta";
import { FigureList } from "#app/components/figure-list";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { volunteerRoles } from "#app/lib/volunteer/volunteer";
import { i18nOf } from "#app/locales/catalogs.server";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta = routeMeta;

export function loader({ request }: LoaderFunctionArgs) {
  const i18n = i18nOf(request);
  const name = shelter.name;
  return {
    meta: {
      title: i18n._(msg`Volunteer`),
      description: i18n._(
        msg`Give your time to the animals of ${name}: outreach, events, social media or office help.`,
      ),
    },
  };
}

export default function Volunteer() {
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <PageBanner
        title={t`Volunteer with us`}
        lead={t`Our volunteers are the heart of the shelter. Find the role that fits your week.`}
      />
      <FigureList figures={shelterPages.volunteerFigures} label={t`Our volunteers in numbers`} />
      <section className="section section--tinted" aria-labelledby="opportunities-title">
        <div className="container">
          <h2 id="opportunities-title">
            <Trans>Volunteer opportunities</Trans>
          </h2>
          <ul className="card-list">
            {volunteerRoles.map((opportunity) => {
              const title = i18n._(opportunity.title);
              return (
                <li key={opportunity.value} className="info-card">
                  <h3>{title}</h3>
                  <p className="info-card__meta">{i18n._(opportunity.hours)}</p>
                  <p>{i18n._(opportunity.text)}</p>
                  <p>
                    <Link
                      to={href(`/volunteer/apply?role=${opportunity.value}`)}
                      className="button button--small"
                      aria-label={t`Apply for this: ${title}`}
                    >
                      <Trans>Apply for this</Trans>
                    </Link>
                  </p>
                </li>
              );
            })}
          </ul>
          <p className="button-row">
            <Link to={href("/volunteer/apply")} className="button button--primary">
              <Trans>Apply to volunteer</Trans>
            </Link>
            {shelter.links.volunteerForm ? (
              <a href={shelter.links.volunteerForm} className="button">
                <Trans>Our paper form</Trans>
              </a>
            ) : null}
          </p>
        </div>
      </section>
    </>
  );
}
