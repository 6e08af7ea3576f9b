import { createCookie } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import { cookieValue } from "#app/lib/i18n/locale";
import type { Role } from "#app/lib/accounts/permissions";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { describeUserAgent, networkPrefix } from "#app/lib/accounts/user-agent";
import {
  createSession,
  deleteSession,
  endSessionsStatement,
  findSessionUser,
  replacedGraceMs,
  rotateSessionStatements,
  touchSession,
  wasReplacedSince,
} from "#app/models/sessions.server";
import { siteCookie } from "./site-cookie.server";

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;
/** Remember Me keeps a session 30 days; otherwise the cookie ends with the browser and the row in 12 hours. */
export const sessionTtlMs = { persistent: 30 * day, browser: 12 * hour };
/**
 * A session unused for longer than this ends (decision 027): staff sooner, whatever Remember Me says,
 * since their session can change pets and people.
 */
export const idleLimitMs = { staff: 2 * hour, persistent: 7 * day, browser: 4 * hour };
/** Last activity is written at most this often, so most requests make no D1 write. */
export const lastSeenIntervalMs = 5 * minute;

function idleLimitOf(session: { role: Role | null; persistent: boolean }) {
  if (session.role) return idleLimitMs.staff;
  return session.persistent ? idleLimitMs.persistent : idleLimitMs.browser;
}

function isSecure(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** The session cookie's name: `__Host-session` (Secure, host-only) over HTTPS; `session` on a plain-HTTP local server. */
export function sessionCookieName(request: Request) {
  return isSecure(request) ? "__Host-session" : "session";
}

function sessionCookie(request: Request) {
  return createCookie(sessionCookieName(request), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request),
  });
}

/** The session cookie's value as the browser sent it (whatever it names), or null without one. */
export function sentSessionCookie(request: Request): string | null {
  return cookieValue(request.headers.get("Cookie"), sessionCookieName(request)) || null;
}

/**
 * The Set-Cookie that makes the browser forget its session cookie: sent with any answer to a request
 * whose cookie no longer names a live session (ended elsewhere, idle past its limit, or never one), so
 * the browser stops sending it and the offline service worker drops what that session kept (decision 050).
 */
export function clearedSessionCookie(request: Request): Promise<string> {
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/**
 * Whether the request's cookie names a session given a new id in the last two minutes (a changed
 * password, a browser signed in again): a request sent just before, answered after, must not clear the
 * cookie that replaced it (server/viewer-key.ts). The old cookie still signs no one in.
 */
export async function sessionWasJustReplaced(db: Database, request: Request): Promise<boolean> {
  const token = await readToken(request);
  if (!token) return false;
  return wasReplacedSince(db, await sha256Hex(token), new Date(Date.now() - replacedGraceMs));
}

async function readToken(request: Request): Promise<string | null> {
  try {
    const value = await sessionCookie(request).parse(request.headers.get("Cookie"));
    return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Who is signed in on this request, as the pages need it. */
export interface Viewer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
  hasGoogle: boolean;
  hasPassword: boolean;
  /** The highest staff role, or null for a user who is not staff. */
  role: Role | null;
  sessionIdHash: string;
  /** Remember Me, and the session's absolute end: a rotated session keeps both. */
  sessionPersistent: boolean;
  sessionExpiresAt: Date;
}

/**
 * The viewer of this request's session, if it has neither reached its absolute end nor been idle
 * past its limit. Records the activity when the last record is older than `lastSeenIntervalMs`.
 */
export async function findViewer(db: Database, request: Request): Promise<Viewer | null> {
  const token = await readToken(request);
  if (!token) return null;
  const idHash = await sha256Hex(token);
  const now = new Date();
  const row = await findSessionUser(db, idHash, now);
  if (!row) return null;
  const idle = now.getTime() - row.lastActiveAt;
  if (idle > idleLimitOf(row)) return null;
  if (idle > lastSeenIntervalMs) {
    // A missed record costs nothing (the next request writes it): the page does not fail for it.
    await touchSession(db, idHash, now).catch((error: unknown) => {
      if (!isStorageFailure(error)) throw error;
    });
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailConfirmed: row.emailConfirmedAt !== null,
    hasGoogle: row.googleSubject !== null,
    hasPassword: row.hasPassword,
    role: row.role,
    sessionIdHash: idHash,
    sessionPersistent: row.persistent,
    sessionExpiresAt: row.expiresAt,
  };
}

/** Whether a session, as listed, is still usable (not idle past its limit) for a user of `role`. */
export function isSessionActive(
  session: { persistent: boolean; lastActiveAt: number },
  role: Role | null,
  now = Date.now(),
) {
  return now - session.lastActiveAt <= idleLimitOf({ role, persistent: session.persistent });
}

/**
 * Signs a user in: always a new random id (the old session of this browser, if any, is deleted), and
 * the Set-Cookie header that carries it. `also` runs in the same batch (the sign-in's event).
 */
export async function startSession(
  db: Database,
  request: Request,
  userId: number,
  persistent: boolean,
  also: BatchItem<"sqlite">[] = [],
): Promise<string> {
  const previous = await readToken(request);
  const token = randomToken();
  const ttl = persistent ? sessionTtlMs.persistent : sessionTtlMs.browser;
  // One batch: a failure leaves the browser's old session as it was.
  await createSession(
    db,
    {
      idHash: await sha256Hex(token),
      userId,
      persistent,
      expiresAt: new Date(Date.now() + ttl),
      device: describeUserAgent(request.headers.get("User-Agent")),
      network: networkPrefix(clientAddress(request)),
    },
    previous ? await sha256Hex(previous) : null,
    // Unused longer than the longest idle limit: ended whoever the user is now.
    new Date(Date.now() - Math.max(...Object.values(idleLimitMs))),
    also,
  );
  return sessionCookie(request).serialize(token, persistent ? { maxAge: ttl / 1000 } : {});
}

/**
 * A new id for the viewer's session (rights changed, password changed) and the end of every other
 * session of the viewer (rights never change under a live session, decision 027): the statements for
 * the caller's batch (`when` as in rotateSessionStatements), and the cookie to send once that batch has run.
 */
export async function prepareRotation(db: Database, request: Request, viewer: Viewer) {
  const token = randomToken();
  const idHash = await sha256Hex(token);
  const statements = (when?: SQL) => [
    ...rotateSessionStatements(db, viewer.sessionIdHash, idHash, when),
    endSessionsStatement(db, viewer.id, idHash, when),
  ];
  const remainingSeconds = Math.max(0, Math.floor((viewer.sessionExpiresAt.getTime() - Date.now()) / 1000));
  const cookie = await sessionCookie(request).serialize(
    token,
    viewer.sessionPersistent ? { maxAge: remainingSeconds } : {},
  );
  return { statements, cookie };
}

/** Logs this browser out: deletes its session row and clears the cookie. */
export async function endSession(db: Database, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await deleteSession(db, await sha256Hex(token));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/** The email Remember Me pre-fills next time (never the password). */
const rememberedEmail = (request: Request) =>
  siteCookie(request, "remembered-email", { httpOnly: true, sameSite: "lax", maxAge: 30 * 24 * 60 * 60 });

export async function readRememberedEmail(request: Request): Promise<string | null> {
  try {
    const value = await rememberedEmail(request).parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length <= 254 ? value : null;
  } catch {
    return null;
  }
}

export function rememberEmail(request: Request, email: string | null) {
  return email ? rememberedEmail(request).serialize(email) : rememberedEmail(request).serialize("", { maxAge: 0 });
}
