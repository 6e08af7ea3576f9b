import type { I18n as LinguiI18n, MessageDescriptor, Messages } from "@lingui/core";

/**
 * The part of `@lingui/core` the browser uses, for the client build only (vite.config.ts aliases
 * `@lingui/core` to this file there; the server, emails and scripts use Lingui itself). Decision 060:
 * Lingui's browser runtime is 2.7 KB gzip of every page; this is what our compiled catalogues need of
 * it — plain text, `{name}` placeholders and ICU plurals (`#` as a number) — in about a third of that.
 * `browser-lingui.test.tsx` renders every message of both catalogues with this and with Lingui and
 * fails on any difference, and on any message using a format this does not handle.
 */
type Token = string | [string] | [string, string, Record<string, unknown>];
type Values = Record<string, unknown>;

const octothorpe = "%__lingui_octothorpe__%";
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let found = cache.get(locale);
  if (!found) cache.set(locale, (found = make()));
  return found;
}

/** Lingui's `interpolate`, for the token kinds above (a plural's `#` is the number in the page's language). */
function format(tokens: unknown, locale: string, values: Values, inPlural = false): string {
  if (!Array.isArray(tokens)) return tokens as string;
  let message = "";
  for (const token of tokens as Token[]) {
    if (token === "#" && inPlural) message += octothorpe;
    else if (typeof token === "string") message += token;
    else {
      const [name, type, cases] = token;
      let value = values[name];
      if (type === "plural" && cases) {
        const count = value as number;
        const offset = (cases.offset as number | undefined) ?? 0;
        const rule = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count - offset);
        const chosen = format(cases[count] ?? cases[rule] ?? cases.other, locale, values, true);
        value = chosen.replace(
          new RegExp(octothorpe, "g"),
          cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count - offset),
        );
      }
      if (value != null) message += value as string;
    }
  }
  return message;
}

export class I18n {
  private current = "";
  private catalogues: Record<string, Messages> = {};
  private listeners = new Set<() => void>();

  get locale() {
    return this.current;
  }

  get messages(): Messages {
    return this.catalogues[this.current] ?? {};
  }

  load(locale: string, messages: Messages) {
    Object.assign((this.catalogues[locale] ??= {}), messages);
    this.emit();
  }

  activate(locale: string) {
    this.current = locale;
    this.emit();
  }

  /** Only "change" is ever emitted. */
  on(_event: "change", listener: () => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /**
   * A message by id, or by descriptor. A message the catalogue leaves out (one that is its own id,
   * scripts/lib/route-messages.ts) reads as its id; so does one no catalogue loaded yet.
   */
  _ = (id: string | MessageDescriptor, values?: Values, options?: { message?: string }): string => {
    let message = options?.message;
    if (typeof id !== "string") {
      values = (id.values as Values | undefined) ?? values;
      message = id.message;
      id = id.id;
    }
    const translation = this.messages[id] ?? message ?? id;
    return typeof translation === "string" ? translation : format(translation, this.current, values ?? {});
  };

  t = this._;
}

export function setupI18n(params: { locale?: string; messages?: Record<string, Messages> } = {}): LinguiI18n {
  const made = new I18n();
  for (const [locale, messages] of Object.entries(params.messages ?? {})) made.load(locale, messages);
  if (params.locale) made.activate(params.locale);
  return made as unknown as LinguiI18n;
}

/** The browser's one instance: a page load shows one language (app/entry.client.tsx). */
export const i18n = setupI18n();
