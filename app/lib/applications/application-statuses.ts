/**
 * An adoption application's statuses (decisions 032, 040, 048): draft → submitted → in review →
 * approved (the pet held for the adopter) → adopted; or declined, withdrawn, hold ended (the hold ran
 * out or was released), or no longer available (another adopter took the pet home). The schema's
 * columns, the inbox's filter, the emails and the adopter's page all take this list.
 */
export const applicationStatuses = [
  "draft",
  "submitted",
  "in_review",
  "approved",
  "hold_ended",
  "declined",
  "adopted",
  "withdrawn",
  "no_longer_available",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
