import { describe, expect, it } from "vitest";
import { contactSchema, newsletterSchema } from "./contact-schemas";

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const result = contactSchema.parse({
      name: "  Ana ",
      email: "ana@example.com",
      message: " I would like to visit. ",
    });
    expect(result).toEqual({ name: "Ana", email: "ana@example.com", message: "I would like to visit." });
  });

  it("explains each problem in the field's own words", () => {
    const result = contactSchema.safeParse({ name: "   ", email: "ana@example", message: "hi" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({
      name: "Enter your name",
      email: "Enter a valid email address, like name@example.com",
      message: "Write a message of at least 10 characters",
    });
  });
});

describe("newsletterSchema", () => {
  it("needs an email address", () => {
    expect(newsletterSchema.safeParse({}).success).toBe(false);
    expect(newsletterSchema.safeParse({ email: "ana@example.com" }).success).toBe(true);
  });
});
