import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { userTokens } from "~/db/schema";
import { randomToken, sha256Hex } from "~/lib/crypto";

export type TokenPurpose = (typeof userTokens.$inferSelect)["purpose"];

/** Issues a single-use token; only its hash is stored. Returns the token for the e-mailed link. */
export async function issueUserToken(db: Database, userId: number, purpose: TokenPurpose, ttlMs: number) {
  const token = randomToken();
  await db.insert(userTokens).values({
    tokenHash: await sha256Hex(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The user a still-valid token belongs to, without using it up (to show a form first). */
export async function peekUserToken(db: Database, token: string, purpose: TokenPurpose): Promise<number | null> {
  const row = await db.query.userTokens.findFirst({
    where: and(
      eq(userTokens.tokenHash, await sha256Hex(token)),
      eq(userTokens.purpose, purpose),
      isNull(userTokens.usedAt),
      gt(userTokens.expiresAt, new Date()),
    ),
  });
  return row?.userId ?? null;
}

/**
 * Uses a token up and returns its user, in one statement, so two requests cannot both use it.
 * Null when unknown, expired, already used or meant for something else.
 */
export async function consumeUserToken(db: Database, token: string, purpose: TokenPurpose): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, await sha256Hex(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}
