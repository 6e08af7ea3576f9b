// Secrets are not in wrangler.toml, so `wrangler types` does not know them.
declare namespace Cloudflare {
  interface Env {
    GOOGLE_CLIENT_SECRET?: string;
    MAIL_API_KEY?: string;
  }
}
