import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { petChanges, pets, users, type NewPet, type Pet } from "#app/db/schema";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { deletedPetKeptMs } from "#app/lib/pets/pet-status";
import { photoUrl } from "#app/lib/photos/photos";
import {
  staffPetsPerPage,
  type StaffPetFilters,
  type StaffPetSpecies,
  type StaffPetStatus,
} from "#app/lib/pets/staff-pet-filters";
import { type IntakeValues } from "#app/lib/intake-outcome/intake-outcome-schema";
import { adoptionStatements, firstIntakeStatement } from "#app/models/pet-stays.server";

const staffListColumns = {
  id: pets.id,
  name: pets.name,
  animalId: pets.animalId,
  species: pets.species,
  images: pets.images,
  onHoldEmail: pets.onHoldEmail,
  onHoldUntil: pets.onHoldUntil,
  adoptedEmail: pets.adoptedEmail,
  adoptedDate: pets.adoptedDate,
  publishedAt: pets.publishedAt,
};

/**
 * The name prefix (any case) as a condition. Compared with substr, not LIKE: deployed D1 refuses LIKE
 * patterns over 50 bytes ("LIKE or GLOB pattern too complex"), and % and _ stay plain characters.
 */
function namePrefixCondition(namePrefix: string): SQL | undefined {
  const prefix = namePrefix.trim().toLowerCase();
  return prefix ? sql`substr(lower(${pets.name}), 1, length(${prefix})) = ${prefix}` : undefined;
}

const statusConditions: Record<StaffPetStatus, SQL | undefined> = {
  all: undefined,
  listed: and(isNotNull(pets.publishedAt), isNull(pets.onHoldEmail), isNull(pets.adoptedEmail)),
  draft: isNull(pets.publishedAt),
  "on-hold": and(isNotNull(pets.onHoldEmail), isNull(pets.adoptedEmail)),
  adopted: isNotNull(pets.adoptedEmail),
};

const speciesConditions: Record<StaffPetSpecies, SQL | undefined> = {
  all: undefined,
  Cat: eq(pets.species, "Cat"),
  Dog: eq(pets.species, "Dog"),
  other: notInArray(pets.species, ["Cat", "Dog"]),
};

/** Every pet, hidden ones too, for staff: by name prefix (any case) and species, alphabetically. */
export async function listPetsForStaff(db: Database, namePrefix: string, species: StaffPetSpecies = "all") {
  const rows = await db
    .select(staffListColumns)
    .from(pets)
    .where(and(isNull(pets.deletedAt), namePrefixCondition(namePrefix), speciesConditions[species]))
    .orderBy(sql`${pets.name} collate nocase`, asc(pets.id));
  return rows.map(({ images, ...pet }) => ({ ...pet, photo: images[0] ? photoUrl(images[0]) : null }));
}

/**
 * One page of Pet Admin's list (issue 29): pets not deleted, by name prefix, status and species,
 * alphabetically, with the number of pets that match. Both reads go to D1 in one batch.
 */
export async function pagePetsForStaff(db: Database, filters: StaffPetFilters, pageSize = staffPetsPerPage) {
  const where = and(
    isNull(pets.deletedAt),
    namePrefixCondition(filters.q),
    statusConditions[filters.status],
    speciesConditions[filters.species],
  );
  const [rows, totals] = await db.batch([
    db
      .select(staffListColumns)
      .from(pets)
      .where(where)
      .orderBy(sql`${pets.name} collate nocase`, asc(pets.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ total: count() }).from(pets).where(where),
  ]);
  return {
    pets: rows.map(({ images, ...pet }) => ({ ...pet, photo: images[0] ? photoUrl(images[0]) : null })),
    total: totals[0]?.total ?? 0,
  };
}

const fortnightMs = 14 * 24 * 60 * 60 * 1000;

/** Pets adopted two weeks ago or more: the list suggests deleting them (spec §4). */
export async function adoptedLongAgo(db: Database, now = Date.now()) {
  return db
    .select({ id: pets.id, name: pets.name, adoptedDate: pets.adoptedDate })
    .from(pets)
    .where(and(lte(pets.adoptedDate, new Date(now - fortnightMs)), isNull(pets.deletedAt)))
    .orderBy(asc(pets.adoptedDate));
}

export async function listPetChanges(db: Database, petId: number) {
  return db
    .select({
      summary: petChanges.summary,
      createdAt: petChanges.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(petChanges)
    .leftJoin(users, eq(users.id, petChanges.userId))
    .where(eq(petChanges.petId, petId))
    .orderBy(desc(petChanges.createdAt), desc(petChanges.id))
    .limit(50);
}

/** "duplicate": the change gave the pet a shelter id another pet has. */
export type ChangeOutcome = "changed" | "conflict" | "missing" | "duplicate";

/** What staff change on a pet: the form's fields, the photos, the hold and adoption marks. */
export type PetChange = Partial<Omit<Pet, "id" | "version" | "createdAt" | "updatedAt">>;

/** Whether another pet already has this shelter id (compared without regard to case). */
export async function animalIdTaken(db: Database, animalId: string, exceptPetId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(
      and(
        sql`lower(${pets.animalId}) = ${animalId.toLowerCase()}`,
        exceptPetId === undefined ? undefined : ne(pets.id, exceptPetId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed");

/**
 * Keeps a bonded pair symmetric (decision 055) after the pet `petId` was written: pets that named it
 * but are no longer its partner forget it, a pet that named its new partner forgets that partner, and
 * the partner names it back. Read from the rows as they are, so the statements are right (and change
 * nothing) whether or not the write before them changed the pet.
 */
function bondStatements(db: Database, petId: SQL): BatchItem<"sqlite">[] {
  const partner = sql`(select p.bonded_with from pets p where p.id = ${petId})`;
  return [
    db
      .update(pets)
      .set({ bondedWith: null })
      .where(sql`${pets.bondedWith} = ${petId} and ${pets.id} is not ${partner}`),
    db
      .update(pets)
      .set({ bondedWith: null })
      .where(sql`${pets.bondedWith} = ${partner} and ${pets.id} != ${petId}`),
    db
      .update(pets)
      .set({ bondedWith: petId })
      .where(sql`${pets.id} = ${partner}`),
  ];
}

/**
 * The pets a pet may be bonded with: any other pet neither deleted nor adopted, by name. A published
 * pet's partner is published too: to adopters a draft does not exist (issue 39).
 */
export async function listBondChoices(db: Database, pet?: { id: number; published: boolean }) {
  return db
    .select({ id: pets.id, name: pets.name, animalId: pets.animalId, species: pets.species })
    .from(pets)
    .where(
      and(
        isNull(pets.deletedAt),
        isNull(pets.adoptedEmail),
        isNull(pets.leftAt),
        pet === undefined ? undefined : ne(pets.id, pet.id),
        pet?.published ? isNotNull(pets.publishedAt) : undefined,
      ),
    )
    .orderBy(sql`${pets.name} collate nocase`, asc(pets.id));
}

/**
 * Whether `partnerId` may be recorded as the bonded partner of the pet `petId` (undefined for a new
 * pet, a draft): "gone" when it is that pet, deleted or adopted; "draft" when the pet is published and
 * the partner a draft (issue 39).
 */
export async function bondPartnerRefusal(
  db: Database,
  partnerId: number,
  pet?: { id: number; published: boolean },
): Promise<"gone" | "draft" | null> {
  if (partnerId === pet?.id) return "gone";
  const [row] = await db
    .select({ publishedAt: pets.publishedAt })
    .from(pets)
    .where(and(eq(pets.id, partnerId), isNull(pets.deletedAt), isNull(pets.adoptedEmail), isNull(pets.leftAt)))
    .limit(1);
  if (!row) return "gone";
  return pet?.published && row.publishedAt === null ? "draft" : null;
}

/**
 * Adds a pet as a draft (decision 052) and its "Created" history row in one batch. "duplicate" when
 * another pet took the same shelter id meanwhile (the unique index decides). A draft was never
 * listed: it is listed (for new-pet alerts) when it is published. `intake` is how it came to us: its
 * first stay is written in the same batch.
 */
export async function createPet(
  db: Database,
  values: Omit<NewPet, "publishedAt" | "listedAt">,
  userId: number,
  intake?: IntakeValues,
): Promise<{ id: number } | "duplicate"> {
  try {
    const [[created]] = await db.batch([
      db
        .insert(pets)
        .values({ ...values, publishedAt: null, listedAt: null })
        .returning({ id: pets.id }),
      db
        .insert(petChanges)
        .select(
          sql`select null as id, last_insert_rowid() as pet_id, ${userId} as user_id, ${"Created"} as summary, ${Date.now()} as created_at`,
        ),
      ...(values.bondedWith
        ? bondStatements(db, sql`(select n.id from pets n where n.animal_id = ${values.animalId})`)
        : []),
      // Its first stay begins with the intake the form asked for (decision 064).
      ...(intake ? [firstIntakeStatement(db, values.animalId, intake)] : []),
    ]);
    return created!;
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/**
 * What a change also sets because of the hold and adoption marks it sets, so that every way of
 * putting a pet on hold (the edit page, an approved application) keeps the same promises:
 * - a new hold ends at the close of the next business day (decision 030), unless the change says when;
 * - a cleared hold has no end;
 * - a pet that joins the public lists again (hold or adoption mark removed) is listed now, for
 *   new-pet alerts (decision 031). In SQL, because only the row knows whether it was hidden before.
 */
function withHoldTimes(set: PetChange, now: Date): Omit<PetChange, "listedAt"> & { listedAt?: Date | null | SQL } {
  const extra: Omit<PetChange, "listedAt"> & { listedAt?: Date | null | SQL } = { ...set };
  if (set.onHoldDate && set.onHoldUntil === undefined)
    extra.onHoldUntil = closeOfNextBusinessDay(set.onHoldDate, shelter.openingHours);
  if (set.onHoldEmail === null) extra.onHoldUntil = null;
  if ("onHoldEmail" in set || "adoptedEmail" in set) {
    const holdCleared =
      "onHoldEmail" in set ? sql.raw(set.onHoldEmail === null ? "1" : "0") : sql`${pets.onHoldEmail} is null`;
    const adoptionCleared =
      "adoptedEmail" in set ? sql.raw(set.adoptedEmail === null ? "1" : "0") : sql`${pets.adoptedEmail} is null`;
    extra.listedAt = sql`case when ${holdCleared} and ${adoptionCleared} and (${pets.onHoldEmail} is not null or ${pets.adoptedEmail} is not null) then ${now.getTime()} else ${pets.listedAt} end`;
  }
  return extra;
}

/**
 * Changes a pet only if nobody changed it since `version` was read (and `onlyIf` holds), and records
 * who did what, in one atomic batch: the history row is written only when the update changed a row.
 * `alongside` runs last in the same batch; its statements must themselves require `changes() > 0`
 * (the history row was written), so they happen exactly when the pet changed.
 */
export async function changePet(
  db: Database,
  change: {
    petId: number;
    version: number;
    userId: number;
    summary: string;
    set: PetChange;
    onlyIf?: SQL;
    alongside?: BatchItem<"sqlite">[];
  },
): Promise<ChangeOutcome> {
  const { petId, version, userId, summary, alongside = [] } = change;
  // A pet that left the shelter (an outcome other than adoption, decision 064) is neither held nor adopted.
  const onlyIf =
    change.set.adoptedEmail || change.set.onHoldEmail ? and(isNull(pets.leftAt), change.onlyIf) : change.onlyIf;
  // A pet deleted or adopted leaves its bonded pair: the partner is free to be recorded again (decision 055).
  const set: PetChange =
    change.set.deletedAt || change.set.adoptedEmail ? { ...change.set, bondedWith: null } : change.set;
  let updated: { id: number }[];
  try {
    [updated] = await db.batch([
      db
        .update(pets)
        .set({ ...withHoldTimes(set, new Date()), version: sql`${pets.version} + 1` })
        .where(and(eq(pets.id, petId), eq(pets.version, version), isNull(pets.deletedAt), onlyIf))
        .returning({ id: pets.id }),
      db
        .insert(petChanges)
        .select(
          sql`select null as id, ${petId} as pet_id, ${userId} as user_id, ${summary} as summary, ${Date.now()} as created_at where changes() > 0`,
        ),
      ...alongside,
      // Last: `alongside` reads changes() of the statement before it.
      ...("bondedWith" in set ? bondStatements(db, sql`${petId}`) : []),
      // The adoption outcome follows the adoption mark, whichever page set it (decision 064).
      ...("adoptedEmail" in set ? adoptionStatements(db, petId, set.adoptedDate) : []),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  if (updated.length > 0) return "changed";
  const exists = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), isNull(pets.deletedAt)));
  return exists.length > 0 ? "conflict" : "missing";
}

/**
 * Publishes a draft at the version read (the caller checked `missingForPublishing` on that version),
 * or takes a published pet back to draft. Publishing lists it now, for new-pet alerts (decision 031).
 */
export async function setPublished(
  db: Database,
  change: { petId: number; version: number; userId: number; published: boolean },
) {
  const { petId, version, userId, published } = change;
  const now = new Date();
  const outcome = await changePet(db, {
    petId,
    version,
    userId,
    summary: published ? "Published" : "Unpublished (back to draft)",
    set: published ? { publishedAt: now, listedAt: now } : { publishedAt: null },
    onlyIf: published ? isNull(pets.publishedAt) : isNotNull(pets.publishedAt),
  });
  return outcome === "duplicate" ? "conflict" : outcome;
}

/**
 * Brings a deleted pet back as it was, with a history row, in one batch; "missing" when it is not
 * (or no longer) deleted, "conflict" when the version read is not the pet's.
 */
export async function restorePet(
  db: Database,
  petId: number,
  version: number,
  userId: number,
): Promise<Exclude<ChangeOutcome, "duplicate">> {
  const [updated] = await db.batch([
    db
      .update(pets)
      .set({ deletedAt: null, version: sql`${pets.version} + 1` })
      .where(and(eq(pets.id, petId), eq(pets.version, version), isNotNull(pets.deletedAt)))
      .returning({ id: pets.id }),
    db
      .insert(petChanges)
      .select(
        sql`select null as id, ${petId} as pet_id, ${userId} as user_id, ${"Restored"} as summary, ${Date.now()} as created_at where changes() > 0`,
      ),
  ]);
  if (updated.length > 0) return "changed";
  const exists = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), isNotNull(pets.deletedAt)));
  return exists.length > 0 ? "conflict" : "missing";
}

/** Pets deleted in the last 30 days, newest first: Pet Admin's "Recently deleted", where staff restore them. */
export async function listRecentlyDeleted(db: Database, now = Date.now()) {
  const rows = await db
    .select({
      id: pets.id,
      name: pets.name,
      animalId: pets.animalId,
      species: pets.species,
      images: pets.images,
      version: pets.version,
      deletedAt: pets.deletedAt,
    })
    .from(pets)
    .where(gt(pets.deletedAt, new Date(now - deletedPetKeptMs)))
    .orderBy(desc(pets.deletedAt), desc(pets.id))
    .limit(200);
  return rows.map(({ images, deletedAt, ...pet }) => ({
    ...pet,
    deletedAt: deletedAt!,
    photo: images[0] ? photoUrl(images[0]) : null,
  }));
}
