import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { milesBetween } from "./geo";
import { daysBetween, findMatches, localDay, matchRules, scoreMatch, type MatchSubject } from "./matching";
import { reportColours, reportSexes, reportSizes, reportSpecies } from "./report";

// The config's places: one, the nearest other (the next town) and the farthest.
const home = lostFoundPlaces[0]!;
const byDistance = lostFoundPlaces.slice(1).sort((a, b) => milesBetween(home, a) - milesBetween(home, b));
const nextTown = byDistance[0]!;
const farAway = byDistance.at(-1)!;

const lost: MatchSubject = {
  key: "report:1",
  kind: "lost",
  species: "dog",
  sex: "male",
  size: "medium",
  colours: ["brown", "white"],
  date: "2026-11-20",
  microchip: null,
  open: true,
  latitude: home.latitude,
  longitude: home.longitude,
};
const found: MatchSubject = {
  ...lost,
  key: "report:2",
  kind: "found",
  date: "2026-11-22",
  latitude: nextTown.latitude,
  longitude: nextTown.longitude,
};

describe("scoreMatch", () => {
  it("scores a brown and white dog lost in one town and found in the next two days later, and says why", () => {
    const match = scoreMatch(lost, found)!;
    expect(match.score).toBeGreaterThanOrEqual(matchRules.likelyFrom);
    expect(match.reasons).toMatchObject({
      certain: false,
      colours: ["brown", "white"],
      days: 2,
      sameSex: true,
      sameSize: true,
    });
    // The distance between the two places, from the config's coordinates, to a tenth of a mile.
    expect(match.reasons.miles).toBeCloseTo(milesBetween(home, nextTown), 1);
    expect(match.reasons.miles).toBeGreaterThan(0);
  });

  it("needs the other kind, an open subject, and never matches a subject with itself", () => {
    expect(scoreMatch(lost, lost)).toBeNull();
    expect(scoreMatch(lost, { ...found, kind: "lost" })).toBeNull();
    expect(scoreMatch(lost, { ...found, open: false })).toBeNull();
    expect(scoreMatch({ ...lost, open: false }, found)).toBeNull();
  });

  it("needs the same species", () => {
    expect(scoreMatch(lost, { ...found, species: "cat" })).toBeNull();
  });

  it("takes sexes as compatible when equal or one is not known", () => {
    expect(scoreMatch(lost, { ...found, sex: "female" })).toBeNull();
    const unknown = scoreMatch(lost, { ...found, sex: "unknown" })!;
    expect(unknown.reasons.sameSex).toBe(false);
    expect(unknown.score).toBeLessThan(scoreMatch(lost, found)!.score);
  });

  it("takes sizes as compatible when equal, next to each other or not known", () => {
    expect(scoreMatch(lost, { ...found, size: "large" })).not.toBeNull();
    expect(scoreMatch({ ...lost, size: "small" }, { ...found, size: "large" })).toBeNull();
    expect(scoreMatch({ ...lost, size: "small" }, { ...found, size: "unknown" })).not.toBeNull();
    expect(scoreMatch(lost, { ...found, size: "large" })!.score).toBeLessThan(scoreMatch(lost, found)!.score);
  });

  it("needs colours in common when both are known, and scores more for more in common", () => {
    expect(scoreMatch(lost, { ...found, colours: ["black"] })).toBeNull();
    const one = scoreMatch(lost, { ...found, colours: ["brown", "black"] })!;
    expect(one.reasons.colours).toEqual(["brown"]);
    expect(one.score).toBeLessThan(scoreMatch(lost, found)!.score);
    // The shelter's animals have no colours on record: neither shared nor contradicting.
    expect(scoreMatch(lost, { ...found, colours: [] })!.reasons.colours).toEqual([]);
  });

  it("needs the dates within 14 days, and scores nearer dates more", () => {
    expect(scoreMatch(lost, { ...found, date: "2026-12-04" })).not.toBeNull();
    expect(scoreMatch(lost, { ...found, date: "2026-12-05" })).toBeNull();
    expect(scoreMatch(lost, { ...found, date: "2026-11-06" })).not.toBeNull();
    expect(scoreMatch(lost, { ...found, date: "2026-11-05" })).toBeNull();
    expect(scoreMatch(lost, { ...found, date: "2026-11-30" })!.score).toBeLessThan(scoreMatch(lost, found)!.score);
  });

  it("scores nearer places more, from the config's coordinates, without excluding far ones", () => {
    const far = scoreMatch(lost, { ...found, latitude: farAway.latitude, longitude: farAway.longitude })!;
    expect(far.reasons.miles).toBeGreaterThan(matchRules.milesForNoPoints);
    expect(far.score).toBeLessThan(scoreMatch(lost, found)!.score);
    const same = scoreMatch(lost, { ...found, latitude: home.latitude, longitude: home.longitude })!;
    expect(same.reasons.miles).toBe(0);
  });

  it("takes an equal microchip number as a certain match, whatever else differs", () => {
    const chipped = { ...lost, microchip: "985 112 000-123" };
    const other = { ...found, microchip: "985112000123", species: "cat", colours: ["black"], date: "2027-03-01" };
    expect(scoreMatch(chipped, other)).toMatchObject({ score: 100, reasons: { certain: true } });
    expect(scoreMatch(chipped, { ...other, microchip: "985112000124" })).toBeNull();
    expect(scoreMatch({ ...lost, microchip: "" }, { ...found, microchip: "" })!.reasons.certain).toBe(false);
  });
});

describe("dates", () => {
  it("counts calendar days whatever the machine's time zone", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    // Across the start of daylight saving time in the Pacific time zone (8 March 2026).
    expect(daysBetween("2026-03-08", "2026-03-09")).toBe(1);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
  });

  it("puts an instant on the shelter's own calendar day", () => {
    // 06:30 UTC on 21 November is still 20 November in the Pacific time zone.
    expect(localDay(new Date("2026-11-21T06:30:00Z"), "America/Los_Angeles")).toBe("2026-11-20");
    expect(localDay(new Date("2026-11-21T08:30:00Z"), "America/Los_Angeles")).toBe("2026-11-21");
  });
});

describe("findMatches", () => {
  it("keeps the likely ones, certain first, then by score", () => {
    const chipped = { ...found, key: "report:3", microchip: "ABC123", colours: ["black"] };
    const weak = {
      ...found,
      key: "report:4",
      sex: "unknown",
      size: "unknown",
      colours: [] as string[],
      date: "2026-12-03",
      latitude: farAway.latitude,
      longitude: farAway.longitude,
    };
    const matches = findMatches({ ...lost, microchip: "abc-123" }, [weak, found, chipped]);
    expect(matches.map((each) => each.candidate.key)).toEqual(["report:3", "report:2"]);
  });
});

const day = fc
  .integer({ min: 0, max: 40 })
  .map((offset) => new Date(Date.UTC(2026, 10, 1 + offset)).toISOString().slice(0, 10));
const place = fc.constantFrom(home, nextTown, farAway);
const subject = fc
  .record({
    key: fc.constantFrom("report:1", "report:2", "report:3", "pet:1"),
    kind: fc.constantFrom("lost" as const, "found" as const),
    species: fc.constantFrom(...reportSpecies),
    sex: fc.constantFrom(...reportSexes),
    size: fc.constantFrom(...reportSizes),
    colours: fc.subarray([...reportColours.slice(0, 4)]),
    date: day,
    microchip: fc.constantFrom(null, "", "111", "222"),
    open: fc.boolean(),
    place,
  })
  .map(({ place: at, ...rest }): MatchSubject => ({ ...rest, latitude: at.latitude, longitude: at.longitude }));

describe("properties", () => {
  it("matching is symmetric", () => {
    fc.assert(
      fc.property(subject, subject, (a, b) => {
        expect(scoreMatch(a, b)).toEqual(scoreMatch(b, a));
      }),
    );
  });

  it("a subject never matches itself, nor a closed one", () => {
    fc.assert(
      fc.property(subject, subject, (a, b) => {
        expect(scoreMatch(a, { ...a })).toBeNull();
        expect(scoreMatch(a, { ...b, open: false })).toBeNull();
      }),
    );
  });

  it("scores stay between 0 and 100", () => {
    fc.assert(
      fc.property(subject, subject, (a, b) => {
        const match = scoreMatch(a, b);
        if (match) expect(match.score).toBeGreaterThanOrEqual(0);
        if (match) expect(match.score).toBeLessThanOrEqual(100);
      }),
    );
  });
});
