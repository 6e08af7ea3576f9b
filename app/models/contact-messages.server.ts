import type { Database } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";

/** Keeps the message for the staff inbox; its id links the shelter's notice e-mail to it. */
export async function saveContactMessage(db: Database, message: { name: string; email: string; message: string }): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
