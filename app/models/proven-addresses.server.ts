import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { newsletterSubscribers, users } from "#app/db/schema";

/**
 * Whether the owner of `email` has proven it: an account whose address is confirmed, or a newsletter
 * subscription confirmed by its link (decisions 025, 033, 041). One query, both in it.
 */
export async function isProvenAddress(db: Database, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .select({ proven: sql<number>`1` })
    .from(users)
    .where(and(eq(users.email, address), isNotNull(users.emailConfirmedAt)))
    .union(
      db
        .select({ proven: sql<number>`1` })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.email, address), isNotNull(newsletterSubscribers.confirmedAt))),
    )
    .limit(1);
  return row !== undefined;
}
