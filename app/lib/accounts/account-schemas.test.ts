import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages, requiredFieldsMessage } from "./account-fields";
import { registerSchema } from "./account-schemas";
import { isCommonPassword } from "./common-passwords";

const valid = {
  firstName: "Alex",
  lastName: "Adopter",
  email: " Alex@Example.com ",
  password: "paws-and-whiskers-42",
  confirmPassword: "paws-and-whiskers-42",
  agreeToTerms: true,
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = registerSchema.safeParse(input);
  return Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
};

describe("registerSchema", () => {
  it("accepts a complete form and normalises the email", () => {
    expect(registerSchema.parse(valid).email).toBe("alex@example.com");
  });

  it("uses the spec's messages", () => {
    expect(
      errorsOf({ ...valid, firstName: " ", lastName: "", email: "alex@", password: "short", confirmPassword: "other" }),
    ).toEqual({
      firstName: messages.firstName,
      lastName: messages.lastName,
      email: messages.email,
      password: messages.password,
      confirmPassword: messages.confirmPassword,
    });
  });

  it("caps the password at 128 characters and needs the agree box", () => {
    const long = "x".repeat(129);
    expect(errorsOf({ ...valid, password: long, confirmPassword: long }).password).toBe(messages.passwordTooLong);
    expect(errorsOf({ ...valid, agreeToTerms: false }).agreeToTerms).toBe(messages.agree);
    expect(errorsOf({ ...valid, agreeToTerms: undefined }).agreeToTerms).toBe(messages.agree);
  });

  it.each(["2030-01-01", "1899-12-31", "2023-02-30", "yesterday"])("refuses the date of birth %s", (dateOfBirth) => {
    expect(errorsOf({ ...valid, dateOfBirth }).dateOfBirth).toBe(messages.dateOfBirth);
  });
});

describe("requiredFieldsMessage", () => {
  // The code's own English (no catalogue loaded): what the English catalogue holds, word for word.
  const english = setupI18n({ locale: "en", messages: { en: {} } });

  it("lists the failing required fields in the spec's order and words", () => {
    expect(requiredFieldsMessage(["confirmPassword", "email", "agreeToTerms"], english)).toBe(
      "Make sure that the following required fields have valid form: Email, Re-type Password",
    );
    expect(requiredFieldsMessage(["agreeToTerms"], english)).toBeNull();
  });
});

describe("isCommonPassword", () => {
  it("knows the common ones, whatever their case, and not a passphrase", async () => {
    expect(await isCommonPassword("password")).toBe(true);
    expect(await isCommonPassword("Qwerty123")).toBe(true);
    expect(await isCommonPassword("paws-and-whiskers-42")).toBe(false);
  });
});
