import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/foster/index";
import { createTestEnv, getRequest, type TestEnv } from "./harness";
import { insertPet } from "../builders/pets";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
  for (let i = 0; i < 8; i++) await insertPet(t.env.DB, { species: "Dog", name: `Dog ${i}` });
  for (let i = 0; i < 3; i++) await insertPet(t.env.DB, { species: "Cat", name: `Cat ${i}` });
  await insertPet(t.env.DB, { species: "Cat", name: "Held cat", onHoldEmail: "a@example.com", onHoldDate: new Date() });
});
afterAll(() => t.dispose());

const load = (query: string) => loader({ request: getRequest(`/foster${query}`), params: {}, context: t.context });

describe("foster loader", () => {
  it("shows at most six pets of every species on the All Animals tab", async () => {
    const result = await load("");
    expect(result.tab).toBe("all");
    expect(result.pets).toHaveLength(6);
  });

  it("filters by species and leaves out pets on hold", async () => {
    const cats = await load("?species=cat");
    expect(cats.pets.map((pet) => pet.name).sort()).toEqual(["Cat 0", "Cat 1", "Cat 2"]);
    const dogs = await load("?species=dog");
    expect(dogs.pets).toHaveLength(6);
    expect(dogs.pets.every((pet) => pet.species === "Dog")).toBe(true);
  });

  it("treats an unknown tab as All Animals", async () => {
    expect((await load("?species=%3Cscript%3E")).tab).toBe("all");
  });

  it("treats the names of Object.prototype's properties as unknown tabs, not as a 500 (found by fuzzing)", async () => {
    for (const name of ["__proto__", "constructor", "toString"]) {
      const result = await load(`?species=${name}`);
      expect(result.tab).toBe("all");
      expect(result.pets).toHaveLength(6);
    }
  });
});
