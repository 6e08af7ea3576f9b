import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** What the Edit pet page says after a change, by the `done` of its address, and the words that confirm a delete. */

/**
 * Typed to confirm a delete, in the page's language, in any case and spacing (lib/pets/confirm-phrase.ts;
 * the action checks the same words). One word a phone keyboard cannot get wrong: the pet goes to
 * Recently deleted, so "permanently" would not be true (decision 042).
 */
export const deletePhrase = msg({ message: "delete", context: "the word typed to confirm a delete" });

export const doneTexts: Record<string, MessageDescriptor> = {
  saved: msg`Your changes are saved.`,
  published: msg`The pet is published: adopters see it in the lists, the match, the feeds and the partner files.`,
  unpublished: msg`The pet is a draft again: only staff see it.`,
  held: msg`The pet is on hold. It is hidden from public lists and shows in the holder's On-hold list.`,
  released: msg`The hold is removed. The pet is back on the public lists.`,
  extended: msg`The hold is extended by one business day.`,
  adopted: msg`The pet is marked newly adopted and hidden from public lists.`,
  walk_in_papers: msg`The contract signed on paper is recorded with its scan.`,
  unadopted: msg`The pet is no longer marked adopted.`,
  restored: msg`The pet is restored, with its photos and history, and is back where it was before it was deleted.`,
};
