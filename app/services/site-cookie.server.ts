/**
 * Every cookie the site sets is host-only and Secure with the `__Host-` prefix over HTTPS (decision
 * 028): the browser then refuses the cookie unless it came over HTTPS from this very host with Path=/,
 * so neither a sibling subdomain nor a network attacker on plain HTTP can plant or overwrite it. On a
 * plain-HTTP local server (`npm start`, the tests) a cookie has its bare name and no Secure, which a
 * browser would not keep there.
 */
import { createCookie, type CookieOptions } from "@remix-run/cloudflare";

/** Whether the request came over HTTPS (always in production; plain HTTP only on a local server). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The name a cookie has for this request: `__Host-<name>` over HTTPS, `<name>` on plain HTTP. */
export function siteCookieName(request: Request, name: string): string {
  return isSecureRequest(request) ? `__Host-${name}` : name;
}

/** A cookie of this site for this request: Path=/, no Domain, Secure and `__Host-` over HTTPS. */
export function siteCookie(request: Request, name: string, options: Omit<CookieOptions, "path" | "domain" | "secure">) {
  const secure = isSecureRequest(request);
  return createCookie(siteCookieName(request, name), { ...options, path: "/", secure });
}
