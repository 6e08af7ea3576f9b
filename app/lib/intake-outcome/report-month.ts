import { addMonths } from "./figures";

/**
 * The month a staff member asked for (`?month=2026-10`), or the last whole month: only a real month
 * from ten years back up to this one (the shelter's), so the report never reads what cannot be.
 */
export function reportMonthOf(value: string | null, today: string): string {
  const thisMonth = today.slice(0, 7);
  const lastWhole = addMonths(thisMonth, -1);
  if (value === null || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return lastWhole;
  return value <= thisMonth && value >= addMonths(thisMonth, -120) ? value : lastWhole;
}

/** The months offered in the report's month list, newest first: this one and the 35 before it. */
export function reportMonthChoices(today: string): string[] {
  return Array.from({ length: 36 }, (_, index) => addMonths(today.slice(0, 7), -index));
}
