import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { lostFoundMessages, lostFoundReports, lostFoundThreads } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import type { Locale } from "#app/lib/i18n/locale";
import { lostFoundRules } from "#app/lib/lost-found/report";

/**
 * Messages relayed between a report's author and a visitor (issue 46, decision 066): the only place
 * their SQL lives. Addresses leave this module only in the functions that say they are for writing
 * to one side; no page reads them.
 */

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Keeps a visitor's first message, unrelayed until they confirm their address, and returns the
 * link's token (only its hash is stored). Unconfirmed conversations whose link expired go in the
 * same batch. Only a report on the board can be written to: null otherwise.
 */
export async function createLostFoundThread(
  db: Database,
  input: { reportId: number; name: string; email: string; language: Locale; body: string; share: boolean },
  now = Date.now(),
): Promise<{ token: string } | null> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  const [, inserted] = await db.batch([
    db
      .delete(lostFoundThreads)
      .where(and(isNull(lostFoundThreads.confirmedAt), lt(lostFoundThreads.confirmExpiresAt, new Date(now)))),
    db
      .insert(lostFoundThreads)
      .select(
        sql`select null, r.id, ${input.name}, ${input.email.toLowerCase()}, ${input.language}, ${hash}, ${now + lostFoundRules.confirmMs}, null, ${now}
          from lost_found_reports r
          where r.id = ${input.reportId} and r.confirmed_at is not null and r.closed_at is null and r.hidden_at is null and r.open_until > ${now}`,
      )
      .returning({ id: lostFoundThreads.id }),
    db
      .insert(lostFoundMessages)
      .select(
        sql`select null, t.id, 0, ${input.body}, ${input.share ? 1 : 0}, ${now} from lost_found_threads t where t.confirm_token_hash = ${hash}`,
      ),
  ]);
  return inserted.length > 0 ? { token } : null;
}

/** Whether a message's confirmation link still works (its page shows the button). */
export async function isPendingLostFoundThread(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return false;
  const [row] = await db
    .select({ id: lostFoundThreads.id })
    .from(lostFoundThreads)
    .where(
      and(
        eq(lostFoundThreads.confirmTokenHash, await sha256Hex(token)),
        isNull(lostFoundThreads.confirmedAt),
        gt(lostFoundThreads.confirmExpiresAt, new Date(now)),
      ),
    );
  return row !== undefined;
}

/**
 * Follows a message's confirmation link: the sender's address is proven and the link spent, in one
 * conditional write. The conversation's id, or null when the link is unknown, spent or expired.
 */
export async function confirmLostFoundThread(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .update(lostFoundThreads)
    .set({ confirmedAt: new Date(now), confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(lostFoundThreads.confirmTokenHash, await sha256Hex(token)),
        isNull(lostFoundThreads.confirmedAt),
        gt(lostFoundThreads.confirmExpiresAt, new Date(now)),
      ),
    )
    .returning({ id: lostFoundThreads.id });
  return row?.id ?? null;
}

/**
 * A confirmed conversation with both sides' addresses (to relay to them) and its report, whose author
 * is reachable while the report is not hidden; null otherwise. For writing only: never for a page.
 */
export async function lostFoundThreadForRelay(db: Database, threadId: number) {
  const [row] = await db
    .select({
      id: lostFoundThreads.id,
      reportId: lostFoundReports.id,
      kind: lostFoundReports.kind,
      species: lostFoundReports.species,
      senderName: lostFoundThreads.senderName,
      senderEmail: lostFoundThreads.senderEmail,
      senderLanguage: lostFoundThreads.language,
      reporterName: lostFoundReports.reporterName,
      reporterEmail: lostFoundReports.reporterEmail,
      reporterLanguage: lostFoundReports.language,
    })
    .from(lostFoundThreads)
    .innerJoin(lostFoundReports, eq(lostFoundReports.id, lostFoundThreads.reportId))
    .where(
      and(
        eq(lostFoundThreads.id, threadId),
        isNotNull(lostFoundThreads.confirmedAt),
        isNotNull(lostFoundReports.confirmedAt),
        isNull(lostFoundReports.hiddenAt),
      ),
    );
  return row ?? null;
}

/** A conversation's messages as its answer page shows them: who wrote, what and when; no address. */
export async function listLostFoundThreadMessages(db: Database, threadId: number) {
  return db
    .select({
      id: lostFoundMessages.id,
      fromReporter: lostFoundMessages.fromReporter,
      body: lostFoundMessages.body,
      createdAt: lostFoundMessages.createdAt,
    })
    .from(lostFoundMessages)
    .where(eq(lostFoundMessages.threadId, threadId))
    .orderBy(asc(lostFoundMessages.id))
    .limit(200);
}

/** The first message of a conversation (relayed when the sender confirms). */
export async function firstLostFoundMessage(db: Database, threadId: number) {
  const [row] = await db
    .select({ body: lostFoundMessages.body, sharesAddress: lostFoundMessages.sharesAddress })
    .from(lostFoundMessages)
    .where(eq(lostFoundMessages.threadId, threadId))
    .orderBy(asc(lostFoundMessages.id))
    .limit(1);
  return row ?? null;
}

/** Keeps an answer of one side. */
export async function addLostFoundMessage(
  db: Database,
  message: { threadId: number; fromReporter: boolean; body: string; share: boolean },
  now = new Date(),
) {
  await db.insert(lostFoundMessages).values({
    threadId: message.threadId,
    fromReporter: message.fromReporter,
    body: message.body,
    sharesAddress: message.share,
    createdAt: now,
  });
}

/** Nightly housekeeping: unconfirmed messages whose link expired. How many went. */
export async function deleteUnconfirmedLostFoundThreads(db: Database, now: Date) {
  const deleted = await db
    .delete(lostFoundThreads)
    .where(and(isNull(lostFoundThreads.confirmedAt), lt(lostFoundThreads.confirmExpiresAt, now)))
    .returning({ id: lostFoundThreads.id });
  return deleted.length;
}
