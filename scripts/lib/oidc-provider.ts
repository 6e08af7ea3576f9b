import { OAuth2Server } from "oauth2-mock-server";

/** The person the local provider signs in, standing in for a Google account. */
export const localGoogleUser = {
  sub: "local-google-user-1",
  email: "google.user@example.com",
  email_verified: true,
  given_name: "Gabriel",
  family_name: "Google",
  name: "Gabriel Google",
};

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google: it runs the
 * authorization code flow, issues signed tokens and answers userinfo with `localGoogleUser`.
 */
export async function startLocalOidcProvider(port: number, user: Record<string, unknown> = localGoogleUser) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  // Port 0 picks a free one (tests); the address says which.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  server.service.on("beforeUserinfo", (response) => {
    response.body = user;
    response.statusCode = 200;
  });
  return {
    server,
    issuer: server.issuer.url,
    stop: () => server.stop(),
  };
}

/** The Worker's settings for a local run: development mode, the outbox, and the local provider. */
export function localWorkerVars(oidcIssuer: string): Record<string, string> {
  return {
    APP_ENV: "development",
    MAIL_TRANSPORT: "outbox",
    // Locally no mail provider is called: the outbox keeps every message (wrangler's binding list says "hidden", not a provider's address).
    MAIL_API_URL: "",
    GOOGLE_CLIENT_ID: "local-client",
    GOOGLE_CLIENT_SECRET: "local-secret",
    GOOGLE_AUTHORIZATION_ENDPOINT: `${oidcIssuer}/authorize`,
    GOOGLE_TOKEN_ENDPOINT: `${oidcIssuer}/token`,
    GOOGLE_USERINFO_ENDPOINT: `${oidcIssuer}/userinfo`,
  };
}
