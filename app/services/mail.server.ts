import type { Database } from "#app/db/client.server";
import type { Email } from "#app/lib/emails";
import { keepInOutbox } from "#app/models/outbox.server";
import type { AppConfig } from "./config.server";

export interface Mailer {
  send(email: Email): Promise<void>;
}

/**
 * Sends e-mail through an HTTP mail API (Resend's JSON shape: from, to, subject, text, headers) in production,
 * or keeps it in the D1 outbox that /dev/outbox shows, locally and in tests.
 */
export function createMailer(config: AppConfig["mail"], db: Database): Mailer {
  if (config.transport === "outbox") return { send: (email) => keepInOutbox(db, email) };
  return {
    async send(email) {
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
          ...(email.attachments?.length ? { attachments: email.attachments.map(({ filename, contentType, content }) => ({ filename, content_type: contentType, content: base64(content) })) } : {}),
        }),
      });
      if (!response.ok) throw new Error(`mail API answered ${response.status}`);
    },
  };
}

/** UTF-8 text as base64 (btoa takes Latin-1 only). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
