import { z } from "zod";
import { shelter } from "~/config/shelter";

/** Spec §5's messages, word for word (the e-mail one with its example address). */
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

export const genders = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
  { value: "prefer-not-to-say", label: "Prefer not to say" },
] as const;

export const emailField = z
  .string({ error: messages.email })
  .trim()
  .toLowerCase()
  .max(254, messages.email)
  .pipe(z.email({ error: messages.email }));

/**
 * "Re-type password" must match. zod skips object checks while any field fails; `when` runs this one
 * as soon as both passwords are there, so the message shows together with the others.
 */
const passwordsMatch: [
  (form: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (form) => form.password === form.confirmPassword,
  {
    message: messages.confirmPassword,
    path: ["confirmPassword"],
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof form?.password === "string" && typeof form.confirmPassword === "string";
    },
  },
];

export const newPasswordField = z
  .string({ error: messages.password })
  .min(8, messages.password)
  .max(128, messages.passwordTooLong);

const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateOfBirth)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= "1900-01-01" && date.getTime() < Date.now();
  }, messages.dateOfBirth)
  .optional();

export const registerSchema = z
  .object({
    firstName: z.string({ error: messages.firstName }).trim().min(1, messages.firstName).max(100, "Keep the first name under 100 characters"),
    lastName: z.string({ error: messages.lastName }).trim().min(1, messages.lastName).max(100, "Keep the last name under 100 characters"),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmPassword }),
    dateOfBirth,
    gender: z.enum(["male", "female", "other", "prefer-not-to-say"], { error: messages.gender }).optional(),
    agreeToTerms: z.boolean({ error: messages.agree }).refine((agreed) => agreed, messages.agree),
    redirectTo: z.string().optional(),
  })
  .refine(...passwordsMatch);

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: messages.signInPassword }).min(1, messages.signInPassword).max(1024, messages.signInPassword),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmPassword }),
  })
  .refine(...passwordsMatch);

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(["owner", "admin", "member"], { error: "Choose a role" }),
});
