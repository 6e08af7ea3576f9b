/**
 * The meet-and-greet slots of a hold's window (decision 048). Pure: the opening hours, the slot length
 * and the capacity come in as arguments (app/config/shelter.ts and the staff setting in the app).
 * Instants are UTC `Date`s; they are shown in the shelter's time zone.
 */
import { closeOfNextBusinessDay, formatHoldEnd, openPeriodsBetween, type OpeningHours } from "./business-hours";
import { languageTag, type Locale } from "../i18n/locale";

export interface Slot {
  start: Date;
  end: Date;
}

/**
 * Every slot of `slotMinutes` that starts after `now` (one already started is not offered) and ends by
 * `until` (the hold's end), inside the opening hours of each business day in between.
 */
export function slotsInWindow(window: { now: Date; until: Date; hours: OpeningHours; slotMinutes: number }): Slot[] {
  const { now, until, hours, slotMinutes } = window;
  if (!(slotMinutes > 0) || until <= now) return [];
  const step = slotMinutes * 60 * 1000;
  const slots: Slot[] = [];
  for (const period of openPeriodsBetween(now, until, hours)) {
    for (let start = period.opens.getTime(); start + step <= period.closes.getTime(); start += step) {
      if (start <= now.getTime() || start + step > until.getTime()) continue;
      slots.push({ start: new Date(start), end: new Date(start + step) });
    }
  }
  return slots;
}

export interface FreeSlot extends Slot {
  /** Places left (capacity minus visits booked in it). */
  left: number;
}

/**
 * The slots with a place left. `booked` counts active visits by their start (ms); `keep` is the start
 * of the adopter's own visit, which stays offered (moving to the same slot changes nothing).
 */
export function freeSlots(
  slots: Slot[],
  booked: ReadonlyMap<number, number>,
  capacity: number,
  keep?: number,
): FreeSlot[] {
  return slots
    .map((slot) => {
      const taken = booked.get(slot.start.getTime()) ?? 0;
      const own = keep === slot.start.getTime() ? 1 : 0;
      return { ...slot, left: capacity - taken + own };
    })
    .filter((slot) => slot.left > 0);
}

/** Whether `start` is one of the slots (a posted start time must name a real slot). */
export function findSlot(slots: Slot[], start: number): Slot | undefined {
  return slots.find((slot) => slot.start.getTime() === start);
}

/** "Tue Nov 24, 2:30 pm": a visit's start in the shelter's time zone. */
export const formatVisitTime = (instant: Date | string, timeZone: string, locale: Locale = "en") =>
  formatHoldEnd(instant, timeZone, locale);

/** "Tuesday, November 24": the heading slots are grouped under. */
export function formatVisitDay(instant: Date | string, timeZone: string, locale: Locale = "en"): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : languageTag[locale], {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date(instant));
}

/** "2:30 pm": a slot's time of day in the shelter's time zone. */
export function formatSlotTime(instant: Date | string, timeZone: string, locale: Locale = "en"): string {
  return formatHoldEnd(instant, timeZone, locale).split(", ").pop() ?? "";
}

/** Slots grouped by local day, in order, for the form's fieldsets. */
export function groupByDay<T extends Slot>(
  slots: T[],
  timeZone: string,
  locale: Locale = "en",
): { day: string; slots: T[] }[] {
  const groups: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = formatVisitDay(slot.start, timeZone, locale);
    const last = groups.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else groups.push({ day, slots: [slot] });
  }
  return groups;
}

/** When a reply is due: the close of the `businessDays`-th business day after `from` (config: 2). */
export function replyDue(from: Date, businessDays: number, hours: OpeningHours): Date {
  let due = from;
  for (let day = 0; day < businessDays; day += 1) due = closeOfNextBusinessDay(due, hours);
  return due;
}

/** "3 hours", "2 days": how long an item has waited. */
export function formatWaited(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60000));
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hoursWaited = Math.floor(minutes / 60);
  if (hoursWaited < 48) return hoursWaited === 1 ? "1 hour" : `${hoursWaited} hours`;
  const days = Math.floor(hoursWaited / 24);
  return `${days} days`;
}
