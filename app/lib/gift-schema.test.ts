import { describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { customGiftMessage, giftChoicesOf, giftDollars, giftSchema } from "./giving/gift-schema";
import { formatMoney } from "./giving/money";

describe("the gift form's amount", () => {
  it("takes a preset, or a custom whole number of dollars from 1 to the maximum", () => {
    expect(giftDollars("50", undefined)).toBe(50);
    expect(giftDollars("75", undefined)).toBeNull();
    expect(giftDollars("custom", "1")).toBe(1);
    expect(giftDollars("custom", " 25000 ")).toBe(25_000);
    for (const custom of ["0", "abc", "12.50", "1e3", "-5", "25001", "", undefined, "0x10"])
      expect(giftDollars("custom", custom), String(custom)).toBeNull();
  });

  it("names the limits its message states", () => {
    expect(customGiftMessage).toContain(`$${shelter.giving.maxDollars.toLocaleString("en-US")}`);
  });

  it("puts the custom amount's message under the custom field, and asks a dedication for a name", () => {
    const refused = giftSchema.safeParse({
      amount: "custom",
      custom: "abc",
      frequency: "monthly",
      name: "A",
      email: "a@example.com",
      fund: "general",
      dedication: "honor",
    });
    expect(refused.success).toBe(false);
    const paths = refused.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(paths).toContainEqual(["custom", customGiftMessage]);
    expect(paths.map(([path]) => path)).toContain("dedicationName");
  });

  it("reads only known choices from the address", () => {
    expect(
      giftChoicesOf(new URLSearchParams("amount=100&frequency=monthly&fund=medical&dedication=memory&custom=12")),
    ).toEqual({ amount: "100", custom: "12", frequency: "monthly", fund: "medical", dedication: "memory", pet: "" });
    expect(
      giftChoicesOf(new URLSearchParams("amount=7&frequency=weekly&fund=pet_fee&dedication=x&custom=abc")),
    ).toEqual({ amount: "", custom: "", frequency: "one_time", fund: "general", dedication: "", pet: "" });
    // A pet's fee with its pet, always one-time.
    expect(giftChoicesOf(new URLSearchParams("amount=25&frequency=monthly&fund=pet_fee&pet=12"))).toEqual({
      amount: "25",
      custom: "",
      frequency: "one_time",
      fund: "pet_fee",
      dedication: "",
      pet: "12",
    });
  });

  it("takes a pet's fee only for a pet, and only one-time", () => {
    const base = { amount: "25", name: "Dana", email: "dana@example.com", frequency: "one_time" };
    expect(giftSchema.safeParse({ ...base, fund: "pet_fee", pet: "12" }).data?.pet).toBe(12);
    expect(giftSchema.safeParse({ ...base, fund: "pet_fee" }).success).toBe(false);
    expect(giftSchema.safeParse({ ...base, fund: "pet_fee", pet: "abc" }).success).toBe(false);
    const monthly = giftSchema.safeParse({ ...base, frequency: "monthly", fund: "pet_fee", pet: "12" });
    expect(monthly.error?.issues.map((issue) => issue.path.join("."))).toEqual(["frequency"]);
  });

  it("shows money in the reader's language", () => {
    expect(formatMoney(5000, "usd", "en")).toBe("$50.00");
    expect(formatMoney(5000, "usd", "es")).toMatch(/50,00/);
  });
});
