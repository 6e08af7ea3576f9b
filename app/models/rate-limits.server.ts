import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { rateLimits } from "#app/db/schema";
import { limits } from "#app/lib/accounts/rate-limits";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** The upsert that counts one hit of `key` in its fixed window and returns the new count (one statement, so atomic). */
function countHit(db: Database, key: string, windowMs: number, now: number) {
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${now + windowMs} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

function resultOf(
  row: { count: number; resetAt: Date } | undefined,
  { limit, windowMs }: RateLimit,
  now: number,
): RateLimitResult {
  const count = row?.count ?? 1;
  const resetAt = row?.resetAt.getTime() ?? now + windowMs;
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/**
 * Counts one hit of `key` in a fixed window and says whether it is still within the limit. One
 * upsert in D1, so every Worker isolate sees the same count.
 */
export async function hitRateLimit(db: Database, key: string, rateLimit: RateLimit): Promise<RateLimitResult> {
  const now = Date.now();
  const [row] = await countHit(db, key, rateLimit.windowMs, now);
  return resultOf(row, rateLimit, now);
}

/**
 * Counts one hit of every key in one batch, before the work they limit: each count is the value
 * its own upsert returned, so of many parallel requests only `limit` are allowed. Refused when any
 * key is over its limit (Retry-After of the longest wait).
 */
export async function hitRateLimits(
  db: Database,
  checks: { key: string; rateLimit: RateLimit }[],
): Promise<RateLimitResult> {
  const now = Date.now();
  const [first, ...rest] = checks.map((check) => countHit(db, check.key, check.rateLimit.windowMs, now));
  if (!first) return { allowed: true, retryAfterSeconds: 0 };
  const rows = await db.batch([first, ...rest]);
  const results = rows.map(([row], i) => resultOf(row, checks[i]!.rateLimit, now));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) };
}

/** Gives back one hit of each key in its current window (a sign-in that turned out to be the owner's). */
export async function giveBackRateLimitHits(db: Database, keys: string[]) {
  const now = new Date();
  const [first, ...rest] = keys.map((key) =>
    db
      .update(rateLimits)
      .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now))),
  );
  if (first) await db.batch([first, ...rest]);
}

/** The key of the per-account sign-in limit; a password reset clears it in the same batch. */
export const signInAccountKey = (email: string) => `sign-in:account:${email.toLowerCase()}`;

/**
 * One password check counted against the sign-in limits (decision 026), before the password is
 * checked: the account's always, and the network address's for the sign-in form. The sign-in form
 * and the change-password form count the same account limit here; `giveBack` returns the hits when
 * the password was the owner's.
 */
export async function hitSignInLimit(db: Database, email: string, address?: string) {
  const checks: { key: string; rateLimit: RateLimit }[] = [
    { key: signInAccountKey(email), rateLimit: limits.signInPerAccount },
  ];
  if (address !== undefined) checks.push({ key: `sign-in:address:${address}`, rateLimit: limits.signInPerAddress });
  const result = await hitRateLimits(db, checks);
  return {
    ...result,
    giveBack: () =>
      giveBackRateLimitHits(
        db,
        checks.map((check) => check.key),
      ),
  };
}
