import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { noteSchema } from "#app/lib/applications/application-schema";
import { tryWrite } from "#app/lib/http/storage-error";
import { addNote, type NoteKind } from "#app/models/inbox-notes.server";

/** The "note" intent's refusal, in the shape of the inbox pages' other refusals. */
const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) =>
  data({ intent: "note" as const, message, result }, { status });

/**
 * A staff member's note on an inbox item, the action both inbox pages share: checked with the note
 * schema (the note's errors and text come back, 400), saved, and back to the item's notes; if D1
 * refuses, the note is kept and the page says so (503). Who may write was checked before the body was read.
 */
export async function addInboxNote(
  context: AppLoadContext,
  formData: FormData,
  item: { kind: NoteKind; id: number; userId: number; path: string },
) {
  const submission = parseWithZod(formData, { schema: noteSchema });
  if (submission.status !== "success") return refuse("", 400, submission.reply());
  return tryWrite(
    async () => {
      await addNote(context.db, { kind: item.kind, itemId: item.id, userId: item.userId, text: submission.value.note });
      return redirect(`${item.path}?done=note#notes`);
    },
    (message) => refuse(message, 503, submission.reply()),
  );
}
