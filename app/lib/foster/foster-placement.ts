/**
 * The forms of fostering after approval (issue 25, decision 053): staff place a pet with a foster
 * and end the placement, a foster writes a note about the pet at home, staff approve or reject it.
 * Pure, and free of zod so that pages may import it (the schemas are in foster-placement-schema.ts,
 * which only actions and loaders import): the limits, the messages, and where staff go back to.
 */
/** The most photos a foster's note carries. */
export const fosterNotePhotosMax = 3;
export const fosterNoteMaxLength = 1000;

/** Where a placement form sends staff back: the roster or the pet's edit page, nothing else. */
export function placementReturnTo(value: string | undefined): string {
  if (value && /^\/petadmin\/edit\?pet_id=\d{1,9}&tab=description$/.test(value)) return value;
  return "/petadmin/fosters";
}

/** What the roster and the pet's page say after a change: English, and the ids of their catalogue entries (shown with `i18n._`). */
export const placementDoneMessages = {
  placed: /*i18n*/ "The pet is placed with the foster.",
  ended: /*i18n*/ "The placement has ended.",
  "approve-note": /*i18n*/ "The note is approved: it shows on the pet's page.",
  "reject-note": /*i18n*/ "The note is rejected; its photos are deleted.",
} as const;

export function placementDoneMessage(value: string | null): string | null {
  return value && value in placementDoneMessages
    ? placementDoneMessages[value as keyof typeof placementDoneMessages]
    : null;
}
