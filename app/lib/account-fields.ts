import { shelter } from "#app/config/shelter";

// The account forms' words and options, without zod, so the pages can use them in the browser; the
// schemas in account-schemas.ts (server only) use the same messages.

/** Spec §5's messages, word for word (the email one with its example address). */
export const messages = {
  firstName: "First name must have at least 1 character",
  lastName: "Last name must have at least 1 character",
  email: "Email must have valid form, like jane@example.com",
  password: "The length of password is at least 8",
  passwordTooLong: "The password can be at most 128 characters",
  commonPassword: "This password is one of the most commonly used ones. Choose one that is harder to guess.",
  confirmPassword: "The re-type password does not match the password",
  agree: `Tick the box to agree to create a ${shelter.name} account`,
  dateOfBirth: "Enter your date of birth as a real date in the past",
  gender: "Choose one of the options",
  signInPassword: "Enter your password",
  currentPassword: "Enter your current password",
  wrongCurrentPassword: "The current password is incorrect.",
} as const;

/** The five fields spec §5 names in the submit message, in its order, with its labels. */
export const requiredFieldLabels = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  password: "Password",
  confirmPassword: "Re-type Password",
} as const;

export function requiredFieldsMessage(failing: string[]): string | null {
  const labels = Object.entries(requiredFieldLabels)
    .filter(([name]) => failing.includes(name))
    .map(([, label]) => label);
  return labels.length > 0 ? `Make sure that the following required fields have valid form: ${labels.join(", ")}` : null;
}

/** The genders an account may give (optional), as stored; the schema's column takes these. */
export const genderValues = ["male", "female", "other", "prefer-not-to-say"] as const;

export const genders = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
  { value: "prefer-not-to-say", label: "Prefer not to say" },
] as const satisfies readonly { value: (typeof genderValues)[number]; label: string }[];
