import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";

/** Keeps the message for the staff inbox; its id links the shelter's notice email to it. */
export async function saveContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

export async function getContactMessage(db: Database, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Marks a message handled or waiting again, at the version read. */
export async function setMessageHandled(
  db: Database,
  id: number,
  version: number,
  handled: boolean,
): Promise<"changed" | "conflict"> {
  const updated = await db
    .update(contactMessages)
    .set({ handledAt: handled ? new Date() : null, version: sql`${contactMessages.version} + 1` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.version, version)))
    .returning({ id: contactMessages.id });
  return updated.length > 0 ? "changed" : "conflict";
}
