import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { inboxNotes, users } from "#app/db/schema";
import type { InboxKind } from "./inbox.server";

/** What a note may be on: an adoption application, a message, or a volunteer or foster application (decision 053). */
export type NoteKind = InboxKind | "volunteer" | "foster";

/** Staff's internal notes on an inbox item, tied to it by foreign keys. */
export async function addNote(db: Database, note: { kind: NoteKind; itemId: number; userId: number; text: string }) {
  await db.insert(inboxNotes).values(note);
}

export async function listNotes(db: Database, kind: NoteKind, itemId: number) {
  return db
    .select({
      id: inboxNotes.id,
      text: inboxNotes.text,
      createdAt: inboxNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(inboxNotes)
    .leftJoin(users, eq(users.id, inboxNotes.userId))
    .where(and(eq(inboxNotes.kind, kind), eq(inboxNotes.itemId, itemId)))
    .orderBy(inboxNotes.createdAt, inboxNotes.id)
    .limit(200);
}
