import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  lostFoundReports,
  lostFoundThreads,
  newsletterSubscribers,
  users,
  volunteerApplications,
} from "#app/db/schema";

/**
 * Whether the owner of `email` has proven it: an account whose address is confirmed, or a newsletter
 * subscription, a volunteer application, a lost and found report or a message to a report's author
 * confirmed by its link (decisions 025, 033, 041, 053, 066). One
 * query, all of them in it.
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
    .union(
      db
        .select({ proven: sql<number>`1` })
        .from(volunteerApplications)
        .where(and(eq(volunteerApplications.email, address), isNotNull(volunteerApplications.confirmedAt))),
    )
    .union(
      db
        .select({ proven: sql<number>`1` })
        .from(lostFoundReports)
        .where(and(eq(lostFoundReports.reporterEmail, address), isNotNull(lostFoundReports.confirmedAt))),
    )
    .union(
      db
        .select({ proven: sql<number>`1` })
        .from(lostFoundThreads)
        .where(and(eq(lostFoundThreads.senderEmail, address), isNotNull(lostFoundThreads.confirmedAt))),
    )
    .limit(1);
  return row !== undefined;
}
