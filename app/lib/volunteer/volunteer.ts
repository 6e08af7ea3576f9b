/**
 * Volunteer applications (issue 25, decision 053): the roles of the Volunteer page, the week grid of
 * availability, and the statuses staff move an application through. Pure: the form, the staff view,
 * the emails and the schema all read these.
 */
export const volunteerRoles = [
  {
    value: "community-outreach",
    title: /*i18n*/ "Community Outreach",
    hours: /*i18n*/ "4-6 hours/week",
    text: /*i18n*/ "Represent the shelter at fairs, markets and schools, and tell our animals' stories.",
  },
  {
    value: "event-planning",
    title: /*i18n*/ "Event Planning",
    hours: /*i18n*/ "6-8 hours/week",
    text: /*i18n*/ "Help organise adoption days, fundraisers and our yearly Walk for a Dog.",
  },
  {
    value: "social-media",
    title: /*i18n*/ "Social Media",
    hours: /*i18n*/ "3-5 hours/week, remote",
    text: /*i18n*/ "Photograph pets, write their profiles and keep our followers up to date.",
  },
  {
    value: "administrative-support",
    title: /*i18n*/ "Administrative Support",
    hours: /*i18n*/ "4-6 hours/week",
    text: /*i18n*/ "Answer phones, welcome visitors and keep adoption paperwork moving.",
  },
] as const;
export type VolunteerRole = (typeof volunteerRoles)[number]["value"];
export const volunteerRoleValues = volunteerRoles.map((role) => role.value) as [VolunteerRole, ...VolunteerRole[]];

export function volunteerRoleTitle(value: string): string {
  return volunteerRoles.find((role) => role.value === value)?.title ?? value;
}

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export const dayParts = ["morning", "afternoon", "evening"] as const;
/** The grid's words for each part of day (catalogue ids, shown in the page's language); the days' names come from `Intl`. */
export const dayPartLabels: Record<(typeof dayParts)[number], string> = {
  morning: /*i18n*/ "Morning",
  afternoon: /*i18n*/ "Afternoon",
  evening: /*i18n*/ "Evening",
};
/** One box per weekday and part of day, posted as `monday-morning`. */
export const availabilitySlots = weekdays.flatMap((day) => dayParts.map((part) => `${day}-${part}` as const));
export type AvailabilitySlot = (typeof availabilitySlots)[number];

export const volunteerInterests = [
  { value: "dogs", label: /*i18n*/ "Walking and playing with dogs" },
  { value: "cats", label: /*i18n*/ "Socialising cats" },
  { value: "photography", label: /*i18n*/ "Photography and writing" },
  { value: "events", label: /*i18n*/ "Events and fundraising" },
  { value: "office", label: /*i18n*/ "Office and phones" },
  { value: "driving", label: /*i18n*/ "Driving animals to the vet" },
] as const;
export const volunteerInterestValues = volunteerInterests.map((interest) => interest.value) as [string, ...string[]];

export const volunteerAges = [
  { value: "adult", label: /*i18n*/ "I am 18 or older" },
  { value: "minor-with-consent", label: /*i18n*/ "I am 16 or 17 and a parent or guardian consents" },
] as const;

/**
 * "unconfirmed" until the applicant follows the emailed link (it is not in the inbox before), then
 * new → contacted → welcomed or not now.
 */
export const volunteerStatuses = ["unconfirmed", "new", "contacted", "welcomed", "not_now"] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

export const volunteerStatusLabels: Record<VolunteerStatus, string> = {
  unconfirmed: /*i18n*/ "Address not confirmed",
  new: /*i18n*/ "New",
  contacted: /*i18n*/ "Contacted",
  welcomed: /*i18n*/ "Welcomed",
  not_now: /*i18n*/ "Not now",
};

/** What staff may move an application to from each status. */
const volunteerMoves: Record<VolunteerStatus, readonly VolunteerStatus[]> = {
  unconfirmed: [],
  new: ["contacted", "not_now"],
  contacted: ["welcomed", "not_now"],
  welcomed: [],
  not_now: ["contacted"],
};

export function volunteerMovesFrom(status: VolunteerStatus): readonly VolunteerStatus[] {
  return volunteerMoves[status];
}

export function canMoveVolunteer(from: VolunteerStatus, to: string): to is VolunteerStatus {
  return (volunteerMoves[from] as readonly string[]).includes(to);
}

/** The status machine in one value, as the inbox's item kinds take it (services/inbox-items.server.ts). */
export const volunteerMachine = {
  statuses: volunteerStatuses,
  movesFrom: volunteerMovesFrom,
  canMove: canMoveVolunteer,
  labels: volunteerStatusLabels,
};

/** The open statuses: what waits for staff. */
export const openVolunteerStatuses = ["new", "contacted"] as const satisfies readonly VolunteerStatus[];

/**
 * "Mon morning, Mon evening, Sat afternoon": the chosen boxes, in week order. With `words`, in another
 * language: the days' short names from `Intl` ("lun", "sáb"), the parts of day through `translate`.
 */
export function describeAvailability(
  slots: readonly string[],
  words?: { language: string; translate: (id: string) => string },
): string {
  const chosen = availabilitySlots.filter((slot) => slots.includes(slot));
  if (words) {
    const dayName = new Intl.DateTimeFormat(words.language, { weekday: "short", timeZone: "UTC" });
    return chosen
      .map((slot) => {
        const [day, part] = slot.split("-") as [(typeof weekdays)[number], (typeof dayParts)[number]];
        // `weekdays` starts on a Monday, as 2024-01-01 did.
        return `${dayName.format(Date.UTC(2024, 0, 1 + weekdays.indexOf(day)))} ${words.translate(dayPartLabels[part]).toLowerCase()}`;
      })
      .join(", ");
  }
  return chosen
    .map((slot) => {
      const [day, part] = slot.split("-") as [string, string];
      return `${day.slice(0, 1).toUpperCase()}${day.slice(1, 3)} ${part}`;
    })
    .join(", ");
}
