import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { greetingIn, signature, type Email } from "./emails";

// In the language of the page the address signed up on (decision 057): the confirmation link leads to
// that language's page, which sends the welcome in it too; no language is stored for a subscriber.

/**
 * Every newsletter email names its unsubscribe link twice: in the text and in the List-Unsubscribe
 * header (with List-Unsubscribe-Post, RFC 8058, so mail apps offer one-click unsubscribe).
 */
function withUnsubscribe(email: Omit<Email, "headers">, unsubscribeLink: string, i18n: I18n): Email {
  return {
    ...email,
    text: `${email.text}\n\n${i18n._("To unsubscribe, open this link:")}\n\n${unsubscribeLink}${signature}`,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export function confirmNewsletterMessage(to: string, confirmLink: string, unsubscribeLink: string, i18n: I18n): Email {
  const name = shelter.name;
  const email = withUnsubscribe(
    {
      to,
      subject: i18n._("Confirm your subscription to the {name} newsletter", { name }),
      text: `${greetingIn(i18n, "")}\n\n${i18n._("Someone (we hope you) asked to receive the {name} newsletter at this address. Confirm here:", { name })}\n\n${confirmLink}\n\n${i18n._("The link works for 7 days. Until you confirm, we send you nothing else; if it was not you, ignore this message.")}`,
    },
    unsubscribeLink,
    i18n,
  );
  return { ...email, aboutTheAddress: true };
}

export function welcomeNewsletterMessage(to: string, unsubscribeLink: string, i18n: I18n): Email {
  return withUnsubscribe(
    {
      to,
      subject: i18n._("You are subscribed to the {name} newsletter", { name: shelter.name }),
      text: `${greetingIn(i18n, "")}\n\n${i18n._("Thank you: your subscription is confirmed. Our next newsletter will be in your inbox soon, with the pets waiting for a home and news from the shelter.")}`,
    },
    unsubscribeLink,
    i18n,
  );
}
