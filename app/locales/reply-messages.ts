import type { I18n, Messages } from "@lingui/core";

/**
 * The messages a form's reply names (decision 059). A zod schema's messages are their English text,
 * which is also their catalogue id, and the page translates them as it shows them (lib/i18n/form-messages.ts).
 * The browser holds only the messages of the code it runs, and a form's check (with its schema) loads on
 * the form's first use: a page answered to a post made before the page had hydrated names messages the
 * browser's catalogues do not hold yet. The server sends those few with the page, so that hydration
 * reads as the server's render. Pure: the action data in, the catalogue entries of the page's language out.
 */
export function replyMessages(i18n: I18n, actionData: unknown): Messages {
  const found: Messages = {};
  const all = i18n.messages;
  const stack: unknown[] = [actionData];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      const message = all[value];
      if (message !== undefined) found[value] = message;
    } else if (value && typeof value === "object") {
      stack.push(...Object.values(value));
    }
  }
  return found;
}

/** The id of the element the server sends them in (app/entry.server.tsx, app/entry.client.tsx). */
export const replyMessagesId = "reply-messages";

/** The element itself: JSON, which the browser does not run; `<` escaped so no text can close it. */
export function replyMessagesElement(messages: Messages): string {
  return `<script type="application/json" id="${replyMessagesId}">${JSON.stringify(messages).replace(/</g, "\\u003c")}</script>`;
}
