import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { shelter } from "#app/config/shelter";
import { shelterPages } from "#app/config/shelter-pages";
import { pageMeta } from "#app/lib/meta";
import { FigureList } from "#app/components/figure-list";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http-cache";
import { volunteerRoles } from "#app/lib/volunteer";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Volunteer", `Give your time to the animals of ${shelter.name}: outreach, events, social media or office help.`);


export default function Volunteer() {
  return (
    <>
      <PageBanner title="Volunteer with us" lead="Our volunteers are the heart of the shelter. Find the role that fits your week." />
      <FigureList figures={shelterPages.volunteerFigures} label="Our volunteers in numbers" />
      <section className="section section--tinted" aria-labelledby="opportunities-title">
        <div className="container">
          <h2 id="opportunities-title">Volunteer opportunities</h2>
          <ul className="card-list">
            {volunteerRoles.map((opportunity) => (
              <li key={opportunity.value} className="info-card">
                <h3>{opportunity.title}</h3>
                <p className="info-card__meta">{opportunity.hours}</p>
                <p>{opportunity.text}</p>
                <p>
                  <Link to={`/volunteer/apply?role=${opportunity.value}`} className="button button--small" aria-label={`Apply for this: ${opportunity.title}`}>
                    Apply for this
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          <p className="button-row">
            <Link to="/volunteer/apply" className="button button--primary">
              Submit Application
            </Link>
            {shelter.links.volunteerForm ? (
              <a href={shelter.links.volunteerForm} className="button">
                Our paper form
              </a>
            ) : null}
          </p>
        </div>
      </section>
    </>
  );
}
