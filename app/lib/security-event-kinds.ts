// Apart from the database schema, so the security log page can list them without shipping the schema
// (its column names) to the browser.
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
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];
