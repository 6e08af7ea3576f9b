import { and, asc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { newsletterPending, newsletterSubscribers } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";

/** How long a newsletter confirmation link works. */
export const newsletterConfirmationMs = 7 * 24 * 60 * 60 * 1000;

/**
 * A sign-up waiting for its confirmation link (double opt-in, decision 033): nothing is stored as
 * subscribed yet. Returns the link's token; only its hash is stored. Expired sign-ups are swept
 * in the same batch.
 */
export async function requestSubscription(db: Database, email: string, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.batch([
    db.delete(newsletterPending).where(lt(newsletterPending.expiresAt, new Date(now))),
    db.insert(newsletterPending).values({
      tokenHash: await sha256Hex(token),
      email: email.toLowerCase(),
      expiresAt: new Date(now + newsletterConfirmationMs),
    }),
  ]);
  return token;
}

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The address a confirmation link is for, while it works. */
export async function pendingEmail(db: Database, token: string, now = Date.now()): Promise<string | null> {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ email: newsletterPending.email })
    .from(newsletterPending)
    .where(
      and(eq(newsletterPending.tokenHash, await sha256Hex(token)), gt(newsletterPending.expiresAt, new Date(now))),
    );
  return row?.email ?? null;
}

/**
 * Follows a confirmation link: the address becomes a confirmed subscriber (once, however often it
 * signed up) and its waiting sign-ups go, in one batch. Returns the subscriber's unsubscribe token,
 * or null when the link is unknown or expired.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<{ email: string; unsubscribeToken: string } | null> {
  const email = await pendingEmail(db, token, now);
  if (!email) return null;
  const [[subscriber]] = await db.batch([
    db
      .insert(newsletterSubscribers)
      .values({ email, confirmedAt: new Date(now), unsubscribeToken: randomToken() })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, ${now})`,
          unsubscribeToken: sql`coalesce(${newsletterSubscribers.unsubscribeToken}, excluded.unsubscribe_token)`,
        },
      })
      .returning({ unsubscribeToken: newsletterSubscribers.unsubscribeToken }),
    db.delete(newsletterPending).where(eq(newsletterPending.email, email)),
  ]);
  return { email, unsubscribeToken: subscriber!.unsubscribeToken! };
}

/**
 * Unsubscribes the address of an unsubscribe link, or cancels the sign-up of a confirmation link
 * (the confirmation email carries one too). True when something was removed.
 */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  if (!wellFormed(token)) return false;
  const [subscribers, pending] = await db.batch([
    db
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ id: newsletterSubscribers.id }),
    db
      .delete(newsletterPending)
      .where(eq(newsletterPending.tokenHash, await sha256Hex(token)))
      .returning({ email: newsletterPending.email }),
  ]);
  return subscribers.length + pending.length > 0;
}

/** Confirmed subscribers, oldest first, for staff's CSV download. */
export async function listConfirmedSubscribers(db: Database) {
  return db
    .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(isNotNull(newsletterSubscribers.confirmedAt))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
}
