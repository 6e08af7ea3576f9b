import { z } from "zod";
import { genderValues, messages } from "./account-fields";

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
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value) &&
      value >= "1900-01-01" &&
      date.getTime() < Date.now()
    );
  }, messages.dateOfBirth)
  .optional();

export const registerSchema = z
  .object({
    firstName: z
      .string({ error: messages.firstName })
      .trim()
      .min(1, messages.firstName)
      .max(100, messages.firstNameTooLong),
    lastName: z
      .string({ error: messages.lastName })
      .trim()
      .min(1, messages.lastName)
      .max(100, messages.lastNameTooLong),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmPassword }),
    dateOfBirth,
    gender: z.enum(genderValues, { error: messages.gender }).optional(),
    agreeToTerms: z.boolean({ error: messages.agree }).refine((agreed) => agreed, messages.agree),
    redirectTo: z.string().optional(),
  })
  .refine(...passwordsMatch);

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: messages.signInPassword })
    .min(1, messages.signInPassword)
    .max(1024, messages.signInPassword),
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

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.currentPassword })
      .min(1, messages.currentPassword)
      .max(1024, messages.currentPassword),
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmPassword }),
  })
  .refine(...passwordsMatch);

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(["owner", "admin", "member"], { error: "Choose a role" }),
});
