/**
 * Security headers and the cross-site check of every response the Worker gives (decisions 016, 017,
 * 028). The Content-Security-Policy of a Remix page carries the nonce its scripts were rendered with;
 * a page served from the edge cache gets a fresh nonce in its header and body (`withFreshNonce`).
 */

import { shelter } from "#app/config/shelter";
import { unprefixedPath } from "#app/lib/i18n/locale";

/** A fresh, unguessable nonce for one rendering of a page (128 random bits, base64). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export interface SecurityOptions {
  /** Origins besides our own that forms may lead to: the Google authorization endpoint's origin. */
  formActionOrigins: string[];
}

/** The origin of a configured URL, or nothing when it is missing or not a URL. */
export function originOf(url: string | undefined | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The policy of a response. With a nonce, Remix's inline scripts (hydration data, module imports,
 * scroll restoration) run; without one (errors from outside Remix, redirects, photos) no inline script does.
 */
export function contentSecurityPolicy(nonce: string | null, { formActionOrigins }: SecurityOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
  ];
  return directives.join("; ");
}

export const permissionsPolicy =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/**
 * The lost and found report form asks for the position once, for "use my location" (issue 46): only
 * that page, in any language, may ask this origin's geolocation; every other page none.
 */
export function permissionsPolicyOf(request: Request): string {
  return unprefixedPath(new URL(request.url).pathname) === "/lost-found/report"
    ? permissionsPolicy.replace("geolocation=()", "geolocation=(self)")
    : permissionsPolicy;
}
/** A year, for this host and every subdomain: none of ours is served over plain HTTP. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** The payment provider's webhook (app/routes/give/stripe-webhook.ts); never a page in another language. */
export function isProviderWebhook(request: Request): boolean {
  return new URL(request.url).pathname === "/webhooks/stripe";
}

/** Methods that never change anything here (no loader writes, decision 017). */
const safeMethods = new Set(["GET", "HEAD"]);

/**
 * Why a request must be refused as cross-site, or null when it may go on. Only state-changing methods
 * are checked. A browser says where a request comes from with Sec-Fetch-Site (refused unless
 * same-origin or none, i.e. typed or bookmarked) and Origin (must be ours when sent). A client that
 * sends neither is not a browser acting for a signed-in visitor, and SameSite=Lax cookies still hold.
 */
export function crossSiteRefusal(request: Request): string | null {
  if (safeMethods.has(request.method)) return null;
  // The payment provider's webhook comes from another site by design; its signature, checked by the
  // route before anything is read, proves the sender, and it carries no cookies (decision 065).
  if (isProviderWebhook(request)) return null;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return `Origin: ${origin}`;
  return null;
}

/**
 * A short page for a request the Worker refuses before Remix sees it (a cross-site form, a body too
 * large): plain HTML that needs no script, style or data, saying what happened and what to do.
 */
export function refusalPage(status: number, heading: string, paragraphs: string[]): Response {
  const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request refused | ${shelter.name}</title>
</head>
<body>
<main>
<h1>${heading}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</main>
</body>
</html>
`;
  return new Response(page, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const forbidden = () =>
  refusalPage(403, "This form was sent from another site", [
    "For your safety we only accept forms sent from our own pages, so nothing was changed.",
    `Please go back to <a href="/">the ${shelter.name} home page</a> and try again from there.`,
  ]);

/**
 * Answers `request` with `handler`, refusing cross-site state changes first, and gives the answer the
 * site's security headers. A response that already has a Content-Security-Policy (a Remix page with
 * its nonce) keeps it; every other response gets the policy without a nonce, except a 304: the
 * browser keeps the policy stored with its copy of the page, whose nonce only that copy knows, and a
 * policy on the 304 would replace it.
 */
export async function respondSecurely(
  request: Request,
  options: SecurityOptions,
  handler: () => Promise<Response>,
): Promise<Response> {
  const refusal = crossSiteRefusal(request);
  const answer = refusal ? forbidden() : await handler();
  const response = new Response(answer.body, answer);
  const { headers } = response;
  if (response.status === 304) headers.delete("Content-Security-Policy");
  else if (!headers.has("Content-Security-Policy"))
    headers.set("Content-Security-Policy", contentSecurityPolicy(null, options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", permissionsPolicyOf(request));
  headers.set("X-Frame-Options", "DENY");
  if (new URL(request.url).protocol === "https:") headers.set("Strict-Transport-Security", strictTransportSecurity);
  return response;
}

/** Renders a page with a fresh nonce and puts the matching policy on it, before any cache keeps it. */
export async function renderWithNonce(
  options: SecurityOptions,
  render: (nonce: string) => Promise<Response>,
): Promise<Response> {
  const nonce = createNonce();
  const rendered = await render(nonce);
  const response = new Response(rendered.body, rendered);
  response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  return response;
}

/**
 * A stored page answered once more, with a nonce of its own: the policy header and every nonce
 * attribute in the body (scripts, module preloads, styles) get a fresh one, so no two answers share
 * a nonce even when they come from the same cached copy. The weak ETag of the copy stays: the pages
 * differ only in the nonce.
 */
export function withFreshNonce(page: Response): Response {
  const policy = page.headers.get("Content-Security-Policy");
  const stored = policy?.match(/'nonce-([^']+)'/)?.[1];
  if (!policy || !stored) return page;
  const nonce = createNonce();
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", policy.replace(`'nonce-${stored}'`, `'nonce-${nonce}'`));
  headers.delete("Content-Length");
  const answer = new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  if (!(headers.get("Content-Type") ?? "").startsWith("text/html")) return answer;
  return new HTMLRewriter()
    .on("script[nonce], link[nonce], style[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(answer);
}
