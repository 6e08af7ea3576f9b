import { count, eq, gte, isNull, or, sql } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { fosterPlacements, petStays, volunteerApplications } from "#app/db/schema";
import type { FosterSpell, StayFacts } from "#app/lib/intake-outcome/figures";
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

/** The stays that came in or left on `from` or later: all a statistics page from that day needs. */
export async function staysSince(db: Database, from: string): Promise<StayFacts[]> {
  return db.select(stayFacts).from(petStays).where(or(gte(petStays.intakeOn, from), gte(petStays.outcomeOn, from)));
}

/**
 * What the monthly report of the days `first` to `last` needs: the stays in care at some time of the
 * month, and the foster placements as days (a place, not an outcome).
 */
export async function reportFacts(db: Database, first: string, last: string): Promise<{ stays: StayFacts[]; spells: FosterSpell[] }> {
  const [stays, placements] = await db.batch([
    db
      .select(stayFacts)
      .from(petStays)
      .where(sql`${petStays.intakeOn} <= ${last} and (${petStays.outcomeType} is null or max(${petStays.outcomeOn}, ${petStays.intakeOn}) >= ${first})`),
    db
      .select({ petId: fosterPlacements.petId, startedAt: fosterPlacements.startedAt, endedAt: fosterPlacements.endedAt })
      .from(fosterPlacements)
      .where(or(isNull(fosterPlacements.endedAt), gte(fosterPlacements.endedAt, new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000)))),
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

/** When the month's figures last changed: the latest change of a stay that counts in it (the report's "amended"). */
export async function reportChangedAt(db: Database, first: string, last: string): Promise<number> {
  const [row] = await db
    .select({ at: sql<number | null>`max(${petStays.updatedAt})` })
    .from(petStays)
    .where(sql`${petStays.intakeOn} <= ${last} and (${petStays.outcomeType} is null or max(${petStays.outcomeOn}, ${petStays.intakeOn}) >= ${first})`);
  return row?.at ?? 0;
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

