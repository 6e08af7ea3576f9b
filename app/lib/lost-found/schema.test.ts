import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { hideReportSchema, lostFoundReportSchema } from "./schema";
import { colourWords, normalisedMicrochip } from "./report";

const today = "2026-11-28";
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const complete: [string, string][] = [
  ["kind", "lost"],
  ["species", "dog"],
  ["sex", "male"],
  ["size", "medium"],
  ["colours", "brown"],
  ["colours", "white"],
  ["description", "A friendly brown dog with a white chest and a red collar."],
  ["date", "2026-11-27"],
  ["place", lostFoundPlaces[0]!.value],
  ["crossStreets", "5th and H"],
  ["microchip", "985 112 000"],
  ["name", "Ann Owner"],
  ["email", "ann@example.com"],
  ["phone", ""],
];
const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: lostFoundReportSchema(today) });
const without = (name: string) => complete.filter(([key]) => key !== name);
const errorsOf = (entries: [string, string][]) => {
  const result = parse(entries);
  return result.status === "success" ? {} : (result.error ?? {});
};

describe("lostFoundReportSchema", () => {
  it("takes a complete report", () => {
    const result = parse(complete);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({
      colours: ["brown", "white"],
      place: lostFoundPlaces[0]!.value,
      microchip: "985 112 000",
    });
  });

  it("refuses what is missing or not in its list, field by field", () => {
    expect(errorsOf(without("species"))).toHaveProperty("species");
    expect(errorsOf([...without("place"), ["place", "123 Main Street"]])).toHaveProperty("place");
    expect(errorsOf([...without("kind"), ["kind", "stolen"]])).toHaveProperty("kind");
    expect(errorsOf([...without("email"), ["email", "not an address"]])).toHaveProperty("email");
    expect(errorsOf([...without("description"), ["description", "dog"]])).toHaveProperty("description");
  });

  it("needs a colour, ticked or typed", () => {
    const none = complete.filter(([key]) => key !== "colours");
    expect(errorsOf(none)).toHaveProperty("colours");
    expect(parse([...none, ["otherColours", "liver and white"]]).status).toBe("success");
  });

  it("refuses a date in the future, more than a year back, or not a date", () => {
    expect(errorsOf([...without("date"), ["date", "2026-12-01"]])).toHaveProperty("date");
    expect(errorsOf([...without("date"), ["date", "2025-11-27"]])).toHaveProperty("date");
    expect(errorsOf([...without("date"), ["date", "yesterday"]])).toHaveProperty("date");
    // A day ahead is allowed: the reporter's evening may be the server's tomorrow.
    expect(parse([...without("date"), ["date", "2026-11-29"]]).status).toBe("success");
  });

  it("refuses a phone or microchip with other characters", () => {
    expect(errorsOf([...without("phone"), ["phone", "call <me>"]])).toHaveProperty("phone");
    expect(errorsOf([...without("microchip"), ["microchip", "12;drop"]])).toHaveProperty("microchip");
  });
});

describe("hideReportSchema", () => {
  it("needs a reason", () => {
    expect(
      parseWithZod(
        form([
          ["intent", "hide"],
          ["reason", ""],
        ]),
        { schema: hideReportSchema },
      ).status,
    ).toBe("error");
    expect(
      parseWithZod(
        form([
          ["intent", "hide"],
          ["reason", "A phone number in the description"],
        ]),
        { schema: hideReportSchema },
      ).status,
    ).toBe("success");
  });
});

describe("report words", () => {
  it("compares colours as the ticked and typed words, lower case", () => {
    expect(colourWords(["brown"], "White and Liver, brown")).toEqual(["brown", "white", "liver"]);
  });

  it("compares microchip numbers by their digits and letters", () => {
    expect(normalisedMicrochip("985 112-000 abc")).toBe("985112000ABC");
    expect(normalisedMicrochip(null)).toBe("");
  });
});
