import { and, asc, count, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { fosterPlacements, pets, petStays, reportDownloads, users, volunteerApplications } from "#app/db/schema";
import { publiclyListedCondition } from "#app/models/pets.server";
import type { FosterSpell, StatisticsFacts, StayFacts } from "#app/lib/intake-outcome/figures";
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
 * The stays that came in or left on `from` or later: all a statistics page from that day needs, and
 * only the columns it reads (a year of stays is thousands of rows).
 */
export async function staysSince(db: Database, from: string): Promise<StatisticsFacts[]> {
  return db
    .select({
      species: petStays.species,
      intakeOn: petStays.intakeOn,
      outcomeType: petStays.outcomeType,
      outcomeOn: petStays.outcomeOn,
    })
    .from(petStays)
    .where(or(gte(petStays.intakeOn, from), gte(petStays.outcomeOn, from)));
}

/**
 * What the monthly report of the days `first` to `last` needs: the stays in care at some time of the
 * month, and the foster placements as days (a place, not an outcome).
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
