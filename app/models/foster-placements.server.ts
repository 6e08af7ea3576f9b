import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { fosterApplications, fosterNotes, fosterPlacements, pets, users } from "#app/db/schema";
import { photoUrl } from "#app/lib/photos/photos";
import { changePet } from "#app/models/pet-admin.server";

/**
 * Placements of pets with fosters and the fosters' notes about them (issue 25, decision 053). A
 * placement is written as a change of the pet (its history row in the same batch, changePet), with
 * the foster made "active"; ending the last one makes the foster "approved" again.
 */

const fosterName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Where a foster is e-mailed, and in which language (decision 057): their account's. */
export async function getFosterContact(db: Database, fosterId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(fosterApplications)
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(eq(fosterApplications.id, fosterId));
  return row;
}

/** Approved or active fosters staff may place a pet with, by name. */
export async function listPlaceableFosters(db: Database) {
  return db
    .select({ id: fosterApplications.id, name: fosterName, status: fosterApplications.status })
    .from(fosterApplications)
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(inArray(fosterApplications.status, ["approved", "active"]))
    .orderBy(users.lastName, users.firstName);
}

/** Published pets neither adopted, deleted nor placed now: the ones staff may place with a foster. */
export async function listPlaceablePets(db: Database) {
  return db
    .select({ id: pets.id, name: pets.name, species: pets.species })
    .from(pets)
    .where(
      and(
        sql`${pets.publishedAt} is not null`,
        isNull(pets.adoptedEmail),
        isNull(pets.deletedAt),
        sql`not exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.endedAt} is null)`,
      ),
    )
    .orderBy(pets.name)
    .limit(500);
}

/** Open placements, with pet and foster, for the roster. */
export async function listOpenPlacements(db: Database) {
  return db
    .select({
      id: fosterPlacements.id,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      listed: fosterPlacements.listed,
      startedAt: fosterPlacements.startedAt,
      fosterId: fosterApplications.id,
      fosterName,
    })
    .from(fosterPlacements)
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(isNull(fosterPlacements.endedAt))
    .orderBy(desc(fosterPlacements.startedAt));
}

/** One pet's placements, newest first (the edit page's foster panel). */
export async function listPetPlacements(db: Database, petId: number) {
  return db
    .select({
      id: fosterPlacements.id,
      listed: fosterPlacements.listed,
      startedAt: fosterPlacements.startedAt,
      endedAt: fosterPlacements.endedAt,
      fosterId: fosterApplications.id,
      fosterName,
    })
    .from(fosterPlacements)
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(eq(fosterPlacements.petId, petId))
    .orderBy(desc(fosterPlacements.startedAt), desc(fosterPlacements.id));
}

/** A placement with its foster's account, for permission checks (lib/permissions `fosterMay`) and the foster's e-mails. */
export async function getPlacement(db: Database, id: number) {
  const [row] = await db
    .select({
      id: fosterPlacements.id,
      petId: fosterPlacements.petId,
      fosterId: fosterPlacements.fosterId,
      endedAt: fosterPlacements.endedAt,
      listed: fosterPlacements.listed,
      fosterUserId: fosterApplications.userId,
      fosterName,
      fosterEmail: users.email,
      fosterFirstName: users.firstName,
      fosterLanguage: users.language,
      petName: pets.name,
      species: pets.species,
      petVersion: pets.version,
    })
    .from(fosterPlacements)
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .where(eq(fosterPlacements.id, id));
  return row;
}

/**
 * Places a pet with a foster, at the pet's version read: the placement, the pet's history row and the
 * foster made active are one batch, written only if the foster is approved or active, the pet is
 * published, not adopted or deleted, and not placed already. "conflict" otherwise.
 */
export async function placePet(
  db: Database,
  place: { petId: number; petVersion: number; fosterId: number; fosterName: string; listed: boolean; userId: number },
  now = new Date(),
): Promise<"placed" | "conflict" | "missing"> {
  const { petId, petVersion, fosterId, fosterName: name, listed, userId } = place;
  const outcome = await changePet(db, {
    petId,
    version: petVersion,
    userId,
    summary: `Placed with foster ${name} (${listed ? "still listed for adoption" : "not listed while placed"})`,
    set: {},
    onlyIf: sql`${pets.publishedAt} is not null and ${pets.adoptedEmail} is null
      and exists (select 1 from ${fosterApplications} where ${fosterApplications.id} = ${fosterId} and ${fosterApplications.status} in ('approved', 'active'))
      and not exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${petId} and ${fosterPlacements.endedAt} is null)`,
    alongside: [
      db
        .insert(fosterPlacements)
        .select(
          sql`select null as id, ${petId} as pet_id, ${fosterId} as foster_id, ${listed ? 1 : 0} as listed, ${now.getTime()} as started_at, null as ended_at, ${now.getTime()} as created_at where changes() > 0`,
        ),
      db
        .update(fosterApplications)
        .set({
          status: "active",
          statusChangedAt: now,
          version: sql`${fosterApplications.version} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(fosterApplications.id, fosterId),
            eq(fosterApplications.status, "approved"),
            sql`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.fosterId} = ${fosterId} and ${fosterPlacements.endedAt} is null)`,
          ),
        ),
    ],
  });
  if (outcome === "changed") return "placed";
  return outcome === "missing" ? "missing" : "conflict";
}

/**
 * Ends an open placement: the end, the pet's history row and (when it was the foster's last pet) the
 * foster back to approved are one batch. "conflict" when it had ended already or the pet changed.
 */
export async function endPlacement(
  db: Database,
  placement: { id: number; petId: number; petVersion: number; fosterId: number; fosterName: string },
  userId: number,
  now = new Date(),
) {
  const { id, petId, petVersion, fosterId, fosterName: name } = placement;
  const outcome = await changePet(db, {
    petId,
    version: petVersion,
    userId,
    summary: `Foster placement with ${name} ended`,
    set: {},
    onlyIf: sql`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.id} = ${id} and ${fosterPlacements.endedAt} is null)`,
    alongside: [
      db
        .update(fosterPlacements)
        .set({ endedAt: now })
        .where(and(eq(fosterPlacements.id, id), isNull(fosterPlacements.endedAt), sql`changes() > 0`)),
      db
        .update(fosterApplications)
        .set({
          status: "approved",
          statusChangedAt: now,
          version: sql`${fosterApplications.version} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(fosterApplications.id, fosterId),
            eq(fosterApplications.status, "active"),
            sql`not exists (select 1 from ${fosterPlacements} where ${fosterPlacements.fosterId} = ${fosterId} and ${fosterPlacements.endedAt} is null)`,
          ),
        ),
    ],
  });
  if (outcome === "changed") return "ended";
  return outcome === "missing" ? "missing" : "conflict";
}

/** The foster's placements (open first, then past), with the pet and the foster's own notes. */
export async function listFosterPets(db: Database, userId: number) {
  const placements = await db
    .select({
      id: fosterPlacements.id,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      images: pets.images,
      startedAt: fosterPlacements.startedAt,
      endedAt: fosterPlacements.endedAt,
    })
    .from(fosterPlacements)
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .where(and(eq(fosterApplications.userId, userId), isNull(pets.deletedAt)))
    .orderBy(sql`${fosterPlacements.endedAt} is not null`, desc(fosterPlacements.startedAt));
  const notes = placements.length
    ? await db
        .select({
          id: fosterNotes.id,
          placementId: fosterNotes.placementId,
          text: fosterNotes.text,
          images: fosterNotes.images,
          status: fosterNotes.status,
          createdAt: fosterNotes.createdAt,
        })
        .from(fosterNotes)
        .where(
          inArray(
            fosterNotes.placementId,
            placements.map((placement) => placement.id),
          ),
        )
        .orderBy(desc(fosterNotes.createdAt), desc(fosterNotes.id))
    : [];
  return placements.map((placement) => ({
    ...placement,
    notes: notes.filter((note) => note.placementId === placement.id),
  }));
}

/**
 * Whether the account has a pet at home now (an open placement): only then may it send a note with
 * photos. The Worker asks before it reads the body of a post to "My foster pets" (issue 39).
 */
export async function hasOpenPlacement(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: fosterPlacements.id })
    .from(fosterPlacements)
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .where(and(eq(fosterApplications.userId, userId), isNull(fosterPlacements.endedAt)))
    .limit(1);
  return row !== undefined;
}

/** Adds a foster's note (waiting for staff) to an open placement; false when the placement has ended. */
export async function addFosterNote(
  db: Database,
  placementId: number,
  text: string,
  images: string[],
  now = new Date(),
) {
  const rows = await db
    .insert(fosterNotes)
    .select(
      sql`select null as id, ${placementId} as placement_id, ${text} as text, ${JSON.stringify(images)} as images, 'pending' as status, null as decided_at, null as decided_by, ${now.getTime()} as created_at
        where exists (select 1 from ${fosterPlacements} where ${fosterPlacements.id} = ${placementId} and ${fosterPlacements.endedAt} is null)`,
    )
    .returning({ id: fosterNotes.id });
  return rows.length > 0;
}

/** Notes waiting for staff, oldest first, with pet and foster. */
export async function listPendingFosterNotes(db: Database) {
  return db
    .select({
      id: fosterNotes.id,
      text: fosterNotes.text,
      images: fosterNotes.images,
      createdAt: fosterNotes.createdAt,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      fosterName,
    })
    .from(fosterNotes)
    .innerJoin(fosterPlacements, eq(fosterPlacements.id, fosterNotes.placementId))
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(and(eq(fosterNotes.status, "pending"), isNull(pets.deletedAt)))
    .orderBy(fosterNotes.createdAt, fosterNotes.id)
    .limit(100);
}

/**
 * Approves or rejects a waiting note; a rejected note keeps its text for the foster but loses its
 * photos, whose keys are returned for removal. Undefined when the note was not waiting.
 */
export async function decideFosterNote(
  db: Database,
  id: number,
  decision: "approved" | "rejected",
  userId: number,
  now = new Date(),
) {
  const [before] = await db
    .select({
      images: fosterNotes.images,
      petId: fosterPlacements.petId,
      species: pets.species,
      petName: pets.name,
      fosterEmail: users.email,
      fosterFirstName: users.firstName,
      fosterLanguage: users.language,
    })
    .from(fosterNotes)
    .innerJoin(fosterPlacements, eq(fosterPlacements.id, fosterNotes.placementId))
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .innerJoin(fosterApplications, eq(fosterApplications.id, fosterPlacements.fosterId))
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(eq(fosterNotes.id, id));
  if (!before) return undefined;
  const rows = await db
    .update(fosterNotes)
    .set({ status: decision, decidedAt: now, decidedBy: userId, ...(decision === "rejected" ? { images: [] } : {}) })
    .where(and(eq(fosterNotes.id, id), eq(fosterNotes.status, "pending")))
    .returning({ id: fosterNotes.id });
  if (rows.length === 0) return undefined;
  const foster = { email: before.fosterEmail, firstName: before.fosterFirstName, language: before.fosterLanguage };
  return {
    petId: before.petId,
    species: before.species,
    petName: before.petName,
    foster,
    removedPhotos: decision === "rejected" ? before.images : [],
  };
}

/**
 * Whether a note photo (by its original's possible keys) belongs to a note staff approved: only then
 * is it public (routes/photos/photo.ts, issue 39). A waiting note's photo is not; a rejected note's is
 * deleted with the decision.
 */
export async function isApprovedFosterNotePhoto(db: Database, originalKeys: string[]): Promise<boolean> {
  if (originalKeys.length === 0) return false;
  const [row] = await db
    .select({ id: fosterNotes.id })
    .from(fosterNotes)
    .where(
      and(
        eq(fosterNotes.status, "approved"),
        sql`exists (select 1 from json_each(${fosterNotes.images}) where json_each.value in (${sql.join(
          originalKeys.map((key) => sql`${key}`),
          sql`, `,
        )}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the pet is placed with a foster now and staff chose to take it off the public lists meanwhile. */
export async function isPlacedUnlisted(db: Database, petId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: fosterPlacements.id })
    .from(fosterPlacements)
    .where(
      and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.endedAt), eq(fosterPlacements.listed, false)),
    );
  return row !== undefined;
}

/** What the pet's public page shows of fostering: whether it is in a foster home now, and the approved notes. */
export async function fosterHomeOf(db: Database, petId: number) {
  const [open] = await db
    .select({ listed: fosterPlacements.listed })
    .from(fosterPlacements)
    .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.endedAt)));
  const notes = await db
    .select({
      id: fosterNotes.id,
      text: fosterNotes.text,
      images: fosterNotes.images,
      createdAt: fosterNotes.createdAt,
    })
    .from(fosterNotes)
    .innerJoin(fosterPlacements, eq(fosterPlacements.id, fosterNotes.placementId))
    .where(and(eq(fosterPlacements.petId, petId), eq(fosterNotes.status, "approved")))
    .orderBy(desc(fosterNotes.createdAt), desc(fosterNotes.id))
    .limit(5);
  return {
    inFosterHome: Boolean(open),
    listed: open ? open.listed : true,
    notes: notes.map((note) => ({
      id: note.id,
      text: note.text,
      photos: note.images.map(photoUrl),
      createdAt: note.createdAt.toISOString(),
    })),
  };
}

/** What the pet's edit page shows of fostering (components/foster-placement-panel): its placements and the fosters it may go to. */
export async function placementPanelOf(db: Database, petId: number) {
  const [placements, fosters] = await Promise.all([listPetPlacements(db, petId), listPlaceableFosters(db)]);
  return {
    placements: placements.map((placement) => ({
      id: placement.id,
      listed: placement.listed,
      fosterName: placement.fosterName,
      startedAt: placement.startedAt.toISOString(),
      endedAt: placement.endedAt?.toISOString() ?? null,
    })),
    fosters: fosters.map(({ id, name }) => ({ id, name })),
  };
}
