import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Email } from "#app/lib/emails";

/**
 * Sends an e-mail after the answer has gone (waitUntil): what it tells is already saved, so a mail
 * failure is logged and never undoes the change nor shows the person an error.
 */
export function sendAfterResponse(context: AppLoadContext, email: Email) {
  context.cloudflare.ctx.waitUntil(context.mailer.send(email).catch((error: unknown) => console.error("e-mail not sent", email.subject, error)));
}
