import type { AppConfig } from "#app/services/config.server";
import { localizedPath, type Locale } from "#app/lib/i18n/locale";
import type { ReporterLinks } from "#app/lib/lost-found/emails";
import { reportLinkPath } from "#app/lib/lost-found/links";

/**
 * The secret the reporter's one-click links are signed with: the alerts' (decision 031), under a
 * purpose of their own (lib/lost-found/links.ts). Without it no link can be made or checked.
 */
export function lostFoundSecret(config: Pick<AppConfig, "alertTokenSecret">): string {
  if (!config.alertTokenSecret) throw new Error("ALERT_TOKEN_SECRET is not set: lost and found links cannot be signed");
  return config.alertTokenSecret;
}

/** A report's page and its two one-click links, in the reporter's language, on `origin`. */
export async function reporterLinks(
  origin: string,
  locale: Locale,
  reportId: number,
  secret: string,
): Promise<ReporterLinks> {
  const at = (path: string) => `${origin}${localizedPath(path, locale)}`;
  return {
    page: at(`/lost-found/${reportId}`),
    renew: at(await reportLinkPath(reportId, "renew", secret)),
    close: at(await reportLinkPath(reportId, "close", secret)),
  };
}
