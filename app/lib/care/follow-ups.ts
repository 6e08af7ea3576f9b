import { addDays, addMonths } from "./calendar";
import { latestByDisease, reminderDayFor, type VaccinationRecord } from "./vaccinations";

/**
 * What the shelter e-mails an adopter after an adoption, and when (issue 45, decision 067): check-ins
 * three days, three weeks and three months after, and a reminder a week before each next due
 * vaccination and before the spay/neuter date staff set for a pet adopted too young. Pure: the hourly
 * run asks which are due on its day, and records each one it sends, so it is sent once.
 */
export const checkIns = ["check-in-3d", "check-in-3w", "check-in-3m"] as const;
export type FollowUpKind =
  (typeof checkIns)[number] | "vaccine-due" | "fixed-due" | "vaccine-due-day" | "fixed-due-day";

/** What a reminder is about: a reminder and its second one, on the due day, share it ("done" stops both). */
export const reminderOf = (kind: string) => kind.replace(/-day$/, "");

/** The second reminder is sent on the due day, and up to this many days after, unless the adopter said "done". */
export const dueDayLateDays = 3;

export interface FollowUp {
  kind: FollowUpKind;
  /** What a reminder is about (the vaccination's id), "" for the rest. */
  item: string;
  /** The day it is sent from. */
  sendOn: string;
  /** For a reminder: the due day itself. */
  dueOn: string | null;
}

/** A follow-up not sent by then (the run did not happen, or the address was not confirmed yet) is no longer sent. */
export const followUpLateDays = 7;

export function checkInDay(kind: (typeof checkIns)[number], adoptedOn: string): string {
  return kind === "check-in-3d"
    ? addDays(adoptedOn, 3)
    : kind === "check-in-3w"
      ? addDays(adoptedOn, 21)
      : addMonths(adoptedOn, 3);
}

/**
 * The follow-ups due on `today` (the shelter's day) for a pet adopted on `adoptedOn`: each from its day
 * until a week later (a reminder: until its due day). Reminders only for what falls due after the
 * adoption, for the latest dose of each vaccine.
 */
export function dueFollowUps(
  pet: {
    adoptedOn: string;
    vaccinations: readonly (VaccinationRecord & { id: number })[];
    fixed: string;
    fixedDueOn: string | null;
    /** The reminders the adopter answered "done" (`reminderOf(kind):item`): none of them again. */
    done?: ReadonlySet<string>;
  },
  today: string,
): FollowUp[] {
  const done = pet.done ?? new Set<string>();
  const due: FollowUp[] = [];
  const within = (from: string, until: string) => from <= today && today <= until;
  for (const kind of checkIns) {
    const day = checkInDay(kind, pet.adoptedOn);
    if (within(day, addDays(day, followUpLateDays))) due.push({ kind, item: "", sendOn: day, dueOn: null });
  }
  for (const vaccination of latestByDisease(pet.vaccinations)) {
    if (!vaccination.nextDueOn || vaccination.nextDueOn <= pet.adoptedOn) continue;
    const item = String(vaccination.id);
    if (done.has(`vaccine-due:${item}`)) continue;
    const day = reminderDayFor(vaccination.nextDueOn);
    const dueOn = vaccination.nextDueOn;
    if (within(day, addDays(dueOn, -1))) due.push({ kind: "vaccine-due", item, sendOn: day, dueOn });
    if (within(dueOn, addDays(dueOn, dueDayLateDays)))
      due.push({ kind: "vaccine-due-day", item, sendOn: dueOn, dueOn });
  }
  if (pet.fixed !== "yes" && pet.fixedDueOn && pet.fixedDueOn > pet.adoptedOn && !done.has("fixed-due:")) {
    const dueOn = pet.fixedDueOn;
    const day = reminderDayFor(dueOn);
    if (within(day, addDays(dueOn, -1))) due.push({ kind: "fixed-due", item: "", sendOn: day, dueOn });
    if (within(dueOn, addDays(dueOn, dueDayLateDays)))
      due.push({ kind: "fixed-due-day", item: "", sendOn: dueOn, dueOn });
  }
  return due;
}

/** How long after an adoption the run still looks at the pet: reminders of yearly vaccines, up to three years. */
export const followUpDays = 3 * 366;
