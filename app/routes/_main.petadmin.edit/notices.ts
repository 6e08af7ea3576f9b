/** What the Edit pet page says after a change, by the `done` of its address, and the words that confirm a delete. */

export const deletePhrase = "delete permanently";

export const doneTexts: Record<string, string> = {
  saved: "Your changes are saved.",
  published: "The pet is published: adopters see it in the lists, the match, the feeds and the partner files.",
  unpublished: "The pet is a draft again: only staff see it.",
  held: "The pet is on hold. It is hidden from public lists and shows in the holder's On-hold list.",
  released: "The hold is removed. The pet is back on the public lists.",
  extended: "The hold is extended by one business day.",
  adopted: "The pet is marked newly adopted and hidden from public lists.",
  unadopted: "The pet is no longer marked adopted.",
  restored: "The pet is restored, with its photos and history, and is back where it was before it was deleted.",
};
