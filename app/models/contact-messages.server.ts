import type { Database } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";

export async function saveContactMessage(db: Database, message: { name: string; email: string; message: string }) {
  await db.insert(contactMessages).values(message);
}
