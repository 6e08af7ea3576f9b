import type { Database } from "#app/db/client.server";
import { newsletterSubscribers } from "#app/db/schema";

/** Signing up again with the same address is not an error: the visitor simply stays subscribed. */
export async function subscribeToNewsletter(db: Database, email: string) {
  await db
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
}
