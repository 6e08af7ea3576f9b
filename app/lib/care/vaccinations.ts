import { addDays } from "./calendar";

/** The diseases staff pick from, by species (issue 45); any other is typed ("other"). */
export const dogVaccines = ["rabies", "dhpp", "bordetella", "leptospirosis", "canine-influenza"] as const;
export const catVaccines = ["rabies", "fvrcp", "felv"] as const;
export const vaccineKeys = [
  "rabies",
  "dhpp",
  "bordetella",
  "leptospirosis",
  "canine-influenza",
  "fvrcp",
  "felv",
  "other",
] as const;
export type VaccineKey = (typeof vaccineKeys)[number];

/** The choices for a pet of `species` ("Dog", "Cat", anything else), "other" last. */
export function vaccinesFor(species: string): VaccineKey[] {
  const kind = species.toLowerCase();
  const list: readonly VaccineKey[] = kind === "dog" ? dogVaccines : kind === "cat" ? catVaccines : ["rabies"];
  return [...list, "other"];
}

/** Names as vets write them: the same in English and Spanish (acronyms and disease names on vaccine labels). */
export const vaccineNames: Record<Exclude<VaccineKey, "other">, string> = {
  rabies: "Rabies",
  dhpp: "DHPP",
  bordetella: "Bordetella",
  leptospirosis: "Leptospirosis",
  "canine-influenza": "Canine influenza",
  fvrcp: "FVRCP",
  felv: "FeLV",
};

export interface VaccinationRecord {
  disease: VaccineKey;
  /** The disease's name when `disease` is "other". */
  otherName: string | null;
  givenOn: string;
  nextDueOn: string | null;
}

/** How a vaccination's disease reads. */
export function vaccineName(vaccination: Pick<VaccinationRecord, "disease" | "otherName">): string {
  return vaccination.disease === "other" ? (vaccination.otherName ?? "").trim() : vaccineNames[vaccination.disease];
}

/** One vaccination per disease: the latest given (an earlier dose's due date is met by the later dose). */
export function latestByDisease<T extends VaccinationRecord>(vaccinations: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const vaccination of vaccinations) {
    const key = vaccineName(vaccination).toLowerCase();
    const seen = latest.get(key);
    if (!seen || seen.givenOn < vaccination.givenOn) latest.set(key, vaccination);
  }
  return [...latest.values()];
}

/** Vaccinations whose latest dose was due before `today`. */
export function overdueVaccinations<T extends VaccinationRecord>(vaccinations: readonly T[], today: string): T[] {
  return latestByDisease(vaccinations).filter(
    (vaccination) => vaccination.nextDueOn !== null && vaccination.nextDueOn < today,
  );
}

/**
 * "Vaccinations up to date", as the public page says it: at least one vaccination on record and none
 * overdue on `today` (the shelter's day). No record at all says nothing, rather than "up to date".
 */
export function vaccinationsUpToDate(vaccinations: readonly VaccinationRecord[], today: string): boolean {
  return vaccinations.length > 0 && overdueVaccinations(vaccinations, today).length === 0;
}

/** Next due dates still to come, earliest first, one per disease: the adopter's calendar and reminders. */
export function upcomingDueDates<T extends VaccinationRecord>(
  vaccinations: readonly T[],
  today: string,
): (T & { nextDueOn: string })[] {
  return latestByDisease(vaccinations)
    .filter(
      (vaccination): vaccination is T & { nextDueOn: string } =>
        vaccination.nextDueOn !== null && vaccination.nextDueOn >= today,
    )
    .sort((a, b) => a.nextDueOn.localeCompare(b.nextDueOn));
}

/** Reminders go this many days before a due date. */
export const reminderDaysBefore = 7;

/** The day a reminder for something due on `dueOn` is sent. */
export function reminderDayFor(dueOn: string): string {
  return addDays(dueOn, -reminderDaysBefore);
}
