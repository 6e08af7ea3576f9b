import { Trans } from "@lingui/react/macro";
import type { PublicCareFacts } from "#app/lib/care/public-facts";

/** What adopters ask first, on the public pet page (issue 45): only the facts that are true, or nothing. */
export function CareFacts({ facts }: { facts: PublicCareFacts }) {
  if (!facts.fixed && !facts.vaccinated && !facts.microchipped) return null;
  return (
    <ul className="care-facts">
      {facts.fixed === "spayed" ? (
        <li>
          <Trans>Spayed</Trans>
        </li>
      ) : null}
      {facts.fixed === "neutered" ? (
        <li>
          <Trans>Neutered</Trans>
        </li>
      ) : null}
      {facts.vaccinated ? (
        <li>
          <Trans>Vaccinations up to date</Trans>
        </li>
      ) : null}
      {facts.microchipped ? (
        <li>
          <Trans>Microchipped</Trans>
        </li>
      ) : null}
    </ul>
  );
}
