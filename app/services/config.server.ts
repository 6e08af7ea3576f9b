import { shelter } from "#app/config/shelter";
import { partners, type Partner } from "#app/lib/syndication";

/** Where a partner's nightly file goes (decision 043): its FTP host, account and folder, from secrets. */
export interface PartnerFtp {
  host: string;
  port: number;
  user: string;
  password: string;
  folder: string;
}

/** The default folder of each partner's account the file goes in: Petfinder reads `import/`. */
const defaultFolders: Record<Partner, string> = { petfinder: "import", adoptapet: "" };

/**
 * A partner's FTP settings from PETFINDER_FTP_* or ADOPTAPET_FTP_* (HOST as `host` or `host:port`,
 * USER, PASSWORD, FOLDER); null when the partner is turned off in app/config/shelter.ts or not set up.
 */
export function readPartnerFtp(env: Env, partner: Partner): PartnerFtp | null {
  if (!shelter.syndication[partner]) return null;
  const vars = env as unknown as Record<string, string | undefined>;
  const prefix = partner.toUpperCase();
  const hostAndPort = vars[`${prefix}_FTP_HOST`]?.trim();
  const user = vars[`${prefix}_FTP_USER`];
  const password = vars[`${prefix}_FTP_PASSWORD`];
  if (!hostAndPort || !user || password === undefined) return null;
  const [, host = hostAndPort, port] = /^(.+?)(?::(\d+))?$/.exec(hostAndPort) ?? [];
  return { host, port: port ? Number(port) : 21, user, password, folder: vars[`${prefix}_FTP_FOLDER`] ?? defaultFolders[partner] };
}

/** Settings read from the Worker's environment, per request (never at module scope). */
export interface AppConfig {
  appEnv: "production" | "development";
  mail: { transport: "outbox" | "http"; from: string; apiUrl: string; apiKey: string | undefined };
  /**
   * Signs unsubscribe links; null until ALERT_TOKEN_SECRET is set (no alerts then). In production a
   * secret; locally scripts/lib/local-worker.ts makes one per state folder, and each test file its own:
   * never a constant (decision 041). The links rotate with it: a new secret ends every older link.
   */
  alertTokenSecret: string | null;
  /** The site's address for links in emails sent without a request (the scheduled run). */
  siteUrl: string;
  google: {
    clientId: string;
    clientSecret: string | undefined;
    authorizationEndpoint: string;
    tokenEndpoint: string;
    userinfoEndpoint: string;
  } | null;
  /** Whether pages register the offline service worker (decision 050); SERVICE_WORKER = "off" retires it. */
  serviceWorker: boolean;
  /** Each partner's upload target; null when off or not set up. */
  syndication: Record<Partner, PartnerFtp | null>;
}

export function readConfig(env: Env): AppConfig {
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_AUTHORIZATION_ENDPOINT && env.GOOGLE_TOKEN_ENDPOINT && env.GOOGLE_USERINFO_ENDPOINT
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
          tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT,
          userinfoEndpoint: env.GOOGLE_USERINFO_ENDPOINT,
        }
      : null;
  const appEnv = env.APP_ENV === "development" ? "development" : "production";
  return {
    appEnv,
    alertTokenSecret: env.ALERT_TOKEN_SECRET || null,
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    mail: {
      transport: env.MAIL_TRANSPORT === "outbox" ? "outbox" : "http",
      from: env.MAIL_FROM,
      apiUrl: env.MAIL_API_URL,
      apiKey: env.MAIL_API_KEY,
    },
    google,
    serviceWorker: env.SERVICE_WORKER !== "off",
    syndication: Object.fromEntries(partners.map((partner) => [partner, readPartnerFtp(env, partner)])) as Record<Partner, PartnerFtp | null>,
  };
}
