import { Trans } from "@lingui/react/macro";
import { shelterPages } from "#app/config/shelter-pages";

/**
 * Eight sponsor logos shown twice so the CSS scroll loops seamlessly; the second set is hidden from
 * assistive technology. Motion stops under prefers-reduced-motion.
 */
export function SponsorsStrip({ reverse = false }: { reverse?: boolean }) {
  const logos = [...shelterPages.sponsors, ...shelterPages.sponsors];
  return (
    <section className="sponsors" aria-labelledby="sponsors-title">
      <h2 id="sponsors-title" className="container">
        <Trans>We would like to thank our sponsors</Trans>
      </h2>
      <div className="sponsors__viewport">
        <ul className={`sponsors__track${reverse ? " sponsors__track--reverse" : ""}`}>
          {logos.map((sponsor, index) => {
            const duplicate = index >= shelterPages.sponsors.length;
            return (
              <li key={`${sponsor.name}-${index}`} aria-hidden={duplicate || undefined}>
                <img src={sponsor.logo} width="250" height="72" alt={duplicate ? "" : sponsor.name} loading="lazy" />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
