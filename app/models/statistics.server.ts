import { and, asc, count, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { fosterPlacements, pets, petStays, reportDownloads, users, volunteerApplications } from "#app/db/schema";
import { publiclyListedCondition } from "#app/models/pets.server";
import type {
  FosterSpell,
  ReportCount,
  StatisticsCount,
  StatisticsMedian,
  StayFacts,
} from "#app/lib/intake-outcome/figures";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";

/**
 * What the figures of decision 064 read: the stays a period needs, as facts for lib/intake-outcome's
 * arithmetic, and the home page's counts. Every stay counts, a deleted pet's too: the figures are the
 * shelter's history.
 */

const timeZone = shelter.openingHours.timeZone as string;

const stayFacts = {
  petId: petStays.petId,
  species: petStays.species,
  intakeType: petStays.intakeType,
  intakeOn: petStays.intakeOn,
  intakeAgeMonths: petStays.intakeAgeMonths,
  outcomeType: petStays.outcomeType,
  outcomeOn: petStays.outcomeOn,
};

/**
 * The stays in care at some time of the days `first` to `last`, each as lib's facts, and the foster
 * placements as days (a place, not an outcome): what lib's pure `monthlyReport` and `statistics` read.
 * The pages count in SQL instead (`reportCounts`, `statisticsCounts`); the tests compare the two.
 */
export async function reportFacts(
  db: Database,
  first: string,
  last: string,
): Promise<{ stays: StayFacts[]; spells: FosterSpell[] }> {
  const [stays, placements] = await db.batch([
    db
      .select(stayFacts)
      .from(petStays)
      // In care at some time of the month: came in by its last day, and still open, or left (or came in)
      // on its first day or later. Each of the three through its own index (the open stays' partial
      // index, outcome_on's, intake_on's): with ten years of stays, one range over intake_on would read
      // nearly every row for a recent month (decision 064, the bench's history part).
      .where(
        sql`${petStays.id} in (select s.id from pet_stays s where s.outcome_type is null
          union all select s.id from pet_stays s where s.outcome_on >= ${first}
          union all select s.id from pet_stays s where s.intake_on >= ${first})
          and ${petStays.intakeOn} <= ${last}`,
      ),
    db
      .select({
        petId: fosterPlacements.petId,
        startedAt: fosterPlacements.startedAt,
        endedAt: fosterPlacements.endedAt,
      })
      .from(fosterPlacements)
      .where(
        or(
          isNull(fosterPlacements.endedAt),
          gte(fosterPlacements.endedAt, new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000)),
        ),
      ),
  ]);
  return {
    stays,
    spells: placements.map((placement) => ({
      petId: placement.petId,
      from: shelterDayOf(placement.startedAt, timeZone),
      to: placement.endedAt ? shelterDayOf(placement.endedAt, timeZone) : null,
    })),
  };
}

/** The home page's counts: every intake, every adoption, every welcomed volunteer. */
export async function homeCounts(db: Database): Promise<{ intakes: number; adoptions: number; volunteers: number }> {
  const [[intakes], [adoptions], [volunteers]] = await db.batch([
    db.select({ n: count() }).from(petStays),
    db.select({ n: count() }).from(petStays).where(eq(petStays.outcomeType, "adoption")),
    db.select({ n: count() }).from(volunteerApplications).where(eq(volunteerApplications.status, "welcomed")),
  ]);
  return { intakes: intakes?.n ?? 0, adoptions: adoptions?.n ?? 0, volunteers: volunteers?.n ?? 0 };
}

/** Notes that a staff member downloaded a month's report, with the hash of the CSV they got. */
export async function recordReportDownload(db: Database, download: { month: string; userId: number; csvHash: string }) {
  await db.insert(reportDownloads).values(download);
}

/** The latest download of a month's report, with who made it; undefined when never downloaded. */
export async function lastReportDownload(db: Database, month: string) {
  const [row] = await db
    .select({
      csvHash: reportDownloads.csvHash,
      createdAt: reportDownloads.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reportDownloads)
    .leftJoin(users, eq(users.id, reportDownloads.userId))
    .where(eq(reportDownloads.month, month))
    .orderBy(desc(reportDownloads.createdAt), desc(reportDownloads.id))
    .limit(1);
  return row;
}

/**
 * Pet Admin's "in care now" (decision 064): the listed pets whose stay began longest ago first, with
 * the day they came in, and how many pets are listed now.
 */
export async function listedPetsLongestInCare(db: Database, limit = 10) {
  const [longest, [listed]] = await db.batch([
    db
      .select({ id: pets.id, name: pets.name, species: pets.species, intakeOn: petStays.intakeOn })
      .from(pets)
      .innerJoin(petStays, and(eq(petStays.petId, pets.id), isNull(petStays.outcomeType)))
      .where(publiclyListedCondition())
      .orderBy(asc(petStays.intakeOn), asc(pets.id))
      .limit(limit),
    db.select({ n: count() }).from(pets).where(publiclyListedCondition()),
  ]);
  return { longest, listed: listed?.n ?? 0 };
}

/**
 * SQL's share of decision 064's figures (amended 2026-11-28): the stays are counted in D1, grouped,
 * and only the groups reach the Worker, which lib/intake-outcome/figures.ts turns into the page's
 * figures (`statisticsOfCounts`, `monthlyReportOfCounts`). The pure functions on every stay
 * (`statistics`, `monthlyReport`) are the reference these are tested against on real D1
 * (tests/integration/figures-sql.test.ts), so the SQL below and lib's arithmetic cannot drift.
 *
 * A stay's species group and age group, and its outcome day as lib counts it: an outcome is never
 * before its intake (a day typed wrong counts on the intake day); no type, no outcome.
 */
const speciesGroupSql = sql.raw(`case species when 'Dog' then 'canine' when 'Cat' then 'feline' else 'other' end`);
const ageGroupSql = sql.raw(`case when intake_age_months <= 5 then 'youth' else 'adult' end`);
const outcomeDaySql = sql.raw(
  `case when outcome_type is null or outcome_on is null then null when outcome_on < intake_on then intake_on else outcome_on end`,
);

/**
 * The statistics page's counts and medians for the days `from` to `today`, in one statement: intakes
 * by month and species group, outcomes by month, species group and type, and the median days in care
 * of the stays that ended, per month, over the twelve months by species group and over the year (from
 * `yearStart`) in all and by species group. The medians by window functions over the lengths counted
 * by month, species group and days (SUM over each period's lengths in order: the median is where the
 * running count passes half), so the sorts are of some hundred groups, not of every stay once per
 * period. The stays are read from the intake and outcome indexes alone (both cover the columns read).
 */
export async function statisticsCounts(
  db: Database,
  { from, today, yearStart }: { from: string; today: string; yearStart: string },
): Promise<{ counts: StatisticsCount[]; medians: StatisticsMedian[] }> {
  const yearMonth = yearStart.slice(0, 7);
  const rows = await db.all<{ kind: string; month: string; speciesGroup: string; type: string | null; n: number }>(
    // Each range read from its index alone, no OR (an OR of two indexes reads every row from the table).
    // The outcomes: on their day, or on the intake day when typed before it (two disjoint ranges).
    sql`with outcomes as (
        select species, outcome_type, intake_on, outcome_on as out_on from pet_stays
          where outcome_on >= ${from} and outcome_on <= ${today} and outcome_on >= intake_on and outcome_type is not null
        union all
        select species, outcome_type, intake_on, intake_on from pet_stays
          where intake_on >= ${from} and intake_on <= ${today} and outcome_on < intake_on and outcome_type is not null),
      lengths as (
        select substr(out_on, 1, 7) as month, ${speciesGroupSql} as species_group,
          cast(round(julianday(out_on) - julianday(intake_on)) as integer) as days, count(*) as n
        from outcomes group by 1, 2, 3),
      periods as (
        select 'month' as period, month as key, days, sum(n) as n from lengths group by 2, 3
        union all select 'twelve', species_group, days, sum(n) from lengths group by 2, 3
        union all select 'year', '', days, sum(n) from lengths where month >= ${yearMonth} group by 3
        union all select 'year', species_group, days, sum(n) from lengths where month >= ${yearMonth} group by 2, 3),
      running as (
        select period, key, days,
          sum(n) over (partition by period, key order by days) as upto,
          sum(n) over (partition by period, key) as total
        from periods)
      select 'intake' as kind, substr(intake_on, 1, 7) as month, ${speciesGroupSql} as speciesGroup, null as type, count(*) as n
        from pet_stays where intake_on >= ${from} and intake_on <= ${today} group by 2, 3
      union all
      select 'outcome', substr(out_on, 1, 7), ${speciesGroupSql}, outcome_type, count(*) from outcomes group by 2, 3, 4
      union all
      select 'median', period, key, null,
          (min(case when upto >= (total + 1) / 2 then days end) + min(case when upto >= (total + 2) / 2 then days end)) / 2.0
        from running group by period, key`,
  );
  const counts: StatisticsCount[] = [];
  const medians: StatisticsMedian[] = [];
  for (const row of rows) {
    if (row.kind === "median")
      medians.push({ period: row.month as StatisticsMedian["period"], key: row.speciesGroup, median: row.n });
    else counts.push(row as StatisticsCount);
  }
  return { counts, medians };
}

/**
 * What the monthly report of the days `first` to `last` needs, counted in D1: per species group and
 * age group, the stays in care at the start of the first day and of the next month's first
 * (`next`), the intakes by type and the outcomes by type; and, for the foster column, the pets in
 * care at the start that had a foster placement not ended before the month, with those placements
 * as days (a place, not an outcome: lib decides whether the pet was in foster at the start).
 */
export async function reportCounts(
  db: Database,
  first: string,
  last: string,
  next: string,
): Promise<{ counts: ReportCount[]; spells: FosterSpell[] }> {
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000);
  const [counts, placements] = await Promise.all([
    db.all<ReportCount>(sql`with s as materialized (
        select pet_id, ${speciesGroupSql} as species_group, ${ageGroupSql} as age_group, intake_type, intake_on,
          outcome_type, ${outcomeDaySql} as out_on
        from pet_stays
        -- In care at some time of the month, each of the three through its own index (open stays, outcome
        -- day, intake day): one range over intake_on would read nearly every row for a recent month.
        where id in (select id from pet_stays where outcome_type is null
            union all select id from pet_stays where outcome_on >= ${first}
            union all select id from pet_stays where intake_on >= ${first})
          and intake_on <= ${last})
      select species_group as speciesGroup, age_group as ageGroup, 'beginning' as kind, null as type, count(*) as n
        from s where intake_on < ${first} and (out_on is null or out_on >= ${first}) group by 1, 2
      union all
      select species_group, age_group, 'intake', intake_type, count(*) from s where intake_on >= ${first} group by 1, 2, 4
      union all
      select species_group, age_group, 'outcome', outcome_type, count(*)
        from s where out_on >= ${first} and out_on <= ${last} group by 1, 2, 4
      union all
      select species_group, age_group, 'ending', null, count(*) from s where out_on is null or out_on >= ${next} group by 1, 2
      union all
      select species_group, age_group, 'foster', cast(pet_id as text), count(*)
        from s where intake_on < ${first} and (out_on is null or out_on >= ${first})
          and pet_id in (select pet_id from foster_placements where ended_at is null or ended_at >= ${since.getTime()})
        group by 1, 2, 4`),
    db
      .select({
        petId: fosterPlacements.petId,
        startedAt: fosterPlacements.startedAt,
        endedAt: fosterPlacements.endedAt,
      })
      .from(fosterPlacements)
      .where(or(isNull(fosterPlacements.endedAt), gte(fosterPlacements.endedAt, since))),
  ]);
  return {
    counts,
    spells: placements.map((placement) => ({
      petId: placement.petId,
      from: shelterDayOf(placement.startedAt, timeZone),
      to: placement.endedAt ? shelterDayOf(placement.endedAt, timeZone) : null,
    })),
  };
}
