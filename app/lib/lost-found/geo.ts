/** Distances between places and the nearest place to a position (issue 46): pure, no I/O. */
export interface Position {
  latitude: number;
  longitude: number;
}

const earthRadiusMiles = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in miles (haversine). */
export function milesBetween(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place closest to `position`; undefined for an empty list or a position that is not a number. */
export function nearestPlace<T extends Position>(position: Position, places: readonly T[]): T | undefined {
  if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return undefined;
  let best: T | undefined;
  let bestMiles = Infinity;
  for (const place of places) {
    const miles = milesBetween(position, place);
    if (miles < bestMiles) {
      best = place;
      bestMiles = miles;
    }
  }
  return best;
}
