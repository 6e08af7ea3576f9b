import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Email } from "#app/lib/emails";
import { queueEmail } from "#app/models/queued-emails.server";

/**
 * Sends an e-mail after the answer has gone (waitUntil): what it tells is already saved, so a mail
 * failure never undoes the change nor shows the person an error. A send that fails is queued, and the
 * hourly scheduled run tries it again (decision 031); only if D1 refuses that too is it merely logged.
 */
export function sendAfterResponse(context: AppLoadContext, email: Email) {
  context.cloudflare.ctx.waitUntil(
    context.mailer.send(email).catch(async (error: unknown) => {
      console.error("e-mail not sent; queued for the next scheduled run", email.subject, error);
      await queueEmail(context.db, email).catch((queueError: unknown) => console.error("e-mail not sent nor queued", email.subject, queueError));
    }),
  );
}
