import { i18n, type Messages } from "@lingui/core";
import { localeOfPath, type Locale } from "#app/lib/i18n/locale";
import { replyMessagesId } from "./reply-messages";

/**
 * The browser's side of the split catalogues (decision 059). The build (scripts/lib/route-messages.ts)
 * gives the root, each route module and each module loaded by `import()` a catalogue per language
 * holding only the messages of its own code, and adds to that code a call below with the loaders of
 * those catalogues. The page's language is its address's and one page load shows one language, so
 * only that language's catalogue is fetched, as soon as the code that needs it is evaluated.
 */
export type MessageLoaders = Record<Locale, () => Promise<{ messages: Messages }>>;

const pending = new Set<Promise<void>>();

function load(loaders: MessageLoaders): Promise<void> {
  const locale = localeOfPath(window.location.pathname);
  const loading: Promise<void> = loaders[locale]().then(
    ({ messages }) => {
      pending.delete(loading);
      i18n.load(locale, messages);
    },
    // A catalogue that cannot load (a deploy in between, the network gone) leaves its messages in
    // English, the ids' own text where it has one, rather than a page that never hydrates.
    () => void pending.delete(loading),
  );
  pending.add(loading);
  return loading;
}

/** Run by each route module as it is evaluated (added by the build): starts loading its messages. */
export function registerMessages(loaders: MessageLoaders): void {
  void load(loaders);
}

/** Wraps each `import()` of our code (added by the build): the module and its messages, in parallel. */
export function withMessages<T>(module: Promise<T>, loaders: MessageLoaders): Promise<T> {
  return Promise.all([module, load(loaders)]).then(([loaded]) => loaded);
}

/**
 * Resolves once every catalogue asked for so far has loaded: entry.client.tsx waits for it before
 * hydrating, and Remix's route loading (patched, patches/@remix-run+react) before rendering a route
 * reached by a link.
 */
export async function messagesReady(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * The messages a form's reply in the page names, sent by the server with it (app/entry.server.tsx):
 * loaded before hydrating, and the element removed (React did not render it).
 */
export function loadReplyMessages(): void {
  const element = document.getElementById(replyMessagesId);
  if (!element) return;
  element.remove();
  try {
    i18n.load(localeOfPath(window.location.pathname), JSON.parse(element.textContent ?? "{}") as Messages);
  } catch {
    // Unreadable: the reply's messages show as their ids say (English).
  }
}

declare global {
  interface Window {
    __messagesReady?: () => Promise<void>;
  }
}
if (typeof window !== "undefined") window.__messagesReady = messagesReady;
