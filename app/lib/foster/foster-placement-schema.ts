import { z } from "zod";
import { fosterNoteMaxLength } from "./foster-placement";

/**
 * The zod schemas of fostering after approval (decision 053): staff placing a pet, ending a placement,
 * deciding on a note, and a foster's note. Only actions and loaders import this file, so zod stays
 * out of the pages' browser code. Each message is its English text and the id of its catalogue entry
 * (`/*i18n*\/`, decision 057), shown in the page's language.
 */
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(999_999_999, message);

export const placePetSchema = z.object({
  intent: z.literal("place"),
  petId: id(/*i18n*/ "Choose the pet to place"),
  fosterId: id(/*i18n*/ "Choose the foster"),
  listing: z.enum(["listed", "unlisted"], { error: /*i18n*/ "Say whether the pet stays listed for adoption" }),
  returnTo: z.string().max(200).optional(),
});

export const endPlacementSchema = z.object({
  intent: z.literal("end"),
  placementId: id(/*i18n*/ "Unknown placement"),
  returnTo: z.string().max(200).optional(),
});

export const decideNoteSchema = z.object({
  intent: z.enum(["approve-note", "reject-note"]),
  noteId: id(/*i18n*/ "Unknown note"),
});

export const rosterActionSchema = z.discriminatedUnion("intent", [
  placePetSchema,
  endPlacementSchema,
  decideNoteSchema,
]);

/** A foster's note about the pet at home (`/foster/pets`); its photos are checked by the photo pipeline. */
export const fosterNoteSchema = z.object({
  placementId: id(/*i18n*/ "Unknown placement"),
  text: z
    .string({ error: /*i18n*/ "Write a few words about the pet at home" })
    .trim()
    .min(1, /*i18n*/ "Write a few words about the pet at home")
    // The limit is written in the message (a catalogue id is a literal); foster-placement.test.ts checks it.
    .max(fosterNoteMaxLength, /*i18n*/ "Keep the note under 1,000 characters"),
});
