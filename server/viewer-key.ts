import { isKeptFile, viewerHeader } from "#app/lib/http/offline-pages";
import { clearedSessionCookie, sentSessionCookie, sessionCookieName, type Viewer } from "#app/services/session.server";

/**
 * Who an answer was rendered for, for the offline service worker (decision 050): the first 16 bytes of
 * the SHA-256 of the session cookie, hex; null without one. It names the session without revealing it
 * and changes when someone signs out or in. Sent only while the cookie names a live session (below).
 */
export async function viewerKeyOf(request: Request): Promise<string | null> {
  const session = sentSessionCookie(request);
  if (!session) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(session)));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The answer to a request that carries a session cookie, given the request's session lookup (the
 * load context's, done once per request and shared with the loaders):
 * - the session is live: the answer names its viewer (X-Viewer-Key), so the worker keeps that
 *   session's pages apart;
 * - it is not (signed out everywhere else, idle past its limit, expired, or never a session): the
 *   answer clears the cookie and names no viewer, whatever the page, so the browser stops sending it
 *   and the worker, seeing an answer for anyone, drops every session's pages it kept. An answer that
 *   sets the session cookie itself (signing in or out) keeps its own. A session given a new id in the
 *   last two minutes (a changed password, a browser signed in again) is not cleared: the answer is
 *   to a request sent before the new cookie came, and clearing would sign the browser out of the new one;
 * - the lookup failed (D1 did not answer): as before, the cookie's key, nothing cleared.
 * Photo files are left alone: their route never reads the session, and a lookup per picture would cost
 * a D1 read each (the worker reads no viewer from them).
 */
export async function withViewerKey(
  request: Request,
  response: Response,
  auth: { viewer: () => Promise<Viewer | null>; replaced: () => Promise<boolean> },
): Promise<Response> {
  const key = await viewerKeyOf(request);
  if (!key || isKeptFile(new URL(request.url).pathname)) return response;
  let live: boolean;
  try {
    live = (await auth.viewer()) !== null;
  } catch {
    live = true;
  }
  const answer = new Response(response.body, response);
  if (live) answer.headers.set(viewerHeader, key);
  else if (
    !response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookieName(request)}=`)) &&
    !(await auth.replaced().catch(() => true))
  ) {
    answer.headers.append("Set-Cookie", await clearedSessionCookie(request));
  }
  return answer;
}
