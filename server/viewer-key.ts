import { viewerHeader } from "#app/lib/offline-pages";

/** The session cookie's names (app/services/session.server.ts): `__Host-session` over HTTPS, `session` locally. */
const sessionCookie = /(?:^|;\s*)(?:__Host-session|session)=([^;]+)/;

/**
 * Who an answer was rendered for, for the offline service worker (decision 050): the first 16 bytes of
 * the SHA-256 of the session cookie, hex; null without one. It names the session without revealing
 * it, changes when someone signs out or in, and costs no lookup (a stale cookie only keeps its own pages).
 */
export async function viewerKeyOf(request: Request): Promise<string | null> {
  const session = request.headers.get("Cookie")?.match(sessionCookie)?.[1];
  if (!session) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(session)));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The answer with the viewer's key, when the request carried a session. */
export async function withViewerKey(request: Request, response: Response): Promise<Response> {
  const key = await viewerKeyOf(request);
  if (!key) return response;
  const answer = new Response(response.body, response);
  answer.headers.set(viewerHeader, key);
  return answer;
}
