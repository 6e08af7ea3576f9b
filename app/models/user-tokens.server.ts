import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { rateLimits, sessions, users, userTokens, type User } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import { signInAccountKey } from "./rate-limits.server";
import { securityEventOfUserInsert } from "./security-events.server";

export type TokenPurpose = (typeof userTokens.$inferSelect)["purpose"];

/** Issues a single-use token; only its hash is stored. Returns the token for the emailed link. */
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
 * A token still usable: the UPDATE that uses it up carries this condition, so of two requests with
 * the same token only one changes the row.
 */
const tokenOpen = (tokenHash: string, purpose: TokenPurpose) =>
  and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );

/** The user of the token this batch used up (its `used_at` is the moment the batch set). */
const userOfTokenUsedAt = (tokenHash: string, usedAt: Date) =>
  sql`(select ${userTokens.userId} from ${userTokens} where ${userTokens.tokenHash} = ${tokenHash} and ${userTokens.usedAt} = ${usedAt.getTime()})`;

/**
 * Uses up a confirm-email token and confirms the address, in one batch. Returns the user, or null
 * when the token is unknown, expired, used or meant for something else.
 */
export async function confirmEmailWithToken(db: Database, token: string): Promise<number | null> {
  const tokenHash = await sha256Hex(token);
  const usedAt = new Date();
  const [[row]] = await db.batch([
    db
      .update(userTokens)
      .set({ usedAt })
      .where(tokenOpen(tokenHash, "confirm-email"))
      .returning({ userId: userTokens.userId }),
    db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${usedAt.getTime()})` })
      .where(eq(users.id, userOfTokenUsedAt(tokenHash, usedAt))),
  ]);
  return row?.userId ?? null;
}

/**
 * Sets a new password with a reset token, in one batch (all or nothing): uses the token up, sets the
 * password, confirms the address (the link was emailed there), ends every session of the account
 * (a stolen session stops working), spends the account's other reset links, clears the account's sign-in limit and logs it. Returns the user,
 * or null when the token is not valid.
 */
export async function resetPasswordWithToken(
  db: Database,
  token: string,
  passwordHash: string,
  address: string,
): Promise<number | null> {
  const tokenHash = await sha256Hex(token);
  const usedAt = new Date();
  const userId = userOfTokenUsedAt(tokenHash, usedAt);
  const [[row]] = await db.batch([
    db
      .update(userTokens)
      .set({ usedAt })
      .where(tokenOpen(tokenHash, "reset-password"))
      .returning({ userId: userTokens.userId }),
    db
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${usedAt.getTime()})` })
      .where(eq(users.id, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    // Strangers' wrong guesses no longer slow the owner who just proved the address.
    db
      .delete(rateLimits)
      .where(
        eq(
          rateLimits.key,
          sql`${signInAccountKey("")} || (select ${users.email} from ${users} where ${users.id} = ${userId})`,
        ),
      ),
    securityEventOfUserInsert(db, "password-reset", userId, address),
    // Every other open reset link of the account is spent too: an older email cannot set the password again.
    spendResetLinksStatement(db, userId, usedAt),
  ]);
  return row?.userId ?? null;
}

/**
 * Spends every open reset link of the account (a reset or a password change: an older link must not
 * set the password again). `userId` may be an SQL expression of the same batch.
 */
export function spendResetLinksStatement(db: Database, userId: number | SQL, usedAt: Date) {
  return db
    .update(userTokens)
    .set({ usedAt })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "reset-password"), isNull(userTokens.usedAt)));
}

/**
 * Creates an account and its confirm-email token in one batch, so there is never an account whose
 * link was not made. Returns the user and the token, or undefined when the email is taken.
 */
export async function createUserWithConfirmation(
  db: Database,
  user: Pick<User, "email" | "firstName" | "lastName" | "dateOfBirth" | "gender" | "passwordHash"> &
    Partial<Pick<User, "language">>,
  ttlMs: number,
): Promise<{ user: User; token: string } | undefined> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  const [[created]] = await db.batch([
    db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .onConflictDoNothing({ target: users.email })
      .returning(),
    db.insert(userTokens).select(
      sql`select ${tokenHash} as token_hash, last_insert_rowid() as user_id, ${"confirm-email"} as purpose, ${now + ttlMs} as expires_at,
          null as used_at, ${now} as created_at where changes() > 0`,
    ),
  ]);
  return created ? { user: created, token } : undefined;
}
