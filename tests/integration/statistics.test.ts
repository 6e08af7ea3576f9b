import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headlineFigure } from "#app/lib/intake-outcome/headline-figures";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { tagsForPage, tagsForPetChange } from "#app/lib/http/page-tags";
import { shelter } from "#app/config/shelter";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as staysAction } from "#app/routes/petadmin/pet-stays";
import { loader as statisticsLoader } from "#app/routes/site/statistics";
import { loader as homeLoader } from "#app/routes/site/home";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPetInCare } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

const today = () => shelterDayOf(Date.now(), shelter.openingHours.timeZone);

const petInCare = (species = "Dog", intakeOn = today()) => insertPetInCare(t.env.DB, species, intakeOn);

interface MonthRow {
  month: string;
  takenIn: number;
  adopted: number;
  returnedToOwner: number;
  transferred: number;
  liveReleaseShown: string;
}
const statisticsPage = async (path = "/statistics") =>
  (await respond(t, statisticsLoader, getRequest(path))).data as {
    months: MonthRow[];
    yearToDate: { takenIn: number };
    yearBySpecies: { group: string; takenIn: number }[];
  };
const thisMonth = async () => (await statisticsPage()).months.at(-1)!;

describe("/statistics", () => {
  it("counts this month's intakes and adoptions from the stays: marking a pet adopted adds one", async () => {
    const pet = await petInCare();
    const before = await thisMonth();
    expect(before.month).toBe(today().slice(0, 7));
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(pet.id), version: "1", email: "home@example.com" }),
        staff,
      ),
    );
    const after = await thisMonth();
    expect(after.adopted).toBe(before.adopted + 1);
    expect(after.takenIn).toBe(before.takenIn);
    expect(after.liveReleaseShown).toBe("100%");
  });

  it("counts a return to owner and a transfer, by species, and reads in Spanish too", async () => {
    const cat = await petInCare("Cat");
    const dog = await petInCare("Dog");
    const before = await statisticsPage();
    await respond(
      t,
      staysAction,
      withCookies(
        postForm(`/petadmin/pets/${cat.id}/stays`, {
          intent: "outcome",
          version: "1",
          outcomeType: "returned_to_owner",
          outcomeOn: today(),
        }),
        staff,
      ),
      { id: String(cat.id) },
    );
    await respond(
      t,
      staysAction,
      withCookies(
        postForm(`/petadmin/pets/${dog.id}/stays`, {
          intent: "outcome",
          version: "1",
          outcomeType: "transferred_out",
          outcomeOn: today(),
          outcomeDestination: "Redwood Rescue",
        }),
        staff,
      ),
      { id: String(dog.id) },
    );
    const after = await statisticsPage();
    expect(after.months.at(-1)).toMatchObject({
      returnedToOwner: before.months.at(-1)!.returnedToOwner + 1,
      transferred: before.months.at(-1)!.transferred + 1,
    });
    expect(after.months).toHaveLength(12);
    expect(after.yearBySpecies.find((row) => row.group === "feline")!.takenIn).toBeGreaterThanOrEqual(1);
    const spanish = await statisticsPage("/es/statistics");
    expect(spanish.months.at(-1)!.liveReleaseShown).toMatch(/\d\s%/);
  });

  it("is purged by every pet change, in both languages", () => {
    expect(tagsForPage(new URL("http://localhost/statistics"))).toEqual(["statistics"]);
    expect(tagsForPage(new URL("http://localhost/es/statistics"))).toEqual(["statistics"]);
    expect(tagsForPetChange(1, ["Dog"])).toContain("statistics");
  });
});

describe("the home page's figures", () => {
  it("are every intake, adoption and welcomed volunteer plus the configured bases, rounded", async () => {
    const counts = async () => ({
      intakes: (await t.env.DB.prepare("select count(*) as n from pet_stays").first<{ n: number }>())!.n,
      adoptions: (await t.env.DB.prepare("select count(*) as n from pet_stays where outcome_type = 'adoption'").first<{
        n: number;
      }>())!.n,
    });
    const { intakes, adoptions } = await counts();
    const home = (await respond(t, homeLoader, getRequest("/"))).data as {
      figures: { value: string; label: string }[];
    };
    const base = shelter.intakes.figuresBase;
    expect(home.figures).toEqual([
      { value: headlineFigure(intakes + base.animalsRescued), label: "Animals rescued" },
      { value: headlineFigure(adoptions + base.adoptions), label: "Adoptions" },
      { value: headlineFigure(base.volunteers), label: "Volunteers" },
    ]);
    expect(intakes).toBeGreaterThan(0);
  });
});
