import type { AppLoadContext } from "@remix-run/cloudflare";
import { registerEmailLanguages, type Email } from "#app/lib/email/emails";
import { i18nFor } from "#app/locales/catalogs.server";
import { queueEmail } from "#app/models/queued-emails.server";

// The build's catalogues, for the emails the scheduled run writes (server/index.ts, decision 057).
registerEmailLanguages(i18nFor);

/**
 * Sends an email after the answer has gone (waitUntil): what it tells is already saved, so a mail
 * failure never undoes the change nor shows the person an error. A send that fails is queued, and the
 * hourly scheduled run tries it again (decision 031); only if D1 refuses that too is it merely logged.
 * A mail about the address itself is not queued (the queue keeps no such mark, so it would be withheld
 * as unproven): its link is short-lived, and the person asks for it again (decision 041).
 */
export function sendAfterResponse(context: AppLoadContext, composed: Email | Promise<Email>) {
  // An email still being composed (the adoption e-mail reads the care record, issue 45) is sent once it is.
  context.cloudflare.ctx.waitUntil(
    Promise.resolve(composed)
      .then((email) =>
        context.mailer.send(email).catch(async (error: unknown) => {
          if (email.aboutTheAddress) return console.error("email about an address not sent", email.subject, error);
          console.error("email not sent; queued for the next scheduled run", email.subject, error);
          await queueEmail(context.db, email).catch((queueError: unknown) =>
            console.error("email not sent nor queued", email.subject, queueError),
          );
        }),
      )
      .catch((error: unknown) => console.error("email not composed", error)),
  );
}
