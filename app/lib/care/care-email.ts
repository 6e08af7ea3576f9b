import type { I18n } from "@lingui/core";
import { createEvent } from "ics";
import { aahaChipLookupUrl } from "#app/config/microchips";
import { shelter } from "#app/config/shelter";
import { greetingIn, localeOfI18n, signature, type Email } from "#app/lib/email/emails";
import { calendarDateIn } from "#app/lib/i18n/staff-dates";
import { chipManufacturerOf } from "./microchip";
import type { FixedStatus } from "./public-facts";
import { latestByDisease, upcomingDueDates, vaccineName, type VaccinationRecord } from "./vaccinations";

/** What the adopter takes home of a pet's care (issue 45): the chip number, but never a lot or a note. */
export interface CareSummary {
  fixed: FixedStatus;
  fixedOn: string | null;
  fixedDueOn: string | null;
  chipNumber: string | null;
  vaccinations: VaccinationRecord[];
}

/**
 * The care record as the adoption e-mail carries it, in the adopter's language: each vaccination with
 * its date and next due date, spay or neuter, and the chip number with exactly how to register it to
 * the adopter (its maker's page, or the AAHA lookup that finds the registry of any chip).
 */
export function careSummaryText(pet: { name: string; sex: string }, care: CareSummary, i18n: I18n): string {
  const locale = localeOfI18n(i18n);
  const day = (value: string) => calendarDateIn(locale, value);
  const petName = pet.name;
  const lines = [i18n._("{petName}'s care record, to keep:", { petName }), "", i18n._("Vaccinations:")];
  const vaccinations = latestByDisease(care.vaccinations).sort((a, b) => a.givenOn.localeCompare(b.givenOn));
  if (vaccinations.length === 0) lines.push(`- ${i18n._("None on record.")}`);
  for (const vaccination of vaccinations) {
    const vaccine = vaccineName(vaccination);
    const given = day(vaccination.givenOn);
    lines.push(
      vaccination.nextDueOn
        ? `- ${i18n._("{vaccine}: given {given}, next due {due}", { vaccine, given, due: day(vaccination.nextDueOn) })}`
        : `- ${i18n._("{vaccine}: given {given}", { vaccine, given })}`,
    );
  }
  lines.push("");
  const female = pet.sex === "Female";
  if (care.fixed === "yes") {
    lines.push(
      care.fixedOn
        ? female
          ? i18n._("Spayed on {date}.", { date: day(care.fixedOn) })
          : i18n._("Neutered on {date}.", { date: day(care.fixedOn) })
        : female
          ? i18n._("Spayed.")
          : i18n._("Neutered."),
    );
  } else if (care.fixed === "no" && care.fixedDueOn) {
    lines.push(i18n._("Not spayed or neutered yet: please have it done by {date}.", { date: day(care.fixedDueOn) }));
  } else if (care.fixed === "no") {
    lines.push(i18n._("Not spayed or neutered yet."));
  }
  if (care.chipNumber) {
    const chip = care.chipNumber;
    const maker = chipManufacturerOf(chip);
    lines.push("", i18n._("Microchip number: {chip}", { chip }));
    lines.push(
      maker
        ? i18n._(
            "Register the chip to yourself, so that whoever finds {petName} calls you: on {maker}'s page below, enter the chip number above with your name, address and phone.",
            { petName, maker: maker.name },
          )
        : i18n._(
            "Register the chip to yourself, so that whoever finds {petName} calls you: the AAHA lookup below tells which registry holds the chip; there, enter the chip number above with your name, address and phone.",
            { petName },
          ),
    );
    if (maker) lines.push("", maker.registrationUrl);
    lines.push("", i18n._("The AAHA universal microchip lookup:"), "", aahaChipLookupUrl);
  }
  return lines.join("\n");
}

/**
 * One calendar file (.ics) for each next due date still to come: an all-day entry on the due day. In
 * English, as the visit's entry is (calendars show it as written).
 */
export function careCalendars(
  pet: { id: number; name: string },
  care: CareSummary,
  today: string,
  siteHost: string,
): NonNullable<Email["attachments"]> {
  return upcomingDueDates(care.vaccinations, today).map((vaccination) => {
    const vaccine = vaccineName(vaccination);
    const [year, month, date] = vaccination.nextDueOn.split("-").map(Number) as [number, number, number];
    const { error, value } = createEvent({
      uid: `care-${pet.id}-${vaccine.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${vaccination.nextDueOn}@${siteHost}`,
      productId: `${shelter.shortName.toLowerCase()}/care`,
      title: `${pet.name}: ${vaccine} vaccination due`,
      description: `${pet.name}'s ${vaccine} vaccination is due. Adopted from ${shelter.name}, ${shelter.phone}.`,
      start: [year, month, date],
      duration: { days: 1 },
    });
    if (error || !value) throw new Error(`could not make the calendar entry: ${String(error)}`);
    const slug = vaccine.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "vaccine";
    return {
      filename: `${slug}-due-${vaccination.nextDueOn}.ics`,
      contentType: "text/calendar; charset=utf-8",
      content: value,
    };
  });
}

/** `email` with the care record before its signature, and a calendar file for each next due date. */
export function withCareSummary(
  email: Email,
  pet: { id: number; name: string; sex: string },
  care: CareSummary,
  today: string,
  siteHost: string,
  i18n: I18n,
): Email {
  const summary = careSummaryText(pet, care, i18n);
  const calendars = careCalendars(pet, care, today, siteHost);
  const calendarNote =
    calendars.length > 0
      ? `\n\n${i18n._("The attached calendar files (.ics) put each next due date in your phone's calendar.")}`
      : "";
  const body = email.text.endsWith(signature) ? email.text.slice(0, -signature.length) : email.text;
  return {
    ...email,
    text: `${body}\n\n${summary}${calendarNote}${signature}`,
    attachments: [...(email.attachments ?? []), ...calendars],
  };
}

/** A care-record e-mail of its own, for an adopter marked on the pet's page without an application. */
export function careRecordMessage(
  to: string,
  pet: { id: number; name: string; sex: string },
  care: CareSummary,
  today: string,
  siteHost: string,
  i18n: I18n,
): Email {
  const petName = pet.name;
  const email: Email = {
    to,
    subject: i18n._("{petName}'s care record", { petName }),
    text: `${greetingIn(i18n, "")}\n\n${i18n._("{pet} is now yours. Congratulations, and thank you for adopting from {name}!", { pet: petName, name: shelter.name })}${signature}`,
  };
  return withCareSummary(email, pet, care, today, siteHost, i18n);
}
