import { describe, expect, it } from "vitest";
import { honeypotField, isHoneypotFilled } from "./honeypot";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("honeypot", () => {
  it("is empty when the field is missing or blank", () => {
    expect(isHoneypotFilled(form({ email: "a@b.example" }))).toBe(false);
    expect(isHoneypotFilled(form({ [honeypotField]: "  " }))).toBe(false);
  });

  it("is filled when anything is in it", () => {
    expect(isHoneypotFilled(form({ [honeypotField]: "+1 555 0100" }))).toBe(true);
  });
});
