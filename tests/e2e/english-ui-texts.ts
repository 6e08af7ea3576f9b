import { readFileSync } from "node:fs";

/**
 * The English catalogue's messages that read differently in Spanish and have no placeholders: the texts
 * a Spanish page must not show (the Spanish specs' "no English left" checks). A one-word English text
 * that is also a word of the Spanish texts says nothing on a Spanish page and is left out ("Date" in
 * "Date de baja", "red" as in "dirección de red").
 */
export function englishUiTexts(): string[] {
  const entries = (file: string) =>
    new Map(
      [
        ...readFileSync(new URL(`../../app/locales/${file}/messages.po`, import.meta.url), "utf8").matchAll(
          /\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g,
        ),
      ].map((match) => [match[1]!.replace(/\\"/g, '"'), match[2]!.replace(/\\"/g, '"')]),
    );
  const english = entries("en");
  const spanish = entries("es");
  const spanishWords = new Set([...spanish.values()].flatMap((text) => text.split(/[^\p{L}]+/u)));
  return [...english]
    .filter(([id, text]) => text && !/[{}<]/.test(text) && spanish.get(id) !== text)
    .filter(([, text]) => !(/^\p{L}+$/u.test(text) && spanishWords.has(text)))
    .map(([, text]) => text);
}
