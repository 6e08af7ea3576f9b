/**
 * What the security log records (decision 027). Apart from the schema so that the log's page can list
 * them without shipping the schema to the browser (tests/e2e/client-bundle.js-only.spec.ts).
 */
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
