import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { favorites, sessions, users, userTokens, type User } from "#app/db/schema";
import { securityEventInsert, securityEventOfUserInsert } from "./security-events.server";
import { endSessionsStatement } from "./sessions.server";
import { spendResetLinksStatement } from "./user-tokens.server";

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
  Partial<Pick<User, "dateOfBirth" | "gender" | "passwordHash" | "emailConfirmedAt" | "googleSubject" | "language">>;

/** Creates the user, or returns undefined when the email is taken (also under a race). */
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

/**
 * Links a Google account to a user whose address is confirmed (they proved it before, Google proves
 * it again). Only such an account: the UPDATE carries the condition, so nothing else is ever linked.
 */
export async function linkGoogleToConfirmedAccount(
  db: Database,
  user: { id: number; email: string },
  subject: string,
  address: string,
): Promise<User | undefined> {
  const [[linked]] = await db.batch([
    db
      .update(users)
      .set({ googleSubject: subject })
      .where(and(eq(users.id, user.id), sql`${users.emailConfirmedAt} is not null`))
      .returning(),
    securityEventInsert(db, { kind: "google-linked", user, address }, sql`changes() > 0`),
  ]);
  return linked;
}

/**
 * Google proved the address of an account whose registrant never did: whoever registered it may not
 * be its owner, so the owner takes it over as a new account (decision 025). In one batch: the
 * password, every session, every open emailed token, the favorites and questionnaire answers the
 * registrant set are gone, the profile is Google's, and the address is confirmed. Only an account
 * still unconfirmed is taken over (the UPDATE's condition; the rest follow only if it changed the row).
 */
export async function takeOverUnconfirmedAccount(
  db: Database,
  userId: number,
  google: { subject: string; firstName: string; lastName: string },
  address: string,
): Promise<User | undefined> {
  const confirmedAt = new Date();
  const takenOverHere = sql`(select ${users.id} from ${users} where ${users.id} = ${userId} and ${users.googleSubject} = ${google.subject}
    and ${users.emailConfirmedAt} = ${confirmedAt.getTime()})`;
  const [[user]] = await db.batch([
    db
      .update(users)
      .set({
        googleSubject: google.subject,
        emailConfirmedAt: confirmedAt,
        passwordHash: null,
        firstName: google.firstName,
        lastName: google.lastName,
        dateOfBirth: null,
        gender: null,
        matchAnswers: {},
        matchedAt: null,
      })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
      .returning(),
    db.delete(sessions).where(eq(sessions.userId, takenOverHere)),
    db.delete(userTokens).where(eq(userTokens.userId, takenOverHere)),
    db.delete(favorites).where(eq(favorites.userId, takenOverHere)),
    securityEventOfUserInsert(db, "google-linked", takenOverHere, address),
  ]);
  return user;
}

/**
 * Sets a new password in one batch with the end of the user's other sessions and `also` (the
 * rotation of this one, the event that records it), all or nothing.
 */
export async function changePassword(
  db: Database,
  userId: number,
  passwordHash: string,
  keepSessionIdHash: string,
  also: BatchItem<"sqlite">[],
) {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    endSessionsStatement(db, userId, keepSessionIdHash),
    spendResetLinksStatement(db, userId, new Date()),
    ...also,
  ]);
}

/** Saves the language a person reads the site in (decision 057). */
export async function setUserLanguage(db: Database, userId: number, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
