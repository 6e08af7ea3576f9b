import { shelter } from "#app/config/shelter";
import { partners, type Partner } from "#app/lib/http/syndication";

/** Where a partner's nightly file goes (decision 043): its FTP host, account and folder, from secrets. */
export interface PartnerFtp {
  host: string;
  port: number;
  user: string;
  password: string;
  folder: string;
  /** FTPS (explicit TLS) or plain FTP, as the partner offers (app/config/shelter.ts `syndication`). */
  tls: "required" | "none";
}

/** The default folder of each partner's account the file goes in: Petfinder reads `import/`. */
const defaultFolders: Record<Partner, string> = { petfinder: "import", adoptapet: "" };

/**
 * A partner's FTP settings from PETFINDER_FTP_* or ADOPTAPET_FTP_* (HOST as `host` or `host:port`,
 * USER, PASSWORD, FOLDER, and TLS "required" or "none" to override app/config/shelter.ts); null when
 * the partner is turned off in app/config/shelter.ts or not set up.
 */
export function readPartnerFtp(env: Env, partner: Partner): PartnerFtp | null {
  const setting = shelter.syndication[partner];
  if (!setting) return null;
  const vars = env as unknown as Record<string, string | undefined>;
  const prefix = partner.toUpperCase();
  const hostAndPort = vars[`${prefix}_FTP_HOST`]?.trim();
  const user = vars[`${prefix}_FTP_USER`];
  const password = vars[`${prefix}_FTP_PASSWORD`];
  if (!hostAndPort || !user || password === undefined) return null;
  const [, host = hostAndPort, port] = /^(.+?)(?::(\d+))?$/.exec(hostAndPort) ?? [];
  // A deployment (or a test against a local server) may say how its partner's server speaks; else the setting above.
  const tlsVar = vars[`${prefix}_FTP_TLS`]?.trim();
  const tls = tlsVar === "none" || tlsVar === "required" ? tlsVar : setting.tls;
  return {
    host,
    port: port ? Number(port) : 21,
    user,
    password,
    folder: vars[`${prefix}_FTP_FOLDER`] ?? defaultFolders[partner],
    tls,
  };
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
  /**
   * The payment provider (decision 065): its API's address (Stripe, or the local stand-in) and the
   * secrets; null when the secret key or the webhook secret is not set (giving then says so).
   */
  payments: PaymentsConfig | null;
  /** Whether pages register the offline service worker (decision 050); SERVICE_WORKER = "off" retires it. */
  serviceWorker: boolean;
  /** Each partner's upload target; null when off or not set up. */
  syndication: Record<Partner, PartnerFtp | null>;
  /**
   * Whether POST /dev/test-data makes the end-to-end tests' own pets and accounts (issue 41): only in
   * development and only when the server was started for the e2e run (`E2E_TEST_DATA = "on"`, which
   * scripts/serve.ts sets for `--e2e` alone). Never in production, whatever the variable says.
   */
  testData: boolean;
}

export interface PaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  host: string;
  port: number;
  protocol: "http" | "https";
  /** Where the provider's payment pages are: our gift form's post is redirected there (the CSP's form-action allows it). */
  checkoutOrigin: string;
}

/** The provider's settings from STRIPE_* (the address in [vars], the keys secrets); null when a key is missing. */
export function readPaymentsConfig(env: Env): PaymentsConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const host = env.STRIPE_API_HOST || "api.stripe.com";
  const port = Number(env.STRIPE_API_PORT) || 443;
  const protocol = env.STRIPE_API_PROTOCOL === "http" ? "http" : "https";
  // Stripe's hosted Checkout is on its own host; a stand-in serves its pages where its API is.
  const checkoutOrigin =
    host === "api.stripe.com" ? "https://checkout.stripe.com" : new URL(`${protocol}://${host}:${port}`).origin;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    host,
    port,
    protocol,
    checkoutOrigin,
  };
}

export function readConfig(env: Env): AppConfig {
  const google =
    env.GOOGLE_CLIENT_ID &&
    env.GOOGLE_AUTHORIZATION_ENDPOINT &&
    env.GOOGLE_TOKEN_ENDPOINT &&
    env.GOOGLE_USERINFO_ENDPOINT
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
    payments: readPaymentsConfig(env),
    serviceWorker: env.SERVICE_WORKER !== "off",
    syndication: Object.fromEntries(partners.map((partner) => [partner, readPartnerFtp(env, partner)])) as Record<
      Partner,
      PartnerFtp | null
    >,
    testData: appEnv === "development" && env.E2E_TEST_DATA === "on",
  };
}
