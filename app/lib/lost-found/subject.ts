import { lostFoundPlace } from "#app/config/lost-found-places";
import { shelter } from "#app/config/shelter";
import type { MatchSubject } from "./matching";
import { colourWords, type ReportKind } from "./report";

/** The columns of a report matching reads (`openReportsForMatching`). */
export interface ReportForMatching {
  id: number;
  kind: ReportKind;
  species: string;
  sex: string;
  size: string;
  colours: string[];
  otherColours: string;
  date: string;
  place: string;
  microchip: string | null;
}

/**
 * A report as matching compares it (issue 46): its colour words, and its place's coordinates from the
 * config (a place no longer listed is the shelter's). Pure: the matching service and the bench use it.
 */
export function reportSubject(report: ReportForMatching): MatchSubject {
  const place = lostFoundPlace(report.place) ?? shelter.geo;
  return {
    key: `report:${report.id}`,
    kind: report.kind,
    species: report.species,
    sex: report.sex,
    size: report.size,
    colours: colourWords(report.colours, report.otherColours),
    date: report.date,
    microchip: report.microchip,
    open: true,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}
