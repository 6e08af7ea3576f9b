/**
 * Lost and found matching at scale (issue 46, decision 066): one newly confirmed report matched against
 * 10,000 open reports of the other kind, as `matchConfirmedReport` does it once D1 has answered (each
 * row made a subject, its colour words and place's coordinates, then scored and the likely ones kept
 * in order), as a ratio to a floor: one pass that only reads every row's fields, timed in turn in the
 * same run (decision 045). Part of `npm run bench` (`--only lostfound`, which needs no build or server:
 * `npm run bench -- --only lostfound --no-build`).
 */
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { findMatches } from "#app/lib/lost-found/matching";
import { reportColours, reportSexes, reportSizes, reportSpecies } from "#app/lib/lost-found/report";
import { reportSubject, type ReportForMatching } from "#app/lib/lost-found/subject";
import { createRandom } from "./demo/random";

/**
 * The budget: matching makes each row a subject (colour words, a place's coordinates) and scores it, so
 * it is well above a pass that only reads the fields: 34 × (30 ms for 10,000 reports) in a targeted run on
 * 2026-11-28, up to about 150 × while the shared machine was overloaded (load 17 on 2 cores).
 */
export const lostFoundBench = { openReports: 10_000, ratioBudget: 100 };

const dayOf = (base: number, offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);

/** Open found reports as the model returns them: varied species, sexes, sizes, colours, places and days. */
export function openFoundReports(count: number, seed = 46): ReportForMatching[] {
  const random = createRandom(seed);
  const base = Date.UTC(2026, 10, 28);
  return Array.from({ length: count }, (_, index) => ({
    id: index + 2,
    kind: "found" as const,
    species: random.pick(reportSpecies),
    sex: random.pick(reportSexes),
    size: random.pick(reportSizes),
    colours: [random.pick(reportColours), ...(random.next() < 0.5 ? [random.pick(reportColours)] : [])],
    otherColours: random.next() < 0.2 ? "light brown with a white chest" : "",
    date: dayOf(base, -random.int(0, 40)),
    place: random.pick(lostFoundPlaces).value,
    microchip: random.next() < 0.05 ? String(985_112_000_000_000 + random.int(0, 999_999)) : null,
  }));
}

/** The new report: a brown and white medium male dog lost in Eureka today. */
export const newLostReport: ReportForMatching = {
  id: 1,
  kind: "lost",
  species: "dog",
  sex: "male",
  size: "medium",
  colours: ["brown", "white"],
  otherColours: "",
  date: "2026-11-28",
  place: "eureka",
  microchip: null,
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Times the matching and the floor in turn (`runs` each, after warming up) and compares the fastest
 * tenth of each: a shared machine interrupts long tasks more often than short ones, so the quiet runs
 * compare the code (as the matchmaker's, decision 045).
 */
export function measureLostFoundMatching({ openReports = lostFoundBench.openReports, runs = 50 } = {}) {
  const rows = openFoundReports(openReports);
  let read = 0;
  const readAll = () => {
    for (const row of rows) {
      read +=
        row.id +
        row.species.length +
        row.sex.length +
        row.size.length +
        row.otherColours.length +
        row.date.length +
        row.place.length +
        (row.microchip?.length ?? 0);
      for (const colour of row.colours) read += colour.length;
    }
  };
  let found = 0;
  const match = () => {
    found += findMatches(reportSubject(newLostReport), rows.map(reportSubject)).length;
  };
  const timed = (work: () => void) => {
    const start = performance.now();
    work();
    return performance.now() - start;
  };
  for (let i = 0; i < 10; i++) {
    match();
    readAll();
  }
  const times: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(timed(match));
    floorTimes.push(timed(readAll));
  }
  if (read === 0) throw new Error("The lost and found bench read nothing");
  const quietMs = quantile(times, 0.1);
  const floorMs = Math.max(quantile(floorTimes, 0.1), 0.001);
  return {
    openReports: rows.length,
    runs,
    matchesPerRun: Math.round(found / (runs + 10)),
    quietMs: round(quietMs, 2),
    medianMs: round(quantile(times, 0.5), 2),
    floorMs: round(floorMs, 3),
    ratio: round(quietMs / floorMs, 1),
  };
}
