/**
 * The towns and areas of the county a lost or found pet's report names (issue 46, decision 066): a
 * report says where by one of these, never by an address. The coordinates (the place's centre) give
 * the distance between two reports and the nearest place to "use my location". Another shelter lists
 * its own county here.
 */
export interface LostFoundPlace {
  /** What is stored and posted: letters, digits and "-" only. */
  value: string;
  /** The place's name, the same in every language. */
  name: string;
  latitude: number;
  longitude: number;
}

export const lostFoundPlaces: readonly LostFoundPlace[] = [
  { value: "eureka", name: "Eureka", latitude: 40.8021, longitude: -124.1637 },
  { value: "arcata", name: "Arcata", latitude: 40.8665, longitude: -124.0828 },
  { value: "mckinleyville", name: "McKinleyville", latitude: 40.9468, longitude: -124.1006 },
  { value: "fortuna", name: "Fortuna", latitude: 40.5982, longitude: -124.1573 },
  { value: "ferndale", name: "Ferndale", latitude: 40.5763, longitude: -124.2639 },
  { value: "cutten", name: "Cutten", latitude: 40.7699, longitude: -124.1423 },
  { value: "myrtletown", name: "Myrtletown", latitude: 40.7888, longitude: -124.1312 },
  { value: "samoa-manila", name: "Samoa and Manila", latitude: 40.8288, longitude: -124.1836 },
  { value: "bayside", name: "Bayside", latitude: 40.8424, longitude: -124.0631 },
  { value: "blue-lake", name: "Blue Lake", latitude: 40.8829, longitude: -123.9839 },
  { value: "trinidad", name: "Trinidad", latitude: 41.0593, longitude: -124.1431 },
  { value: "loleta", name: "Loleta", latitude: 40.6413, longitude: -124.2245 },
  { value: "rio-dell", name: "Rio Dell", latitude: 40.4993, longitude: -124.1067 },
  { value: "hydesville", name: "Hydesville", latitude: 40.5474, longitude: -124.0973 },
  { value: "fieldbrook", name: "Fieldbrook", latitude: 40.9593, longitude: -124.0245 },
  { value: "willow-creek", name: "Willow Creek", latitude: 40.9396, longitude: -123.6314 },
  { value: "orick", name: "Orick", latitude: 41.2868, longitude: -124.0587 },
  { value: "garberville-redway", name: "Garberville and Redway", latitude: 40.1007, longitude: -123.7945 },
];

export function lostFoundPlace(value: string): LostFoundPlace | undefined {
  return lostFoundPlaces.find((place) => place.value === value);
}
