import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { users, type User } from "#app/db/schema";
import { securityEventInsert } from "./security-events.server";
import { endSessionsStatement } from "./sessions.server";

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export async function findUserById(db: Database, id: number): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.googleSubject, subject) });
}

export type NewUser = Pick<User, "email" | "firstName" | "lastName"> &
  Partial<Pick<User, "dateOfBirth" | "gender" | "passwordHash" | "emailConfirmedAt" | "googleSubject">>;

/** Creates the user, or returns undefined when the e-mail is taken (also under a race). */
export async function createUser(db: Database, user: NewUser): Promise<User | undefined> {
  const [created] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created;
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Links a Google account to an existing user, and logs it in the same batch; Google has verified the address, so it is confirmed. */
export async function linkGoogleAccount(db: Database, user: User, subject: string, address: string) {
  await db.batch([
    db
      .update(users)
      .set({ googleSubject: subject, emailConfirmedAt: user.emailConfirmedAt ?? new Date() })
      .where(eq(users.id, user.id)),
    securityEventInsert(db, { kind: "google-linked", user, address }),
  ]);
}

/**
 * Sets a new password in one batch with the end of the user's other sessions and `also` (the
 * rotation of this one, the event that records it), all or nothing.
 */
export async function changePassword(db: Database, userId: number, passwordHash: string, keepSessionIdHash: string, also: BatchItem<"sqlite">[]) {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    endSessionsStatement(db, userId, keepSessionIdHash),
    ...also,
  ]);
}
