import { describe, expect, it } from "vitest";
import { tagsForHomePage, tagsForPage, tagsForPetChange } from "./page-tags";

const tagsOf = (path: string) => tagsForPage(new URL(path, "http://localhost"));

describe("cache tags of public pages", () => {
  it("tags each page that shows pets, its document and its data alike", () => {
    expect(tagsOf("/")).toEqual(["home"]);
    expect(tagsOf("/_root.data")).toEqual(["home"]);
    expect(tagsOf("/adopt")).toEqual(["adopt"]);
    expect(tagsOf("/foster?species=cat")).toEqual(["foster"]);
    expect(tagsOf("/adopt/dog?page=2")).toEqual(["species-dog"]);
    expect(tagsOf("/adopt/dog.data")).toEqual(["species-dog"]);
    expect(tagsOf("/adopt/Cat")).toEqual(["species-cat"]);
    expect(tagsOf("/adopt/rabbit")).toEqual(["species-other"]);
    expect(tagsOf("/adopt/pet?pet_id=12")).toEqual(["pet-12"]);
  });

  it("gives a Spanish page its English page's tags, so one purge clears both", () => {
    expect(tagsOf("/es")).toEqual(["home"]);
    expect(tagsOf("/es.data")).toEqual(["home"]);
    expect(tagsOf("/es/adopt/dog.data")).toEqual(["species-dog"]);
    expect(tagsOf("/es/adopt/pet?pet_id=12")).toEqual(["pet-12"]);
  });

  it("purges the home page alone, in both languages, when its stories change (issue 45)", () => {
    const purged = new Set(tagsForHomePage());
    const hit = (path: string) => tagsForPage(new URL(`https://shelter.example${path}`)).some((tag) => purged.has(tag));
    expect(["/", "/es", "/_root.data", "/es.data"].filter(hit)).toEqual(["/", "/es", "/_root.data", "/es.data"]);
    expect(["/adopt", "/adopt/dog", "/statistics", "/adopt/pet?pet_id=1"].filter(hit)).toEqual([]);
  });

  it("leaves pages that show no pet untagged", () => {
    expect(tagsOf("/donate")).toEqual([]);
    expect(tagsOf("/adopt/pet?pet_id=x")).toEqual([]);
  });

  it("purges a changed pet's page, the lists of its species before and after, the lists of all species and the statistics", () => {
    expect(tagsForPetChange(12, ["Dog", "Cat"]).sort()).toEqual([
      "adopt",
      "foster",
      "home",
      "match",
      "pet-12",
      "species-cat",
      "species-dog",
      "statistics",
    ]);
    expect(tagsForPetChange(3, ["Rabbit", "Rabbit"]).filter((tag) => tag.startsWith("species-"))).toEqual([
      "species-other",
    ]);
  });

  it("purges every tag a page can carry", () => {
    const changed = new Set(tagsForPetChange(7, ["Dog"]));
    for (const path of ["/", "/adopt", "/foster", "/match", "/statistics", "/adopt/dog", "/adopt/pet?pet_id=7"]) {
      for (const tag of tagsOf(path)) expect(changed, path).toContain(tag);
    }
  });
});
