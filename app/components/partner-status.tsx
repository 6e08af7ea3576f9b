import { Trans, useLingui } from "@lingui/react/macro";
import type { Partner } from "#app/lib/http/syndication";

export interface PartnerStatusView {
  partner: Partner;
  /** "Petfinder", "Adopt-a-Pet". */
  name: string;
  configured: boolean;
  /** How its file travels: FTPS, or plain FTP where the partner offers no encryption; null when not set up. */
  tls: "required" | "none" | null;
  lastSuccess: { at: string; petCount: number; unknownBreeds: string[] } | null;
  lastError: { at: string; error: string } | null;
}

/** The nightly partner uploads (decision 043) on the Pet Admin landing: last file received, its pets, the last error. */
export function PartnerStatus({ partners }: { partners: PartnerStatusView[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="partner-sites-title" className="partner-status">
      <h2 id="partner-sites-title">
        <Trans>Partner sites</Trans>
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Partner</Trans>
            </th>
            <th scope="col">
              <Trans>Last file received</Trans>
            </th>
            <th scope="col">
              <Trans>Pets in it</Trans>
            </th>
            <th scope="col">
              <Trans>Last error</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {partners.map((status) => (
            <tr key={status.partner}>
              <th scope="row">{status.name}</th>
              <td>
                {status.configured
                  ? (status.lastSuccess?.at ?? t`Never`)
                  : t`Turned off or not set up (README, Partner sites)`}
                {status.tls ? (
                  <span className="partner-status__transport">
                    {status.tls === "required"
                      ? t`Sent over FTPS`
                      : t`Sent over plain FTP (the partner offers no encryption)`}
                  </span>
                ) : null}
              </td>
              <td>
                {status.lastSuccess ? status.lastSuccess.petCount : "–"}
                {status.lastSuccess && status.lastSuccess.unknownBreeds.length > 0 ? (
                  <details>
                    <summary>
                      <Trans>{status.lastSuccess.unknownBreeds.length} breeds sent as the nearest</Trans>
                    </summary>
                    <ul>
                      {status.lastSuccess.unknownBreeds.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </td>
              <td>
                {status.lastError ? t`${status.lastError.at}: ${status.lastError.error} (sent again tonight)` : t`None`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
