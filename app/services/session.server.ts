import { createCookie } from "@remix-run/cloudflare";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { sessions, users } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/crypto";
import type { Role } from "#app/lib/permissions";
import { siteCookie } from "./site-cookie.server";

const day = 24 * 60 * 60 * 1000;
/** Remember Me keeps a session 30 days; otherwise the cookie ends with the browser and the row in 12 hours. */
export const sessionTtlMs = { persistent: 30 * day, browser: 12 * 60 * 60 * 1000 };

function isSecure(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** `__Host-session` (Secure, host-only) over HTTPS; `session` on a plain-HTTP local server. */
function sessionCookie(request: Request) {
  const secure = isSecure(request);
  return createCookie(secure ? "__Host-session" : "session", { path: "/", httpOnly: true, sameSite: "lax", secure });
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
  /** The highest staff role, or null for a user who is not staff. */
  role: Role | null;
  sessionIdHash: string;
}

export async function findViewer(db: Database, request: Request): Promise<Viewer | null> {
  const token = await readToken(request);
  if (!token) return null;
  const idHash = await sha256Hex(token);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailConfirmedAt: users.emailConfirmedAt,
      googleSubject: users.googleSubject,
      role: sql<Role | null>`(select role from memberships where memberships.user_id = ${users.id}
        order by case role when 'owner' then 0 when 'admin' then 1 else 2 end limit 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailConfirmed: row.emailConfirmedAt !== null,
    hasGoogle: row.googleSubject !== null,
    role: row.role,
    sessionIdHash: idHash,
  };
}

/**
 * Signs a user in: always a new random id (the old session of this browser, if any, is deleted), and
 * the Set-Cookie header that carries it.
 */
export async function startSession(db: Database, request: Request, userId: number, persistent: boolean): Promise<string> {
  const previous = await readToken(request);
  const token = randomToken();
  const ttl = persistent ? sessionTtlMs.persistent : sessionTtlMs.browser;
  // One batch: a failure leaves the browser's old session as it was.
  const expired = lt(sessions.expiresAt, new Date());
  await db.batch([
    db
      .delete(sessions)
      .where(previous ? or(eq(sessions.idHash, await sha256Hex(previous)), and(eq(sessions.userId, userId), expired)) : and(eq(sessions.userId, userId), expired)),
    db.insert(sessions).values({ idHash: await sha256Hex(token), userId, persistent, expiresAt: new Date(Date.now() + ttl) }),
  ]);
  return sessionCookie(request).serialize(token, persistent ? { maxAge: ttl / 1000 } : {});
}

/** Logs this browser out: deletes its session row and clears the cookie. */
export async function endSession(db: Database, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(token)));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/** The e-mail Remember Me pre-fills next time (never the password). */
const rememberedEmail = (request: Request) => siteCookie(request, "remembered-email", { httpOnly: true, sameSite: "lax", maxAge: 30 * 24 * 60 * 60 });

export async function readRememberedEmail(request: Request): Promise<string | null> {
  try {
    const value = await rememberedEmail(request).parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length <= 254 ? value : null;
  } catch {
    return null;
  }
}

export function rememberEmail(request: Request, email: string | null) {
  return email
    ? rememberedEmail(request).serialize(email)
    : rememberedEmail(request).serialize("", { maxAge: 0 });
}
