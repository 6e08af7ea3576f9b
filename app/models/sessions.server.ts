import { and, desc, eq, gt, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { replacedSessions, sessions, users } from "#app/db/schema";
import type { Role } from "#app/lib/accounts/permissions";
import { securityEventInsert, type SecurityEvent } from "./security-events.server";

/**
 * Session rows (decision 009, 027). Callers pass the SHA-256 of the cookie's token, never the token:
 * tokens and cookies belong to app/services/session.server.ts.
 */

/** The signed-in user of a session that has not reached its absolute end, and the session itself. */
export async function findSessionUser(db: Database, idHash: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailConfirmedAt: users.emailConfirmedAt,
      googleSubject: users.googleSubject,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
      role: sql<Role | null>`(select role from memberships where memberships.user_id = ${users.id}
        order by case role when 'owner' then 0 when 'admin' then 1 else 2 end limit 1)`,
      persistent: sessions.persistent,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sql<number>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Records activity on a session (the caller writes it at most every few minutes). */
export async function touchSession(db: Database, idHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export interface NewSession {
  idHash: string;
  userId: number;
  persistent: boolean;
  expiresAt: Date;
  device: string;
  network: string;
}

/**
 * Starts a session in one batch with `also` (the event that records it): removes the browser's
 * previous session, if any, and the user's sessions that have ended (past their absolute end, or
 * unused since `idleSince`), then inserts the new one.
 */
export async function createSession(
  db: Database,
  session: NewSession,
  previousIdHash: string | null,
  idleSince: Date,
  also: BatchItem<"sqlite">[] = [],
) {
  const now = new Date();
  const lastActive = sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`;
  const ended = and(
    eq(sessions.userId, session.userId),
    or(lt(sessions.expiresAt, now), lt(lastActive, idleSince.getTime())),
  );
  await db.batch([
    forgetOldReplacements(db, now.getTime()),
    ...(previousIdHash ? [noteReplaced(db, previousIdHash, now.getTime())] : []),
    db.delete(sessions).where(previousIdHash ? or(eq(sessions.idHash, previousIdHash), ended) : ended),
    db.insert(sessions).values({ ...session, createdAt: now, lastSeenAt: now }),
    ...also,
  ]);
}

/** How long an answer to a replaced session's cookie leaves that cookie alone (server/viewer-key.ts). */
export const replacedGraceMs = 2 * 60 * 1000;

/** Forgets the replacements older than the grace (each new replacement runs it first). */
function forgetOldReplacements(db: Database, now: number): BatchItem<"sqlite"> {
  return db.delete(replacedSessions).where(lt(replacedSessions.replacedAt, new Date(now - replacedGraceMs)));
}

/** Notes a live session as replaced at `now` (when `condition` holds in the batch): before the statement that moves or deletes it. */
function noteReplaced(db: Database, idHash: string, now: number, condition: SQL = sql`1`): BatchItem<"sqlite"> {
  return db
    .insert(replacedSessions)
    .select(
      sql`select ${sessions.idHash}, ${now} from ${sessions} where ${sessions.idHash} = ${idHash} and ${condition}`,
    )
    .onConflictDoUpdate({ target: replacedSessions.idHash, set: { replacedAt: new Date(now) } });
}

/** Whether the session was given a new id (or signed in again over) since `since`. */
export async function wasReplacedSince(db: Database, idHash: string, since: Date) {
  const [row] = await db
    .select({ idHash: replacedSessions.idHash })
    .from(replacedSessions)
    .where(and(eq(replacedSessions.idHash, idHash), gt(replacedSessions.replacedAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function deleteSession(db: Database, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * Moves a session to a new id, keeping everything else (its absolute end included). `when`, if given,
 * makes both statements depend on a condition of the same batch (an invitation accepted by it).
 */
export function rotateSessionStatements(
  db: Database,
  fromIdHash: string,
  toIdHash: string,
  when?: SQL,
): BatchItem<"sqlite">[] {
  const now = Date.now();
  const condition = when ?? sql`1`;
  return [
    forgetOldReplacements(db, now),
    noteReplaced(db, fromIdHash, now, condition),
    db.insert(sessions).select(
      // Every column of the table, in its order.
      sql`select ${toIdHash}, ${sessions.userId}, ${sessions.persistent}, ${sessions.expiresAt}, ${sessions.createdAt}, ${now}, ${sessions.device}, ${sessions.network}
        from ${sessions} where ${sessions.idHash} = ${fromIdHash} and ${condition}`,
    ),
    db.delete(sessions).where(and(eq(sessions.idHash, fromIdHash), condition)),
  ];
}

/** Ends every session of a user, or every one but `keepIdHash`; with `when`, only if that holds in the batch. */
export function endSessionsStatement(
  db: Database,
  userId: number,
  keepIdHash?: string,
  when?: SQL,
): BatchItem<"sqlite"> {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined, when));
}

/** Ends every other session of the user, in one batch with `also` (the event). */
export async function endOtherSessions(db: Database, userId: number, keepIdHash: string, also: BatchItem<"sqlite">[]) {
  await db.batch([endSessionsStatement(db, userId, keepIdHash), ...also]);
}

/** The short key that names a session on its owner's device list: a prefix of its id hash, never the token. */
export const deviceKeyLength = 16;

/** The user's sessions that have not reached their absolute end, most recently active first. */
export async function listSessionsOf(db: Database, userId: number, now: Date) {
  const rows = await db
    .select({
      idHash: sessions.idHash,
      persistent: sessions.persistent,
      createdAt: sessions.createdAt,
      lastActiveAt: sql<number>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`.mapWith(Number),
      device: sessions.device,
      network: sessions.network,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  return rows.map(({ idHash, ...row }) => ({ ...row, idHash, deviceKey: idHash.slice(0, deviceKeyLength) }));
}

/**
 * Ends one of the user's other sessions, named by its device key, and logs `event` if it did, in one
 * batch. Returns whether there was such a session.
 */
export async function endOtherSession(
  db: Database,
  userId: number,
  keepIdHash: string,
  deviceKey: string,
  event: SecurityEvent,
) {
  const [deleted] = await db.batch([
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.idHash, keepIdHash),
          sql`substr(${sessions.idHash}, 1, ${deviceKeyLength}) = ${deviceKey}`,
        ),
      )
      .returning({ idHash: sessions.idHash }),
    securityEventInsert(db, event, sql`changes() > 0`),
  ]);
  return deleted.length > 0;
}
