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
  /** The site's address for links in e-mails sent without a request (the scheduled run). */
  siteUrl: string;
  google: {
    clientId: string;
    clientSecret: string | undefined;
    authorizationEndpoint: string;
    tokenEndpoint: string;
    userinfoEndpoint: string;
  } | null;
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
  };
}
