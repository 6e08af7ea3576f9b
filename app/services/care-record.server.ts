import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { dayIn } from "#app/lib/care/calendar";
import { careRecordMessage, withCareSummary } from "#app/lib/care/care-email";
import type { Email } from "#app/lib/email/emails";
import type { I18n } from "@lingui/core";
import { careSummaryOf } from "#app/models/care.server";
import { getPet } from "#app/models/pets.server";

/**
 * The adoption e-mail carries the pet's care record (issue 45, decision 067): `email` as it is for any
 * other status, and for "adopted" with the care summary and a calendar file per next due date. A care
 * record that cannot be read leaves the e-mail as it was: the adoption news still goes.
 */
export async function adoptionEmailWithCare(
  db: Database,
  petId: number,
  status: string,
  email: Email,
  i18n: I18n,
  origin: string,
): Promise<Email> {
  if (status !== "adopted") return email;
  try {
    const [pet, care] = await Promise.all([getPet(db, petId), careSummaryOf(db, petId, { withChipNumber: true })]);
    if (!pet) return email;
    return withCareSummary(
      email,
      pet,
      care,
      dayIn(shelter.openingHours.timeZone, new Date()),
      new URL(origin).host,
      i18n,
    );
  } catch (error) {
    console.error("could not add the care record to the adoption e-mail", error);
    return email;
  }
}

/** For a pet marked adopted on its page without an application: the care record in an e-mail of its own. */
export async function careRecordEmail(
  db: Database,
  pet: { id: number; name: string; sex: string },
  to: string,
  i18n: I18n,
  origin: string,
): Promise<Email> {
  const care = await careSummaryOf(db, pet.id, { withChipNumber: true });
  return careRecordMessage(to, pet, care, dayIn(shelter.openingHours.timeZone, new Date()), new URL(origin).host, i18n);
}
