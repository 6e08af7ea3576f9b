/**
 * What the pet's edit page says after a change of its stays (`?stay=` of its address, decision 064):
 * own keys only, so a made-up value shows nothing. English and the ids of their catalogue entries.
 */
const stayNotices: Record<string, string> = {
  intake: /*i18n*/ "The intake is saved.",
  outcome:
    /*i18n*/ "The outcome is recorded. The pet has left every public list; its page says it is no longer at the shelter.",
  undone: /*i18n*/ "The outcome is taken back: the pet is in our care again.",
  returned:
    /*i18n*/ "The return is recorded: a new stay began today (returned adoption), the adoption is kept in the pet's history, and the pet is listed again.",
};

export function stayNotice(value: string | null): string | null {
  return value !== null && Object.hasOwn(stayNotices, value) ? stayNotices[value]! : null;
}
