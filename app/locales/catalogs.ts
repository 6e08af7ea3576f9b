import type { Messages } from "@lingui/core";
import type { Locale } from "#app/lib/locale";

/**
 * Each language's catalogue as its own module (decision 057): the browser loads only its page's
 * language, once, before hydrating (entry.client.tsx).
 */
export const loadCatalog: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./en/messages.po"),
  es: () => import("./es/messages.po"),
};
