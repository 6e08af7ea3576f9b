import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";

/**
 * Form messages in two languages with one schema (decision 057). A zod schema's message is its English
 * text, which is also the id of its catalogue entry (marked `/*i18n*\/` for extraction), so the schema
 * has one definition; whoever shows the message (the page on the server, the live check in the
 * browser) translates it with the page's catalogue. A message no catalogue has (a schema not yet
 * translated) shows as written. The placeholders a message may use without values of its own are the
 * shelter's: {name}.
 */
export function formMessage(i18n: I18n, message: string): string {
  // A message the action already wrote in the page's language (its own refusals) is shown as it is.
  return Object.hasOwn(i18n.messages, message) ? i18n._(message, { name: shelter.name }) : message;
}
