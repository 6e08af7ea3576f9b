import { I18nProvider as LinguiProvider, Trans as LinguiTrans } from "@lingui/react";
import { setupI18n as linguiSetup, type Messages } from "@lingui/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as en } from "../en/messages.po";
import { messages as es } from "../es/messages.po";
import { setupI18n } from "./core";
import { I18nProvider, Trans } from "./react";

/**
 * The browser's Lingui (decision 060) renders every message of both catalogues exactly as Lingui
 * does, as text (`_`) and as `<Trans>` with elements; a message needing a format it does not handle
 * fails here first.
 */
const catalogues: Record<string, Messages> = { en, es };

type Token = string | [string, string?, Record<string, unknown>?];

/** The placeholders of a compiled message: each with the kind the message uses it as. */
function placeholders(tokens: unknown, found = new Map<string, string | undefined>()) {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens as Token[]) {
    if (typeof token === "string") continue;
    const [name, type, cases] = token;
    found.set(name, type ?? found.get(name));
    for (const inner of Object.values(cases ?? {})) placeholders(inner, found);
  }
  return found;
}

/** Each placeholder's value: a plural's count from the list, the rest a text naming it. */
function valuesOf(tokens: unknown, count: number) {
  return Object.fromEntries(
    [...placeholders(tokens)].map(([name, type]) => [name, type === "plural" ? count : `«${name}»`]),
  );
}

const counts = [0, 1, 2, 21, 1500];

describe("the browser's Lingui", () => {
  for (const [locale, messages] of Object.entries(catalogues)) {
    const lingui = linguiSetup({ locale, messages: { [locale]: messages } });
    const ours = setupI18n({ locale, messages: { [locale]: messages } });

    it(`uses no format but plain placeholders and plurals (${locale})`, () => {
      const kinds = new Set(Object.values(messages).flatMap((tokens) => [...placeholders(tokens).values()]));
      expect([...kinds].filter((kind) => kind !== undefined && kind !== "plural")).toEqual([]);
    });

    it(`reads every message as Lingui does (${locale}, ${Object.keys(messages).length} messages)`, () => {
      for (const [id, tokens] of Object.entries(messages)) {
        for (const count of counts) {
          const values = valuesOf(tokens, count);
          expect(ours._(id, values), id).toBe(lingui._(id, values));
          expect(ours._({ id, values }), id).toBe(lingui._({ id, values }));
        }
      }
      // An id the catalogue leaves out reads as itself, as with Lingui (which also warns).
      expect(ours._("Not in the catalogue")).toBe("Not in the catalogue");
    });

    it(`renders every message's <Trans> as Lingui does, elements and element values included (${locale})`, () => {
      const components: Record<string, ReactElement> = Object.fromEntries(
        Array.from({ length: 6 }, (_, index) => [
          index,
          index % 2 ? <a href={`/to/${index}`}>link</a> : <strong className={`c${index}`}>kept</strong>,
        ]),
      );
      const render = (element: ReactElement) => renderToStaticMarkup(element);
      for (const [id, tokens] of Object.entries(messages)) {
        const values: Record<string, unknown> = valuesOf(tokens, 2);
        const names = Object.keys(values);
        // One text value as an element instead, as `<Trans>` gets for `{<Link/>}` in the source.
        const first = names.find((name) => typeof values[name] === "string");
        if (first) values[first] = <em>{first}</em>;
        const theirs = render(
          <LinguiProvider i18n={lingui}>
            <LinguiTrans id={id} values={values} components={components} />
          </LinguiProvider>,
        );
        const mine = render(
          <I18nProvider i18n={ours}>
            <Trans id={id} values={values} components={components} />
          </I18nProvider>,
        );
        expect(mine, id).toBe(theirs);
      }
    });
  }
});
