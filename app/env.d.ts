// Secrets are not in wrangler.toml, so `wrangler types` does not know them.
declare namespace Cloudflare {
  interface Env {
    GOOGLE_CLIENT_SECRET?: string;
    MAIL_API_KEY?: string;
    /** The payment provider's secret API key (sk_test_… for test mode) and its webhook signing secret (whsec_…), decision 065. */
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    /** Signs the unsubscribe links of new-pet alerts; development has a local default (decision 031). */
    ALERT_TOKEN_SECRET?: string;
    /** Cloudflare API token with the Cache Purge permission on the site's zone (decision 034). */
    CLOUDFLARE_PURGE_TOKEN?: string;
    /** The site's zone id: with the token, staff changes purge cached pages by tag (decision 034). */
    CLOUDFLARE_ZONE_ID?: string;
    /** Partner uploads (decision 043): `host` or `host:port`, the FTP account, its password, the folder. */
    PETFINDER_FTP_HOST?: string;
    PETFINDER_FTP_USER?: string;
    PETFINDER_FTP_PASSWORD?: string;
    PETFINDER_FTP_FOLDER?: string;
    ADOPTAPET_FTP_HOST?: string;
    ADOPTAPET_FTP_USER?: string;
    ADOPTAPET_FTP_PASSWORD?: string;
    ADOPTAPET_FTP_FOLDER?: string;
    /** "required" (FTPS) or "none" (plain FTP): overrides the partner's `tls` in app/config/shelter.ts. */
    PETFINDER_FTP_TLS?: string;
    ADOPTAPET_FTP_TLS?: string;
    /** "off" retires the offline service worker (decision 050): pages unregister it and /sw.js answers one that removes itself. */
    SERVICE_WORKER?: string;
    /** "on" only in the end-to-end run's server (scripts/serve.ts --e2e): POST /dev/test-data answers (issue 41). */
    E2E_TEST_DATA?: string;
  }
}

/** The service worker's script, built from app/service-worker/worker.ts by vite.config.ts (decision 050). */
declare module "virtual:service-worker-source" {
  const source: string;
  export default source;
}

/** A language's catalogue, compiled at build time by @lingui/vite-plugin (decision 057). */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
