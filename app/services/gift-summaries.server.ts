import type { Database } from "#app/db/client.server";
import { shelter } from "#app/config/shelter";
import type { EmailLanguages } from "#app/lib/email/emails";
import { giftYearSummaryMessage } from "#app/lib/giving/gift-emails";
import { defaultLocale, isLocale } from "#app/lib/i18n/locale";
import { claimOnce, monthlyPaymentsOfYear, petNameOf } from "#app/models/gifts.server";
import type { Mailer } from "./mail.server";

/** The month (1 to 12) of `now` in the shelter's own time zone. */
function shelterMonth(now: Date): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { month: "numeric", timeZone: shelter.openingHours.timeZone }).format(now),
  );
}

/**
 * January's summary for monthly donors (decision 065): each monthly gift paid last year gets one email
 * listing its payments and their total, in the donor's language. The nightly run asks every night; the
 * first January night claims the year (a row of its own in `provider_events`, written once), so the
 * summaries go out once whatever runs again.
 */
export async function sendYearlyGiftSummaries(db: Database, mailer: Mailer, languages: EmailLanguages, now: Date) {
  if (shelterMonth(now) !== 1) return { sent: 0, failed: 0, skipped: "not January" as const };
  const year = now.getUTCFullYear() - 1;
  if ((await claimOnce(db, `job:yearly-gift-summary:${year}`)) === "replayed")
    return { sent: 0, failed: 0, skipped: "already sent" as const };
  const rows = await monthlyPaymentsOfYear(db, year);
  const byGift = new Map<
    number,
    { gift: (typeof rows)[number]["gift"]; payments: (typeof rows)[number]["payment"][] }
  >();
  for (const { gift, payment } of rows) {
    const entry = byGift.get(gift.id) ?? { gift, payments: [] };
    entry.payments.push(payment);
    byGift.set(gift.id, entry);
  }
  let sent = 0;
  let failed = 0;
  for (const { gift, payments } of byGift.values()) {
    const locale = isLocale(gift.language) ? gift.language : defaultLocale;
    const petName = gift.petId ? await petNameOf(db, gift.petId) : null;
    try {
      await mailer.send(giftYearSummaryMessage({ ...gift, petName }, year, payments, locale, languages(locale)));
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error("yearly gift summary not sent", gift.id, error);
    }
  }
  return { sent, failed };
}
