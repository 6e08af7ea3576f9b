import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { shelterTextsEs } from "#app/config/shelter-es";

/**
 * "A Spanish page shows no English UI text" (issue 28, decisions 057 and 059), for every spec file that
 * translates pages: `await expectNoEnglish(page)` on a Spanish page, after `visit(…)`.
 *
 * The English it looks for: each message of the English catalogue that reads differently in Spanish
 * (its placeholders cut out: the words between them, when they are at least three), and each text of the
 * shelter's configuration that has a Spanish one (app/config/shelter-es.ts). A message counts when
 * it stands as words of its own in the page's visible text.
 */
function catalogue(locale: "en" | "es"): Map<string, string> {
  const po = readFileSync(new URL(`../../app/locales/${locale}/messages.po`, import.meta.url), "utf8");
  const unquote = (text: string) => text.replace(/\\"/g, '"').replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
  // One entry: msgid (possibly continued on "…" lines) then msgstr (the same).
  const entries = po.matchAll(
    /\nmsgid "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/g,
  );
  const joined = (first: string, rest: string) =>
    unquote(first + [...rest.matchAll(/\n"((?:[^"\\]|\\.)*)"/g)].map((line) => line[1]).join(""));
  return new Map([...entries].map((entry) => [joined(entry[1]!, entry[2]!), joined(entry[3]!, entry[4]!)]));
}

let cached: string[] | undefined;

/** The English texts a Spanish page must not show (see above), longest first. */
export function englishUiTexts(): string[] {
  if (cached) return cached;
  const english = catalogue("en");
  const spanish = catalogue("es");
  const texts = new Set<string>();
  for (const [id, text] of english) {
    const translated = spanish.get(id);
    if (!text || translated === text) continue;
    // Rich-text tags (<0>…</0>) and placeholders ({name}, plurals) cut the message into its fixed parts.
    const parts = text.split(/<\/?\d+>|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/);
    if (parts.length === 1) texts.add(text.trim());
    else
      for (const part of parts.map((piece) => piece.trim()))
        if (part.split(/\s+/).length >= 3 && !translated?.includes(part)) texts.add(part);
  }
  for (const [text, translated] of Object.entries(shelterTextsEs)) if (translated !== text) texts.add(text);
  // A one-word English text that is also a word of the Spanish texts says nothing on a Spanish page
  // ("red", a colour, is "network" in Spanish; "Date" begins "Date de baja").
  const spanishWords = new Set([...spanish.values()].flatMap((text) => text.split(/[^\p{L}]+/u)));
  cached = [...texts]
    .filter((text) => text.length > 1 && !(/^\p{L}+$/u.test(text) && spanishWords.has(text)))
    .sort((a, b) => b.length - a.length);
  return cached;
}

/**
 * The page's visible text (as a reader sees it, hidden parts left out), without what `ignore` selects:
 * content staff type (pet names, "about" texts) is shown as typed.
 */
export async function visibleText(page: Page, ignore: string[] = []): Promise<string> {
  return page.evaluate((selectors) => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const selector of selectors) copy.querySelectorAll(selector).forEach((element) => element.remove());
    document.documentElement.appendChild(copy);
    copy.hidden = false;
    const text = copy.innerText;
    copy.remove();
    return text;
  }, ignore);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const asWords = new Map<string, RegExp>();

/**
 * The English texts (above) that `text` shows as words of their own. Only a text the page contains is
 * tried as words: each of some 2,200 Unicode patterns made and run over every page cost the Spanish
 * spec files several seconds of CPU a run.
 */
export function englishIn(text: string): string[] {
  return englishUiTexts().filter((message) => {
    if (!text.includes(message)) return false;
    let pattern = asWords.get(message);
    if (!pattern) {
      pattern = new RegExp(`(^|[^\\p{L}])${escaped(message)}($|[^\\p{L}])`, "u");
      asWords.set(message, pattern);
    }
    return pattern.test(text);
  });
}

/**
 * Fails with the English left on the page, by name. `ignore`: CSS selectors of parts whose text is not
 * the site's own (staff-typed content) or not translated yet on purpose.
 */
export async function expectNoEnglish(page: Page, { ignore = [] }: { ignore?: string[] } = {}): Promise<void> {
  const path = new URL(page.url()).pathname;
  expect(await page.locator("html").getAttribute("lang"), `language of ${path}`).toBe("es");
  expect(englishIn(await visibleText(page, ignore)), `English on ${path}`).toEqual([]);
}
