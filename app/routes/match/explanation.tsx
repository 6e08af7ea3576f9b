import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Strength } from "#app/lib/match/scoring";

export interface MatchExplanationProps {
  /** The pet's id: names the part on the page (components/static-view.tsx). */
  petId: number;
  name: string;
  strength: Strength;
  fits: string[];
  cautions: string[];
}

const strengthDots: Record<Strength, string> = { "Strong match": "●●●", "Good match": "●●○", "Possible match": "●○○" };
const strengthWords: Record<Strength, MessageDescriptor> = {
  "Strong match": msg`Strong match`,
  "Good match": msg`Good match`,
  "Possible match": msg`Possible match`,
};

/** One matched pet's two lists: why it fits (never cut) and good to know (every caution, never cut). */
export default function MatchExplanation({ name, strength, fits, cautions }: MatchExplanationProps) {
  const { t } = useLingui();
  return (
    <div className="match-explanation">
      <p className="match-strength">
        {t(strengthWords[strength])} <span aria-hidden="true">{strengthDots[strength]}</span>
      </p>
      <ul className="reasons" aria-label={t`Why ${name} fits`}>
        {fits.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {cautions.length > 0 ? (
        <>
          <p className="reasons__title">
            <Trans>Good to know</Trans>
          </p>
          <ul className="reasons reasons--cautions" aria-label={t`Good to know about ${name}`}>
            {cautions.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
