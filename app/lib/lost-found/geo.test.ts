import { describe, expect, it } from "vitest";
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { milesBetween, nearestPlace } from "./geo";

describe("milesBetween", () => {
  it("measures great-circle miles: a degree of latitude is about 69 miles", () => {
    const miles = milesBetween({ latitude: 40, longitude: -124 }, { latitude: 41, longitude: -124 });
    expect(miles).toBeGreaterThan(68.5);
    expect(miles).toBeLessThan(69.5);
    expect(milesBetween(lostFoundPlaces[0]!, lostFoundPlaces[0]!)).toBe(0);
  });

  it("is the same both ways", () => {
    const [a, b] = lostFoundPlaces;
    expect(milesBetween(a!, b!)).toBeCloseTo(milesBetween(b!, a!), 9);
  });
});

describe("nearestPlace", () => {
  it("picks each of the config's places for a position at it, or just beside it", () => {
    for (const place of lostFoundPlaces) {
      expect(nearestPlace(place, lostFoundPlaces)?.value).toBe(place.value);
      expect(
        nearestPlace({ latitude: place.latitude + 0.001, longitude: place.longitude - 0.001 }, lostFoundPlaces)?.value,
      ).toBe(place.value);
    }
  });

  it("gives nothing for a position that is not a number or an empty list", () => {
    expect(nearestPlace({ latitude: Number.NaN, longitude: 0 }, lostFoundPlaces)).toBeUndefined();
    expect(nearestPlace({ latitude: 40, longitude: -124 }, [])).toBeUndefined();
  });
});
