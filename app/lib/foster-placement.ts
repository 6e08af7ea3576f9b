import { z } from "zod";

/**
 * The forms of fostering after approval (issue 25, decision 053): staff place a pet with a foster
 * and end the placement, a foster writes a note about the pet at home, staff approve or reject it.
 * Pure: the schemas and the return addresses these forms may send staff back to.
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

/** The most photos a foster's note carries. */
export const fosterNotePhotosMax = 3;
export const fosterNoteMaxLength = 1000;

/** A foster's note about the pet at home (`/foster/pets`); its photos are checked by the photo pipeline. */
export const fosterNoteSchema = z.object({
  placementId: id("Unknown placement"),
  text: z
    .string({ error: "Write a few words about the pet at home" })
    .trim()
    .min(1, "Write a few words about the pet at home")
    .max(fosterNoteMaxLength, `Keep the note under ${fosterNoteMaxLength.toLocaleString("en-US")} characters`),
});

/** Where a placement form sends staff back: the roster or the pet's edit page, nothing else. */
export function placementReturnTo(value: string | undefined): string {
  if (value && /^\/petadmin\/edit\?pet_id=\d{1,9}&tab=description$/.test(value)) return value;
  return "/petadmin/fosters";
}

export const placementDoneMessages = {
  placed: "The pet is placed with the foster.",
  ended: "The placement has ended.",
  "approve-note": "The note is approved: it shows on the pet's page.",
  "reject-note": "The note is rejected; its photos are deleted.",
} as const;

export function placementDoneMessage(value: string | null): string | null {
  return value && value in placementDoneMessages ? placementDoneMessages[value as keyof typeof placementDoneMessages] : null;
}
