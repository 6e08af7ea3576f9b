/**
 * The words a person types to confirm something that cannot be done by one click (deleting a pet,
 * decision 042), compared as people type them on a phone: a keyboard that capitalises the first
 * letter, a space added before or after, two spaces between words. The server and the field's
 * `pattern` accept the same answers.
 */

/** The phrase as compared: trimmed, its spaces collapsed, in lower case. */
export function normalisedPhrase(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** Whether `typed` is the phrase, whatever its case and spacing. */
export function matchesPhrase(typed: string, phrase: string): boolean {
  const wanted = normalisedPhrase(phrase);
  return wanted !== "" && normalisedPhrase(typed) === wanted;
}

// Characters that mean something in a regular expression (the `pattern` attribute is compiled with
// the `v` flag, where escaping anything else is an error).
const syntax = /[\^$\\.*+?()[\]{}|/]/;

/**
 * The `pattern` attribute that accepts what `matchesPhrase` accepts: each letter in either case
 * (`[Dd]`), any run of spaces between words and any spaces around them. The browser anchors it.
 */
export function phrasePattern(phrase: string): string {
  const words = normalisedPhrase(phrase).split(" ").filter(Boolean);
  const word = (text: string) =>
    [...text]
      .map((char) => {
        const upper = char.toUpperCase();
        if (upper !== char && [...upper].length === 1) return `[${upper}${char}]`;
        return syntax.test(char) ? `\\${char}` : char;
      })
      .join("");
  return `\\s*${words.map(word).join("\\s+")}\\s*`;
}
