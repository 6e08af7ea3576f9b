import { desc } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { outboxMessages } from "#app/db/schema";
import type { Email } from "#app/lib/email/emails";

export async function keepInOutbox(db: Database, email: Email) {
  await db.insert(outboxMessages).values({
    to: email.to,
    subject: email.subject,
    text: email.text,
    headers: email.headers ?? null,
    attachments: email.attachments?.length ? email.attachments : null,
  });
}

export async function listOutbox(db: Database, limit = 50) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}
