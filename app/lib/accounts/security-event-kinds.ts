/** What the security log records (decision 027); the page's filter and the table's column share this list. */
export const securityEventKinds = [
  "sign-in",
  "sign-in-failed",
  "sign-in-locked",
  "password-changed",
  "password-reset",
  "google-linked",
  "invitation-sent",
  "invitation-withdrawn",
  "invitation-accepted",
  "role-changed",
  "member-removed",
  "signed-out-other-device",
  "signed-out-everywhere-else",
  /** Staff asked the payment provider to refund a gift (decision 065). */
  "gift-refund-requested",
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];
