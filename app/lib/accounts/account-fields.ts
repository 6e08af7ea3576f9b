import { i18n as browserI18n, type I18n } from "@lingui/core";

// The account forms' words and options, without zod, so the pages can use them in the browser; the
// schemas in account-schemas.ts (server only) use the same messages. Each message is the English text
// and the id of its catalogue entry (`/*i18n*/` marks it for `npm run i18n:extract`), shown in the
// page's language (lib/i18n/form-messages.ts, decision 057). No macros here: scripts run this module in Node.

/** Spec §5's messages, word for word (the email one with its example address). */
export const messages = {
  firstName: /*i18n*/ "First name must have at least 1 character",
  lastName: /*i18n*/ "Last name must have at least 1 character",
  email: /*i18n*/ "Email must have valid form, like jane@example.com",
  password: /*i18n*/ "The length of password is at least 8",
  passwordTooLong: /*i18n*/ "The password can be at most 128 characters",
  commonPassword: /*i18n*/ "This password is one of the most commonly used ones. Choose one that is harder to guess.",
  confirmPassword: /*i18n*/ "The re-type password does not match the password",
  agree: /*i18n*/ "Tick the box to agree to create a {name} account",
  dateOfBirth: /*i18n*/ "Enter your date of birth as a real date in the past",
  gender: /*i18n*/ "Choose one of the options",
  signInPassword: /*i18n*/ "Enter your password",
  currentPassword: /*i18n*/ "Enter your current password",
  wrongCurrentPassword: /*i18n*/ "The current password is incorrect.",
  firstNameTooLong: /*i18n*/ "Keep the first name under 100 characters",
  lastNameTooLong: /*i18n*/ "Keep the last name under 100 characters",
} as const;

/** The five fields spec §5 names in the submit message, in its order, with its labels. */
export const requiredFieldLabels = {
  firstName: /*i18n*/ "First Name",
  lastName: /*i18n*/ "Last Name",
  email: /*i18n*/ "Email",
  password: /*i18n*/ "Password",
  confirmPassword: /*i18n*/ "Re-type Password",
} as const;

/**
 * The submit message naming the required fields that fail, in the page's language: `i18n` is the
 * request's on the server; in the browser, the page's one language (entry.client.tsx activates it).
 */
export function requiredFieldsMessage(failing: string[], i18n: I18n = browserI18n): string | null {
  const labels = Object.entries(requiredFieldLabels)
    .filter(([name]) => failing.includes(name))
    .map(([, label]) => i18n._(label));
  if (labels.length === 0) return null;
  return i18n._("Make sure that the following required fields have valid form: {fields}", {
    fields: labels.join(", "),
  });
}

/** The genders an account may give (optional), as stored; the schema's column takes these. */
export const genderValues = ["male", "female", "other", "prefer-not-to-say"] as const;

export const genders = [
  { value: "male", label: /*i18n*/ "Male" },
  { value: "female", label: /*i18n*/ "Female" },
  { value: "other", label: /*i18n*/ "Other" },
  { value: "prefer-not-to-say", label: /*i18n*/ "Prefer not to say" },
] as const satisfies readonly { value: (typeof genderValues)[number]; label: unknown }[];
