import { describe, expect, it } from "vitest";
import { missingForPublishing } from "./pet-publishing";

const ready = {
  ageMonths: 18,
  weightLbs: 22.5,
  sex: "Female",
  breed: ["Pug"],
  activeLevel: "Moderately active",
  images: ["pip-0123.jpg"],
  about: "Pip likes sunny windows.",
};

describe("missingForPublishing", () => {
  it("lets a pet with everything adopters need be published", () => {
    expect(missingForPublishing(ready)).toEqual({});
  });

  it("names each missing field of a draft saved with only a name and a pet id", () => {
    const draft = { ageMonths: 0, weightLbs: 0, sex: "", breed: [], activeLevel: "", images: [], about: "  " };
    expect(Object.keys(missingForPublishing(draft)).sort()).toEqual([
      "about",
      "activeLevel",
      "ageMonths",
      "breed",
      "newPhotos",
      "sex",
      "weightLbs",
    ]);
    expect(missingForPublishing(draft).newPhotos).toEqual(["Adopters need at least one photo"]);
  });

  it("refuses values that are not options, such as an active level typed by hand", () => {
    expect(missingForPublishing({ ...ready, activeLevel: "Sleepy", sex: "Other" })).toEqual({
      activeLevel: ["Adopters need an active level"],
      sex: ["Adopters need to know: male or female"],
    });
  });
});
