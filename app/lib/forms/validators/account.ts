import { requiredFieldsMessage } from "#app/lib/accounts/account-fields";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  inviteSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
} from "#app/lib/accounts/account-schemas";
import { formCheck } from "./form-check";

// The account forms' checks in the browser, loaded on first use (docs/decisions/037).
export const register = formCheck(registerSchema, requiredFieldsMessage);
export const signIn = formCheck(signInSchema);
export const forgotPassword = formCheck(forgotPasswordSchema);
export const resetPassword = formCheck(resetPasswordSchema);
export const changePassword = formCheck(changePasswordSchema);
export const invite = formCheck(inviteSchema);
