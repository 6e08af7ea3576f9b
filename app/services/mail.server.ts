import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { headerValue, type Email } from "#app/lib/email/emails";
import { keepInOutbox } from "#app/models/outbox.server";
import { isProvenAddress } from "#app/models/proven-addresses.server";
import type { AppConfig } from "./config.server";

export interface Mailer {
  send(email: Email): Promise<void>;
}

/** A header's name as RFC 5322 allows it (printable ASCII but the colon); anything else is dropped. */
const headerName = /^[!-9;-~]+$/;

/**
 * Every value that reaches a mail header (recipient, subject, extra headers) with its control
 * characters made spaces: whatever a person typed into a name or a subject, it cannot add a header
 * nor end the headers (decision 041). The text keeps its line breaks.
 */
export function withCleanHeaders(email: Email): Email {
  const headers = email.headers
    ? Object.fromEntries(
        Object.entries(email.headers).flatMap(([name, value]) =>
          headerName.test(name) ? [[name, headerValue(value)]] : [],
        ),
      )
    : undefined;
  return { ...email, to: headerValue(email.to), subject: headerValue(email.subject), ...(headers ? { headers } : {}) };
}

/**
 * Whether this mail may go to its address: the shelter's own, a mail about the address itself
 * (confirming or recovering it, an invitation to it), or an address its owner has proven. Nothing
 * else goes to an address a stranger merely typed (decision 041).
 */
async function mayReceive(db: Database, email: Email): Promise<boolean> {
  if (email.aboutTheAddress) return true;
  if (email.to.toLowerCase() === shelter.email.toLowerCase()) return true;
  return isProvenAddress(db, email.to);
}

/**
 * Sends email through an HTTP mail API (Resend's JSON shape: from, to, subject, text, headers) in production,
 * or keeps it in the D1 outbox that /dev/outbox shows, locally and in tests. Every mail the site sends,
 * at once, after the answer or from the queue, passes here: its headers are cleaned, and a mail for an
 * address nobody has proven is withheld (logged, not sent, not an error: a queued one counts as done).
 */
export function createMailer(config: AppConfig["mail"], db: Database): Mailer {
  const deliver: (email: Email) => Promise<void> =
    config.transport === "outbox"
      ? (email) => keepInOutbox(db, email)
      : async (email) => {
          if (!config.apiKey) throw new Error("MAIL_API_KEY is not set");
          const response = await fetch(config.apiUrl, {
            method: "POST",
            headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
            body: JSON.stringify({
              from: config.from,
              to: [email.to],
              subject: email.subject,
              text: email.text,
              headers: email.headers,
              // Resend's shape: base64 content with a file name and type.
              ...(email.attachments?.length
                ? {
                    attachments: email.attachments.map(({ filename, contentType, content }) => ({
                      filename,
                      content_type: contentType,
                      content: base64(content),
                    })),
                  }
                : {}),
            }),
          });
          if (!response.ok) throw new Error(`mail API answered ${response.status}`);
        };
  return {
    async send(email) {
      const clean = withCleanHeaders(email);
      if (!(await mayReceive(db, clean))) {
        console.log("email withheld: its address is not proven", clean.subject);
        return;
      }
      await deliver(clean);
    },
  };
}

/** UTF-8 text as base64 (btoa takes Latin-1 only). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
