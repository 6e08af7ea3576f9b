import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { closeOfNextBusinessDay, formatHoldEnd } from "../visits/business-hours";

/**
 * Staff putting a pet on hold, extending or ending the hold, marking it newly adopted and removing that
 * mark (spec §4): what each changes, the history line it leaves, or why it is refused. Newly adopted
 * takes priority over a hold and clears it. A hold's end (`onHoldUntil`) is set where the hold is saved
 * (models/pet-admin changePet), so every way of holding a pet gets one (decision 030).
 */
export const holdIntents = ["hold", "release", "extend", "adopt", "unadopt"] as const;
export type HoldIntent = (typeof holdIntents)[number];

export function isHoldIntent(value: string): value is HoldIntent {
  return (holdIntents as readonly string[]).includes(value);
}

export interface HoldChange {
  set: {
    onHoldEmail?: string | null;
    onHoldDate?: Date | null;
    onHoldUntil?: Date | null;
    adoptedEmail?: string | null;
    adoptedDate?: Date | null;
  };
  summary: string;
}

interface HoldState {
  name: string;
  onHoldEmail: string | null;
  onHoldUntil: Date | null;
  adoptedEmail: string | null;
}

/** One business day more than the hold has now (or than now, if its end has passed). */
export function extendedHoldEnd(currentEnd: Date | null, now: Date): Date {
  const from = currentEnd && currentEnd > now ? currentEnd : now;
  return closeOfNextBusinessDay(from, shelter.openingHours);
}

/**
 * The hold of a pet for an adopter: staff's hold form and an approved adoption application both hold a
 * pet through this, so a hold is always the same.
 */
export function holdChange(email: string, now: Date): HoldChange {
  return { set: { onHoldEmail: email, onHoldDate: now }, summary: `Put on hold for ${email}` };
}

/** Newly adopted takes priority over a hold and clears it. */
export function adoptionChange(email: string, now: Date): HoldChange {
  return {
    set: { adoptedEmail: email, adoptedDate: now, onHoldEmail: null, onHoldDate: null },
    summary: `Marked newly adopted by ${email}`,
  };
}

/**
 * The change `intent` makes to `pet` for `email` (hold and adopt need one), or the message refusing it,
 * in the language of `i18n` (the page's). The history line (`summary`) is stored, and stays English.
 */
export function holdTransition(
  pet: HoldState,
  intent: HoldIntent,
  email: string,
  i18n: I18n,
  now = new Date(),
): HoldChange | { refusal: string } {
  const { name } = pet;
  switch (intent) {
    case "hold":
      if (pet.adoptedEmail) return { refusal: i18n._("{name} is newly adopted: remove that first.", { name }) };
      if (pet.onHoldEmail)
        return { refusal: i18n._("{name} is already on hold for {email}.", { name, email: pet.onHoldEmail }) };
      return holdChange(email, now);
    case "adopt":
      if (pet.adoptedEmail)
        return { refusal: i18n._("{name} is already marked adopted by {email}.", { name, email: pet.adoptedEmail }) };
      return adoptionChange(email, now);
    case "extend": {
      if (!pet.onHoldEmail) return { refusal: i18n._("{name} is not on hold.", { name }) };
      const until = extendedHoldEnd(pet.onHoldUntil, now);
      return {
        set: { onHoldUntil: until },
        summary: `Hold extended to ${formatHoldEnd(until, shelter.openingHours.timeZone)}`,
      };
    }
    case "release":
      return {
        set: { onHoldEmail: null, onHoldDate: null },
        summary: `Hold removed (was ${pet.onHoldEmail ?? "nobody"})`,
      };
    case "unadopt":
      return {
        set: { adoptedEmail: null, adoptedDate: null },
        summary: `Newly adopted mark removed (was ${pet.adoptedEmail ?? "nobody"})`,
      };
  }
}
