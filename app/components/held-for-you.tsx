import { Trans } from "@lingui/react/macro";
import { PhoneLink } from "#app/components/phone-link";
import { useLocale } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";

/**
 * What a holder reads wherever they look at their hold (issue 29): until when the pet is held for
 * them, and when we are open to meet it. The emails say the same (lib/email/emails.ts `holdNotice`).
 * `until` comes formatted in the page's language.
 */
export function HeldForYou({ petName, until, lead }: { petName: string; until: string; lead?: string }) {
  const locale = useLocale();
  const written = shelterText(shelter.hours, locale);
  // Inside a sentence: Spanish does not capitalise "de martes a domingo…".
  const hours = locale === "es" ? written.charAt(0).toLowerCase() + written.slice(1) : written;
  return (
    <p className="notice notice--success">
      {lead ? `${lead} ` : ""}
      <Trans>
        {petName} is held for you until <strong>{until}</strong>. Visit or call us (<PhoneLink />) before then: we are
        open {hours}.
      </Trans>
    </p>
  );
}
