/**
 * Volunteer applications (issue 25, decision 053): the roles of the Volunteer page, the week grid of
 * availability, and the statuses staff move an application through. Pure: the form, the staff view,
 * the emails and the schema all read these.
 */
export const volunteerRoles = [
  { value: "community-outreach", title: "Community Outreach", hours: "4-6 hours/week", text: "Represent the shelter at fairs, markets and schools, and tell our animals' stories." },
  { value: "event-planning", title: "Event Planning", hours: "6-8 hours/week", text: "Help organise adoption days, fundraisers and our yearly Walk for a Dog." },
  { value: "social-media", title: "Social Media", hours: "3-5 hours/week, remote", text: "Photograph pets, write their profiles and keep our followers up to date." },
  { value: "administrative-support", title: "Administrative Support", hours: "4-6 hours/week", text: "Answer phones, welcome visitors and keep adoption paperwork moving." },
] as const;
export type VolunteerRole = (typeof volunteerRoles)[number]["value"];
export const volunteerRoleValues = volunteerRoles.map((role) => role.value) as [VolunteerRole, ...VolunteerRole[]];

export function volunteerRoleTitle(value: string): string {
  return volunteerRoles.find((role) => role.value === value)?.title ?? value;
}

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export const dayParts = ["morning", "afternoon", "evening"] as const;
/** One box per weekday and part of day, posted as `monday-morning`. */
export const availabilitySlots = weekdays.flatMap((day) => dayParts.map((part) => `${day}-${part}` as const));
export type AvailabilitySlot = (typeof availabilitySlots)[number];

export const volunteerInterests = [
  { value: "dogs", label: "Walking and playing with dogs" },
  { value: "cats", label: "Socialising cats" },
  { value: "photography", label: "Photography and writing" },
  { value: "events", label: "Events and fundraising" },
  { value: "office", label: "Office and phones" },
  { value: "driving", label: "Driving animals to the vet" },
] as const;
export const volunteerInterestValues = volunteerInterests.map((interest) => interest.value) as [string, ...string[]];

export const volunteerAges = [
  { value: "adult", label: "I am 18 or older" },
  { value: "minor-with-consent", label: "I am 16 or 17 and a parent or guardian consents" },
] as const;

/**
 * "unconfirmed" until the applicant follows the emailed link (it is not in the inbox before), then
 * new → contacted → welcomed or not now.
 */
export const volunteerStatuses = ["unconfirmed", "new", "contacted", "welcomed", "not_now"] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

export const volunteerStatusLabels: Record<VolunteerStatus, string> = {
  unconfirmed: "Address not confirmed",
  new: "New",
  contacted: "Contacted",
  welcomed: "Welcomed",
  not_now: "Not now",
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

/** The open statuses: what waits for staff. */
export const openVolunteerStatuses = ["new", "contacted"] as const satisfies readonly VolunteerStatus[];

/** "Mon morning, Mon evening, Sat afternoon": the chosen boxes, in week order. */
export function describeAvailability(slots: readonly string[]): string {
  const chosen = availabilitySlots.filter((slot) => slots.includes(slot));
  return chosen.map((slot) => {
    const [day, part] = slot.split("-") as [string, string];
    return `${day.slice(0, 1).toUpperCase()}${day.slice(1, 3)} ${part}`;
  }).join(", ");
}
