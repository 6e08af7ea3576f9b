import { z } from "zod";
import { fosterNoteMaxLength } from "./foster-placement";

/**
 * The zod schemas of fostering after approval (decision 053): staff placing a pet, ending a placement,
 * deciding on a note, and a foster's note. Only actions and loaders import this file, so zod stays
 * out of the pages' browser code.
 */
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(999_999_999, message);

export const placePetSchema = z.object({
  intent: z.literal("place"),
  petId: id("Choose the pet to place"),
  fosterId: id("Choose the foster"),
  listing: z.enum(["listed", "unlisted"], { error: "Say whether the pet stays listed for adoption" }),
  returnTo: z.string().max(200).optional(),
});

export const endPlacementSchema = z.object({
  intent: z.literal("end"),
  placementId: id("Unknown placement"),
  returnTo: z.string().max(200).optional(),
});

export const decideNoteSchema = z.object({
  intent: z.enum(["approve-note", "reject-note"]),
  noteId: id("Unknown note"),
});

export const rosterActionSchema = z.discriminatedUnion("intent", [placePetSchema, endPlacementSchema, decideNoteSchema]);


/** A foster's note about the pet at home (`/foster/pets`); its photos are checked by the photo pipeline. */
export const fosterNoteSchema = z.object({
  placementId: id("Unknown placement"),
  text: z
    .string({ error: "Write a few words about the pet at home" })
    .trim()
    .min(1, "Write a few words about the pet at home")
    .max(fosterNoteMaxLength, `Keep the note under ${fosterNoteMaxLength.toLocaleString("en-US")} characters`),
});
