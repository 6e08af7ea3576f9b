import { inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { rateLimits } from "#app/db/schema";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit of `key` in a fixed window and says whether it is still within the limit. One
 * upsert in D1, so every Worker isolate sees the same count.
 */
export async function hitRateLimit(db: Database, key: string, { limit, windowMs }: RateLimit): Promise<RateLimitResult> {
  const now = Date.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${now + windowMs} else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  const count = row?.count ?? 1;
  const resetAt = row?.resetAt.getTime() ?? now + windowMs;
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/** Whether any key has already used up its limit in the current window (counts nothing). */
export async function isRateLimited(db: Database, checks: { key: string; limit: number }[]): Promise<RateLimitResult> {
  const limits = new Map(checks.map((check) => [check.key, check.limit]));
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, [...limits.keys()]));
  const now = Date.now();
  const blocking = rows.filter((row) => row.resetAt.getTime() > now && row.count >= (limits.get(row.key) ?? Infinity));
  if (blocking.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const resetAt = Math.max(...blocking.map((row) => row.resetAt.getTime()));
  return { allowed: false, retryAfterSeconds: Math.ceil((resetAt - now) / 1000) };
}
