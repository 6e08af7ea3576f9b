/**
 * A trivial route: answers "ok" without touching D1 or React. Uptime checks can call it, and the
 * benchmark compares a page's server time with it (a ratio holds on a noisy machine).
 */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
