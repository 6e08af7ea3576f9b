import { desc } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { outboxMessages } from "#app/db/schema";
import type { Email } from "#app/lib/emails";

/** The outbox keeps extra headers as lines above the text, so /dev/outbox and tests can read them. */
export async function keepInOutbox(db: Database, { headers, ...email }: Email) {
  const headerLines = Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}\n`).join("");
  await db.insert(outboxMessages).values({ ...email, text: headerLines ? `${headerLines}\n${email.text}` : email.text });
}

export async function listOutbox(db: Database, limit = 50) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}
