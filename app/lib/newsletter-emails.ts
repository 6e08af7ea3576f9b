import { shelter } from "#app/config/shelter";
import { signature, type Email } from "./emails";

/**
 * Every newsletter email names its unsubscribe link twice: in the text and in the List-Unsubscribe
 * header (with List-Unsubscribe-Post, RFC 8058, so mail apps offer one-click unsubscribe).
 */
function withUnsubscribe(email: Omit<Email, "headers">, unsubscribeLink: string): Email {
  return {
    ...email,
    text: `${email.text}\n\nTo unsubscribe, open this link:\n\n${unsubscribeLink}${signature}`,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export function confirmNewsletterMessage(to: string, confirmLink: string, unsubscribeLink: string): Email {
  const email = withUnsubscribe(
    {
      to,
      subject: `Confirm your subscription to the ${shelter.name} newsletter`,
      text: `Hello,\n\nSomeone (we hope you) asked to receive the ${shelter.name} newsletter at this address. Confirm here:\n\n${confirmLink}\n\nThe link works for 7 days. Until you confirm, we send you nothing else; if it was not you, ignore this message.`,
    },
    unsubscribeLink,
  );
  return { ...email, aboutTheAddress: true };
}

export function welcomeNewsletterMessage(to: string, unsubscribeLink: string): Email {
  return withUnsubscribe(
    {
      to,
      subject: `You are subscribed to the ${shelter.name} newsletter`,
      text: `Hello,\n\nThank you: your subscription is confirmed. Our next newsletter will be in your inbox soon, with the pets waiting for a home and news from the shelter.`,
    },
    unsubscribeLink,
  );
}
