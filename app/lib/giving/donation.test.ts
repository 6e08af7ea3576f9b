import { describe, expect, it } from "vitest";
import { customAmountMessage, maxDonation, readDonationChoice } from "./donation";

const presets = [25, 50, 100];
const read = (query: string) => readDonationChoice(new URLSearchParams(query), presets);

describe("readDonationChoice", () => {
  it("reads a preset", () => {
    expect(read("amount=50")).toEqual({ kind: "amount", amount: 50, preset: 50 });
  });

  it("reads a custom amount", () => {
    expect(read("amount=custom&custom=35")).toEqual({ kind: "amount", amount: 35, preset: "custom" });
  });

  it("has nothing to read without an amount", () => {
    expect(read("")).toEqual({ kind: "none" });
  });

  it.each([
    "amount=custom",
    "amount=custom&custom=0",
    "amount=custom&custom=2.5",
    "amount=custom&custom=abc",
    "amount=custom&custom=100001",
    "amount=42",
    "amount=<script>",
  ])("explains what is wrong with %s", (query) => {
    expect(read(query).kind).toBe("invalid");
  });
});

describe("the custom amount's message", () => {
  it("names the largest amount the check takes", () => {
    expect(customAmountMessage).toContain(`$${maxDonation.toLocaleString("en-US")}.`);
    expect(read(`amount=custom&custom=${maxDonation + 1}`)).toEqual({ kind: "invalid", message: customAmountMessage });
  });
});
