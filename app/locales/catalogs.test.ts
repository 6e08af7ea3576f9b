import { getConfig } from "@lingui/conf";
import { getCatalogs } from "@lingui/cli/api";
import { describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { footerColumns } from "#app/config/shelter-footer";
import { shelterPages } from "#app/config/shelter-pages";
import { shelterTextsEs } from "#app/config/shelter-es";
import { locales } from "#app/lib/i18n/locale";

/**
 * One source of truth for messages (decision 057): the English in the code. These fail when a message
 * of the code is missing from a language's catalogue (run `npm run i18n:extract`), when a catalogue
 * keeps a message the code no longer has, or when a Spanish message is not translated yet.
 */
describe("the catalogues", () => {
  const config = getConfig({ cwd: process.cwd(), skipValidation: true });

  it("hold every message of the code, in every language, and nothing else", async () => {
    const [catalog] = await getCatalogs(config);
    if (!catalog) throw new Error("no catalogue configured");
    const inCode = Object.keys((await catalog.collect()) ?? {}).sort();
    expect(inCode.length).toBeGreaterThan(100);
    const saved = await catalog.readAll();
    for (const locale of locales) {
      expect(Object.keys(saved[locale] ?? {}).sort(), `catalogue ${locale}`).toEqual(inCode);
    }
    const untranslated = Object.entries(saved.es ?? {})
      .filter(([, message]) => !message.translation?.trim())
      .map(([, message]) => message.message);
    expect(untranslated, "messages without Spanish").toEqual([]);
  }, 60_000);

  it("translate every text of the shelter's configuration that the layout and the home page show", () => {
    const texts = [
      shelter.tagline,
      shelter.place,
      shelter.area,
      shelter.hours,
      ...footerColumns.flatMap((column) => [column.title, ...column.links.map((link) => link.label)]),
      ...shelterPages.figures.map((figure) => figure.label),
      ...shelterPages.whyChooseUs.flatMap((reason) => [reason.title, reason.text]),
      ...shelterPages.testimonials.map((story) => story.quote),
    ];
    expect(texts.filter((text) => !shelterTextsEs[text])).toEqual([]);
  });
});
