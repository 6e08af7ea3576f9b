import type { MetaFunction } from "@remix-run/cloudflare";
import { shelter } from "#app/config/shelter";
import { shelterPages } from "#app/config/shelter-pages";
import { pageMeta } from "#app/lib/meta";
import { FigureList } from "#app/components/figure-list";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http-cache";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Volunteer", `Give your time to the animals of ${shelter.name}: outreach, events, social media or office help.`);

const opportunities = [
  { title: "Community Outreach", hours: "4-6 hours/week", text: "Represent the shelter at fairs, markets and schools, and tell our animals' stories." },
  { title: "Event Planning", hours: "6-8 hours/week", text: "Help organise adoption days, fundraisers and our yearly Walk for a Dog." },
  { title: "Social Media", hours: "3-5 hours/week, remote", text: "Photograph pets, write their profiles and keep our followers up to date." },
  { title: "Administrative Support", hours: "4-6 hours/week", text: "Answer phones, welcome visitors and keep adoption paperwork moving." },
];

export default function Volunteer() {
  return (
    <>
      <PageBanner title="Volunteer with us" lead="Our volunteers are the heart of the shelter. Find the role that fits your week." />
      <FigureList figures={shelterPages.volunteerFigures} label="Our volunteers in numbers" />
      <section className="section section--tinted" aria-labelledby="opportunities-title">
        <div className="container">
          <h2 id="opportunities-title">Volunteer opportunities</h2>
          <ul className="card-list">
            {opportunities.map((opportunity) => (
              <li key={opportunity.title} className="info-card">
                <h3>{opportunity.title}</h3>
                <p className="info-card__meta">{opportunity.hours}</p>
                <p>{opportunity.text}</p>
              </li>
            ))}
          </ul>
          <p className="button-row">
            <a href={shelter.links.volunteerForm} className="button button--primary">
              Submit Application
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
