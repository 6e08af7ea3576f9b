import { describe, expect, it } from "vitest";
import { lostFoundPlace, lostFoundPlaces } from "#app/config/lost-found-places";
import { milesBetween, nearestPlace } from "./geo";

describe("milesBetween", () => {
  it("measures the distance between two of the config's places", () => {
    const miles = milesBetween(lostFoundPlace("eureka")!, lostFoundPlace("fortuna")!);
    // Eureka to Fortuna is about 14 miles as the crow flies.
    expect(miles).toBeGreaterThan(13);
    expect(miles).toBeLessThan(15);
    expect(milesBetween(lostFoundPlace("arcata")!, lostFoundPlace("arcata")!)).toBe(0);
  });
});

describe("nearestPlace", () => {
  it("picks the config's place nearest to a position", () => {
    expect(nearestPlace({ latitude: 40.87, longitude: -124.08 }, lostFoundPlaces)?.value).toBe("arcata");
    expect(nearestPlace({ latitude: 40.6, longitude: -124.16 }, lostFoundPlaces)?.value).toBe("fortuna");
  });

  it("gives nothing for a position that is not a number or an empty list", () => {
    expect(nearestPlace({ latitude: Number.NaN, longitude: 0 }, lostFoundPlaces)).toBeUndefined();
    expect(nearestPlace({ latitude: 40, longitude: -124 }, [])).toBeUndefined();
  });
});
