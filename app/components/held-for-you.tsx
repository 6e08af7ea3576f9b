import { PhoneLink } from "#app/components/phone-link";
import { shelter } from "#app/config/shelter";

/**
 * What a holder reads wherever they look at their hold (issue 29): until when the pet is held for
 * them, and when we are open to meet it. The emails say the same (lib/emails.ts `holdNotice`).
 */
export function HeldForYou({ petName, until, lead }: { petName: string; until: string; lead?: string }) {
  return (
    <p className="notice notice--success">
      {lead ? `${lead} ` : ""}
      {petName} is held for you until <strong>{until}</strong>. Visit or call us (<PhoneLink />) before then: we are open {shelter.hours}.
    </p>
  );
}
