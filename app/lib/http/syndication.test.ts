import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  adoptapetExport,
  ageGroup,
  goodWith,
  mapBreeds,
  petfinderExport,
  sizeCode,
  type SyndicatedPet,
} from "./syndication";

const pet = (overrides: Partial<SyndicatedPet> = {}): SyndicatedPet => ({
  id: 1,
  animalId: "SEQ-1",
  name: "Pip",
  species: "Dog",
  breed: ["Boxer"],
  ageMonths: 30,
  weightLbs: 50,
  sex: "Female",
  about: "",
  characteristics: [],
  images: [],
  adoptionFee: 0,
  onHold: false,
  ...overrides,
});

describe("partner mappings", () => {
  it("age groups from months and sizes from weight, at their edges", () => {
    expect([0, 5, 6, 23, 24, 107, 108].map(ageGroup)).toEqual([
      "Baby",
      "Baby",
      "Young",
      "Young",
      "Adult",
      "Adult",
      "Senior",
    ]);
    expect([24.9, 25, 60, 60.1, 100, 100.1].map(sizeCode)).toEqual(["S", "M", "M", "L", "L", "XL"]);
  });

  it("breeds: known ones by each partner's name, a mix from 'Mix' or two breeds, unknown ones as the nearest and reported", () => {
    expect(mapBreeds("petfinder", pet({ breed: ["Pit_Bull"] }))).toEqual({
      primary: "Pit Bull Terrier",
      secondary: "",
      mix: false,
      unknown: [],
    });
    expect(mapBreeds("adoptapet", pet({ breed: ["Pit_Bull"] })).primary).toBe("American Pit Bull Terrier");
    expect(mapBreeds("adoptapet", pet({ breed: ["Mix"], weightLbs: 12 }))).toEqual({
      primary: "Mixed Breed (Small)",
      secondary: "",
      mix: true,
      unknown: [],
    });
    expect(mapBreeds("petfinder", pet({ breed: ["Collie", "Husky"] }))).toMatchObject({
      primary: "Collie",
      secondary: "Husky",
      mix: true,
    });
    expect(mapBreeds("petfinder", pet({ species: "Cat", breed: ["Ragdoll"] }))).toEqual({
      primary: "Domestic Short Hair",
      secondary: "",
      mix: false,
      unknown: ["Ragdoll (Cat) → Domestic Short Hair"],
    });
    // A breed name that is an Object property is an unknown breed, not a crash.
    expect(mapBreeds("petfinder", pet({ breed: ["constructor"] })).unknown).toEqual([
      "constructor (Dog) → Mixed Breed",
    ]);
  });

  it("good-with only from a stated 'No …': nothing stated is unknown, never good", () => {
    expect(goodWith([])).toEqual({ cats: null, dogs: null, kids: null });
    expect(goodWith(["No_Cats", "Single_Dog_Home", "No_kids_under_10"])).toEqual({
      cats: false,
      dogs: false,
      kids: false,
    });
  });

  it("writes CSV the partners parse back: quotes, commas and line breaks in a description stay one field", () => {
    const about = 'Says "hi", then\r\nnaps';
    const [row] = parse(
      petfinderExport([pet({ about })], { siteUrl: "https://s.test", fileName: "CA1.csv" }).files[0]!.content,
      { columns: true },
    ) as Record<string, string>[];
    expect(row!.Desc).toBe('Says "hi", then&#10;naps');
    const aap = adoptapetExport([pet({ about }), pet({ id: 2, animalId: "SEQ-2", onHold: true })], {
      siteUrl: "https://s.test",
    });
    expect(aap.petCount).toBe(1);
    const rows = parse(aap.files[0]!.content, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Id)).toEqual(["SEQ-1"]);
    expect(rows[0]!.Description).toBe('Says "hi", then<br>naps');
  });

  it("every field of both files is one line and never a formula, whoever typed it", () => {
    const typed = pet({
      name: '=HYPERLINK("https://evil.example","Rex")\r\nSEQ',
      about: "@SUM(A1)\nline two",
      animalId: "+SEQ-1\u2028x",
    });
    const petfinder = petfinderExport([typed], { siteUrl: "https://s.test", fileName: "CA1.csv" }).files[0]!.content;
    const adoptapet = adoptapetExport([typed], { siteUrl: "https://s.test" }).files[0]!.content;
    for (const content of [petfinder, adoptapet]) {
      // A header line and one pet line, each ended by CRLF: no break inside any field.
      const lines = content.split("\r\n");
      expect(lines).toHaveLength(3);
      for (const line of lines) expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
      const [row] = parse(content, { columns: true }) as Record<string, string>[];
      for (const value of Object.values(row!)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
    const [pfRow] = parse(petfinder, { columns: true }) as Record<string, string>[];
    expect(pfRow).toMatchObject({
      AnimalName: `'=HYPERLINK("https://evil.example","Rex") SEQ`,
      Desc: "'@SUM(A1)&#10;line two",
      ID: "'+SEQ-1 x",
    });
  });
});
