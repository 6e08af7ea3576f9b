/** Settings read from the Worker's environment, per request (never at module scope). */
export interface AppConfig {
  appEnv: "production" | "development";
  mail: { transport: "outbox" | "http"; from: string; apiUrl: string; apiKey: string | undefined };
  /** Signs unsubscribe links; null in production until the ALERT_TOKEN_SECRET secret is set (no alerts then). */
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
    alertTokenSecret: env.ALERT_TOKEN_SECRET || (appEnv === "development" ? "local-development-alert-secret" : null),
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
