import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { fosterPlacements, petChanges, pets, petStays, type PetStay } from "#app/db/schema";
import { intakeLabels, outcomeLabels, type OutcomeType } from "#app/lib/intake-outcome/categories";
import type { IntakeValues, OutcomeValues } from "#app/lib/intake-outcome/intake-outcome-schema";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";

/**
 * A pet's stays: how it came in and how it left (decision 064). Every write here changes the pet's
 * version and writes its history row in the same D1 batch, so two staff changing the pet at once are
 * told as for every other change.
 */

const timeZone = shelter.openingHours.timeZone as string;

/** The pet's stays, the current (latest) first. */
export async function listStays(db: Database, petId: number): Promise<PetStay[]> {
  return db.select().from(petStays).where(eq(petStays.petId, petId)).orderBy(desc(petStays.id));
}

/**
 * The intake a new pet's batch writes after the pet's own insert: the pet is found by its shelter id
 * (unique), since `last_insert_rowid()` names the history row by then.
 */
export function firstIntakeStatement(db: Database, animalId: string, intake: IntakeValues): BatchItem<"sqlite"> {
  const now = Date.now();
  return db
    .insert(petStays)
    .select(
      sql`select null, n.id, n.species, ${intake.intakeType}, ${intake.intakeOn}, n.age, ${intake.intakeSource}, ${intake.intakeNotes}, null, null, '', '', ${now}, ${now} from pets n where n.animal_id = ${animalId}`,
    );
}

/**
 * What a change of a pet's adoption mark does to its stays, in the same batch as the change (issue
 * 42): read from the pet's row as the batch left it, so they change nothing when the change did not
 * happen. A pet with no stay at all (one saved before stays, by any path) gets its intake first; an
 * adopted pet's open stay ends with an adoption on `adoptedOn`; a pet no longer adopted loses the
 * adoption outcome of its latest stay (an "adopted" mark taken back).
 */
export function adoptionStatements(
  db: Database,
  petId: number,
  adoptedAt: Date | null | undefined,
): BatchItem<"sqlite">[] {
  const now = Date.now();
  const adoptedOn = shelterDayOf(adoptedAt ?? now, timeZone);
  const adopted = sql`exists (select 1 from pets p where p.id = ${petId} and p.adopted_email is not null)`;
  const latestStay = sql`(select max(s.id) from pet_stays s where s.pet_id = ${petId})`;
  return [
    db.insert(petStays).select(
      sql`select null, p.id, p.species, ${shelter.intakes.defaultType}, min(${adoptedOn}, date(p.created_at / 1000, 'unixepoch', '-8 hours')), p.age, '', '', null, null, '', '', ${now}, ${now}
        from pets p where p.id = ${petId} and p.adopted_email is not null and not exists (select 1 from pet_stays s where s.pet_id = ${petId})`,
    ),
    db
      .update(petStays)
      .set({
        outcomeType: "adoption",
        outcomeOn: sql`max(${petStays.intakeOn}, ${adoptedOn})`,
        updatedAt: new Date(now),
      })
      .where(and(eq(petStays.petId, petId), isNull(petStays.outcomeType), adopted)),
    db
      .update(petStays)
      .set({ outcomeType: null, outcomeOn: null, updatedAt: new Date(now) })
      .where(and(sql`${petStays.id} = ${latestStay}`, eq(petStays.outcomeType, "adoption"), sql`not ${adopted}`)),
  ];
}

export type StayChangeOutcome = "changed" | "conflict" | "missing";

async function afterBatch(db: Database, petId: number, updated: unknown[]): Promise<StayChangeOutcome> {
  if (updated.length > 0) return "changed";
  const exists = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), isNull(pets.deletedAt)));
  return exists.length > 0 ? "conflict" : "missing";
}

const historyRow = (db: Database, petId: number, userId: number, summary: string) =>
  db
    .insert(petChanges)
    .select(
      sql`select null as id, ${petId} as pet_id, ${userId} as user_id, ${summary} as summary, ${Date.now()} as created_at where changes() > 0`,
    );

const versionBump = (db: Database, petId: number, version: number, onlyIf?: SQL) =>
  db
    .update(pets)
    .set({ version: sql`${pets.version} + 1`, updatedAt: new Date() })
    .where(and(eq(pets.id, petId), eq(pets.version, version), isNull(pets.deletedAt), onlyIf))
    .returning({ id: pets.id });

/**
 * Changes the intake of the pet's stay `stayId` at the pet's version read, with a history row; a pet
 * with no stay yet (saved before stays) gets one. "conflict" when the pet changed since.
 */
export async function changeIntake(
  db: Database,
  change: { petId: number; version: number; userId: number; stayId: number | null; intake: IntakeValues },
): Promise<StayChangeOutcome> {
  const { petId, version, userId, stayId, intake } = change;
  const now = Date.now();
  const summary = `Intake: ${intakeLabels[intake.intakeType]} on ${intake.intakeOn}`;
  const stayHere =
    stayId === null
      ? sql`not exists (select 1 from pet_stays s where s.pet_id = ${petId})`
      : sql`exists (select 1 from pet_stays s where s.id = ${stayId} and s.pet_id = ${petId})`;
  const write =
    stayId === null
      ? db
          .insert(petStays)
          .select(
            sql`select null, p.id, p.species, ${intake.intakeType}, ${intake.intakeOn}, p.age, ${intake.intakeSource}, ${intake.intakeNotes}, null, null, '', '', ${now}, ${now} from pets p where p.id = ${petId} and changes() > 0`,
          )
      : db
          .update(petStays)
          .set({
            intakeType: intake.intakeType,
            intakeOn: intake.intakeOn,
            intakeSource: intake.intakeSource,
            intakeNotes: intake.intakeNotes,
            updatedAt: new Date(now),
          })
          .where(and(eq(petStays.id, stayId), eq(petStays.petId, petId), sql`changes() > 0`));
  const [updated] = await db.batch([
    versionBump(db, petId, version, stayHere),
    historyRow(db, petId, userId, summary),
    write,
  ]);
  return afterBatch(db, petId, updated);
}

/**
 * Records how the pet left (anything but adoption, which "Mark adopted" records) on its open stay,
 * at the version read, with a history row: the pet is then "left" (hidden from every public list,
 * decision 064), its bonded pair is undone and an open foster placement ends, all in one batch. Only
 * a pet neither on hold, adopted nor already gone, with an open stay, may be given one.
 */
export async function recordOutcome(
  db: Database,
  change: { petId: number; version: number; userId: number; outcome: OutcomeValues },
): Promise<StayChangeOutcome> {
  const { petId, version, userId, outcome } = change;
  const now = new Date();
  const type = outcome.outcomeType as OutcomeType;
  const openStay = sql`exists (select 1 from pet_stays s where s.pet_id = ${petId} and s.outcome_type is null and s.intake_on <= ${outcome.outcomeOn})`;
  const free = and(isNull(pets.onHoldEmail), isNull(pets.adoptedEmail), isNull(pets.leftAt), openStay);
  const left = sql`exists (select 1 from pets p where p.id = ${petId} and p.left_at = ${now.getTime()})`;
  const destination = type === "transferred_out" ? outcome.outcomeDestination : "";
  const summary = `Outcome: ${outcomeLabels[type]} on ${outcome.outcomeOn}${destination ? ` (to ${destination})` : ""}`;
  const [updated] = await db.batch([
    db
      .update(pets)
      .set({ leftAt: now, bondedWith: null, version: sql`${pets.version} + 1`, updatedAt: now })
      .where(and(eq(pets.id, petId), eq(pets.version, version), isNull(pets.deletedAt), free))
      .returning({ id: pets.id }),
    historyRow(db, petId, userId, summary),
    db
      .update(petStays)
      .set({
        outcomeType: type,
        outcomeOn: outcome.outcomeOn,
        outcomeDestination: destination,
        outcomeNotes: outcome.outcomeNotes,
        updatedAt: now,
      })
      .where(and(eq(petStays.petId, petId), isNull(petStays.outcomeType), sql`changes() > 0`)),
    db
      .update(pets)
      .set({ bondedWith: null })
      .where(and(eq(pets.bondedWith, petId), left)),
    db
      .update(fosterPlacements)
      .set({ endedAt: now })
      .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.endedAt), left)),
  ]);
  return afterBatch(db, petId, updated);
}

/**
 * Takes back an outcome recorded by mistake (or the animal came back the same stay, as a lost one
 * found): the stay is open again and the pet is listed again now, if it was published. Adoption is
 * taken back from "Mark adopted" instead.
 */
export async function undoOutcome(
  db: Database,
  change: { petId: number; version: number; userId: number },
): Promise<StayChangeOutcome> {
  const { petId, version, userId } = change;
  const now = new Date();
  const latestStay = sql`(select max(s.id) from pet_stays s where s.pet_id = ${petId})`;
  const [updated] = await db.batch([
    db
      .update(pets)
      .set({ leftAt: null, listedAt: now, version: sql`${pets.version} + 1`, updatedAt: now })
      .where(
        and(eq(pets.id, petId), eq(pets.version, version), isNull(pets.deletedAt), sql`${pets.leftAt} is not null`),
      )
      .returning({ id: pets.id }),
    historyRow(db, petId, userId, "Outcome taken back: in our care again"),
    db
      .update(petStays)
      .set({ outcomeType: null, outcomeOn: null, outcomeDestination: "", outcomeNotes: "", updatedAt: now })
      .where(and(sql`${petStays.id} = ${latestStay}`, sql`changes() > 0`)),
  ]);
  return afterBatch(db, petId, updated);
}

/**
 * The adopter brought the pet back (decision 064): a returned adoption is a new stay, so the adoption
 * stays counted in the stay it ended, the pet is no longer adopted (listed again now, as when the mark
 * is taken away), and a new stay begins on `returnedOn` with the intake "returned adoption" (SAC's
 * "Relinquished by Owner"). At the version read, with a history row, in one batch; only for a pet
 * marked adopted whose latest stay ended with an adoption on or before `returnedOn`.
 */
export async function recordReturn(
  db: Database,
  change: { petId: number; version: number; userId: number; returnedOn: string },
): Promise<StayChangeOutcome> {
  const { petId, version, userId, returnedOn } = change;
  const now = new Date();
  const adoptedStay = sql`exists (select 1 from pet_stays s where s.id = (select max(l.id) from pet_stays l where l.pet_id = ${petId}) and s.outcome_type = 'adoption' and s.outcome_on <= ${returnedOn})`;
  const [updated] = await db.batch([
    db
      .update(pets)
      .set({
        adoptedEmail: null,
        adoptedDate: null,
        listedAt: now,
        version: sql`${pets.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(pets.id, petId),
          eq(pets.version, version),
          isNull(pets.deletedAt),
          isNull(pets.leftAt),
          sql`${pets.adoptedEmail} is not null`,
          adoptedStay,
        ),
      )
      .returning({ id: pets.id }),
    historyRow(
      db,
      petId,
      userId,
      `Returned by the adopter: a new stay from ${returnedOn} (${intakeLabels.returned_adoption})`,
    ),
    db
      .insert(petStays)
      .select(
        sql`select null, p.id, p.species, 'returned_adoption', ${returnedOn}, p.age, '', '', null, null, '', '', ${now.getTime()}, ${now.getTime()} from pets p where p.id = ${petId} and changes() > 0`,
      ),
  ]);
  return afterBatch(db, petId, updated);
}

/** The pet's edit page's "Intake and outcome" panel: its stays (latest first) and today, in shelter time. */
export async function staysPanelOf(db: Database, petId: number) {
  const stays = await listStays(db, petId);
  return {
    today: shelterDayOf(Date.now(), timeZone),
    stays: stays.map(
      ({
        id,
        intakeType,
        intakeOn,
        intakeSource,
        intakeNotes,
        outcomeType,
        outcomeOn,
        outcomeDestination,
        outcomeNotes,
      }) => ({
        id,
        intakeType,
        intakeOn,
        intakeSource,
        intakeNotes,
        outcomeType,
        outcomeOn,
        outcomeDestination,
        outcomeNotes,
      }),
    ),
  };
}
