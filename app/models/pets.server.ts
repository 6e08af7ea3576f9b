import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { fosterPlacements, pets, petsVersion, type Pet } from "#app/db/schema";
import type { ListFilters } from "#app/lib/pets/adopt-filters";
import { sizeBounds, type PetSize } from "#app/lib/pets/pet-sizes";
import { photoUrl } from "#app/lib/photos/photos";

/** The species part of a public list: cats, dogs, or every other species. */
export type SpeciesFilter = "Cat" | "Dog" | "other";

/** What a pet card shows. */
export interface PetSummary {
  id: number;
  name: string;
  species: string;
  breed: string[];
  ageMonths: number;
  sex: string;
  characteristics: string[];
  photo: string | null;
  /** Placed with a foster and still listed (decision 053); left out when not, to keep pages light. */
  inFosterHome?: true;
}

/**
 * lib/pet-status `isPubliclyListed` as a WHERE condition: published (not a draft, decision 052),
 * neither on hold nor newly adopted, and not deleted (a deleted pet waits 30 days in Pet Admin's
 * "Recently deleted", decision 042), not placed with a foster "not listed" (decision 053), and not
 * gone from the shelter by an outcome other than adoption (decision 064).
 */
export function publiclyListedCondition(): SQL {
  return and(isNull(pets.onHoldEmail), shownOutwardCondition())!;
}

/**
 * Every condition of `publiclyListedCondition` but the hold: what may be shown outside the site at
 * all (the partner files send held pets as held). One place, so that a new reason to hide a pet
 * hides it from both.
 */
function shownOutwardCondition(): SQL {
  return and(
    isNotNull(pets.publishedAt),
    isNull(pets.adoptedEmail),
    isNull(pets.deletedAt),
    isNull(pets.leftAt),
    notPlacedUnlisted,
  )!;
}

/** A pet staff placed with a foster and chose to take off the public lists while it is there. */
const notPlacedUnlisted = sql`not exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.endedAt} is null and ${fosterPlacements.listed} = 0)`;

function speciesCondition(species: SpeciesFilter): SQL {
  return species === "other" ? notInArray(pets.species, ["Cat", "Dog"]) : eq(pets.species, species);
}

export const summaryColumns = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  breed: pets.breed,
  ageMonths: pets.ageMonths,
  sex: pets.sex,
  characteristics: pets.characteristics,
  images: pets.images,
  inFosterHome: sql<number>`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.endedAt} is null)`,
};

type SummaryRow = Pick<Pet, Exclude<keyof typeof summaryColumns, "inFosterHome">> & { inFosterHome: number | boolean };

export function toSummary({ images, inFosterHome, ...pet }: SummaryRow): PetSummary {
  return {
    ...pet,
    photo: images[0] ? photoUrl(images[0]) : null,
    ...(inFosterHome ? { inFosterHome: true as const } : {}),
  };
}

/**
 * Pets a visitor may see in public lists (neither on hold nor newly adopted), newest arrivals first.
 */
export async function listListedPets(
  db: Database,
  { species, limit }: { species?: SpeciesFilter; limit: number },
): Promise<PetSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(pets)
    .where(species ? and(publiclyListedCondition(), speciesCondition(species)) : publiclyListedCondition())
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit);
  return rows.map(toSummary);
}

function sizeCondition(size: PetSize): SQL | undefined {
  const { below, from, to, above } = sizeBounds[size];
  if (below !== undefined) return lt(pets.weightLbs, below);
  if (above !== undefined) return gt(pets.weightLbs, above);
  return and(gte(pets.weightLbs, from ?? 0), lte(pets.weightLbs, to ?? Number.MAX_VALUE));
}

function filterConditions(filters: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.breeds.length > 0) {
    const breeds = sql.join(
      filters.breeds.map((breed) => sql`${breed}`),
      sql`, `,
    );
    conditions.push(sql`exists (select 1 from json_each(${pets.breed}) where json_each.value in (${breeds}))`);
  }
  if (filters.levels.length > 0) {
    const levels = sql.join(
      filters.levels.map((level) => sql`${level.toLowerCase()}`),
      sql`, `,
    );
    conditions.push(sql`lower(${pets.activeLevel}) in (${levels})`);
  }
  if (filters.sizes.length > 0) {
    const sizes = filters.sizes.map(sizeCondition).filter((condition): condition is SQL => condition !== undefined);
    const anySize = or(...sizes);
    if (anySize) conditions.push(anySize);
  }
  return conditions;
}

function orderOf(sort: ListFilters["sort"], favoriteIds: number[]): SQL[] {
  if (sort === "az") return [sql`${pets.name} collate nocase asc`, asc(pets.id)];
  if (sort === "za") return [sql`${pets.name} collate nocase desc`, desc(pets.id)];
  const newestFirst = [desc(pets.createdAt), desc(pets.id)];
  if (favoriteIds.length === 0) return newestFirst;
  const favorites = sql.join(
    favoriteIds.slice(0, 90).map((id) => sql`${id}`),
    sql`, `,
  );
  return [sql`case when ${pets.id} in (${favorites}) then 0 else 1 end`, ...newestFirst];
}

export interface PetListPage {
  pets: PetSummary[];
  total: number;
  /** Breeds of the species' listed pets, whatever the filters, for the breed filter. */
  breeds: string[];
}

/**
 * Adopt list pages read, kept per isolate with the listed pets' version they were read at (decision 045,
 * amended 2026-11-28, evening): a page asked again is answered from here while `pets_version` (set anew
 * by triggers on every write of `pets` and `foster_placements`, whichever path writes them) is the same,
 * so a change shows on the next request. At most `listPagesKept` pages: the oldest kept goes first.
 */
const listPages = new Map<string, { version: number; page: PetListPage }>();
const listPagesKept = 500;

const currentPetsVersion = (db: Database) =>
  db.select({ version: petsVersion.version }).from(petsVersion).where(eq(petsVersion.id, 1));

/**
 * One page of an adopt list: listed pets of a species matching the filters, in the chosen order,
 * with the total count and the breeds on offer. Read with the pets' version in one D1 batch, or, when
 * this isolate kept the same page at the current version, that page after reading only the version.
 * The page returned is shared: callers must not change it.
 */
export async function listPetsPage(
  db: Database,
  options: { species: SpeciesFilter; filters: ListFilters; page: number; pageSize: number; favoriteIds?: number[] },
): Promise<PetListPage> {
  const { species, filters, page, pageSize, favoriteIds = [] } = options;
  const key = JSON.stringify([species, filters, page, pageSize, favoriteIds]);
  const kept = listPages.get(key);
  if (kept) {
    const [current] = await currentPetsVersion(db);
    if (current?.version === kept.version) return kept.page;
  }
  const read = await readPetsPage(db, { species, filters, page, pageSize, favoriteIds });
  listPages.delete(key);
  if (read.version !== null) {
    if (listPages.size >= listPagesKept) listPages.delete(listPages.keys().next().value!);
    listPages.set(key, { version: read.version, page: read.page });
  }
  return read.page;
}

async function readPetsPage(
  db: Database,
  options: { species: SpeciesFilter; filters: ListFilters; page: number; pageSize: number; favoriteIds: number[] },
): Promise<{ version: number | null; page: PetListPage }> {
  const { species, filters, page, pageSize, favoriteIds } = options;
  const speciesListed = and(publiclyListedCondition(), speciesCondition(species));
  const where = and(speciesListed, ...filterConditions(filters));
  const [versions, rows, totals, breeds] = await db.batch([
    currentPetsVersion(db),
    db
      .select(summaryColumns)
      .from(pets)
      .where(where)
      .orderBy(...orderOf(filters.sort, favoriteIds))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(pets).where(where),
    db
      .selectDistinct({ breed: sql<string>`json_each.value` })
      .from(sql`${pets}, json_each(${pets.breed})`)
      .where(speciesListed)
      .orderBy(sql`json_each.value collate nocase`),
  ]);
  return {
    version: versions[0]?.version ?? null,
    page: {
      pets: rows.map(toSummary),
      total: totals[0]?.total ?? 0,
      breeds: breeds.map((row) => row.breed),
    },
  };
}

/**
 * A pet that is not deleted: a deleted one is found only through Pet Admin's "Recently deleted". A
 * draft is returned too: public pages show it to staff only (`petStatus`).
 */
export async function getPet(db: Database, id: number): Promise<Pet | undefined> {
  return db.query.pets.findFirst({ where: and(eq(pets.id, id), isNull(pets.deletedAt)) });
}

/**
 * A pet as anyone but staff may know it by its id: not deleted and not a draft. To them a draft is
 * exactly a pet that does not exist (issue 39): its name is in no page, answer or email.
 */
export async function getPublishedPet(db: Database, id: number): Promise<Pet | undefined> {
  return db.query.pets.findFirst({ where: and(eq(pets.id, id), isNull(pets.deletedAt), isNotNull(pets.publishedAt)) });
}

/**
 * Pets on hold for an email address, or adopted by it, matched when asked: a hold made before the
 * person had an account shows as soon as they have one.
 */
export async function listPetsHeldBy(db: Database, email: string) {
  const rows = await db
    .select({ ...summaryColumns, onHoldDate: pets.onHoldDate, onHoldUntil: pets.onHoldUntil })
    .from(pets)
    .where(
      and(sql`lower(${pets.onHoldEmail}) = ${email.toLowerCase()}`, isNull(pets.adoptedEmail), isNull(pets.deletedAt)),
    )
    .orderBy(desc(pets.onHoldDate), desc(pets.id));
  return rows.map(({ onHoldDate, onHoldUntil, ...pet }) => ({ ...toSummary(pet), onHoldDate, onHoldUntil }));
}

export async function listPetsAdoptedBy(db: Database, email: string) {
  const rows = await db
    .select({ ...summaryColumns, adoptedDate: pets.adoptedDate })
    .from(pets)
    .where(and(sql`lower(${pets.adoptedEmail}) = ${email.toLowerCase()}`, isNull(pets.deletedAt)))
    .orderBy(desc(pets.adoptedDate), desc(pets.id));
  return rows.map(({ adoptedDate, ...pet }) => ({ ...toSummary(pet), adoptedDate }));
}

/** Every listed pet with what the matchmaker weighs and a card shows. */
/**
 * What the match reasons read beyond the card (decision 055): what staff wrote, and the bonded
 * partner's name, only when the partner is published and not deleted (a draft is named nowhere, issue 39).
 */
export const matchReasonColumns = {
  about: pets.about,
  // Written out whole: drizzle names a column without its table, which inside the subquery would be the partner's.
  bondedWith: sql<
    string | null
  >`(select partner.name from pets partner where partner.id = "pets"."bonded_with" and partner.published_at is not null and partner.deleted_at is null)`,
};

export async function listMatchCandidates(db: Database) {
  const rows = await db
    .select({ ...summaryColumns, ...matchReasonColumns, weightLbs: pets.weightLbs, activeLevel: pets.activeLevel })
    .from(pets)
    .where(publiclyListedCondition())
    .orderBy(desc(pets.createdAt), desc(pets.id));
  return rows.map(({ weightLbs, activeLevel, about, bondedWith, ...pet }) => ({
    ...toSummary(pet),
    weightLbs,
    activeLevel,
    about,
    bondedWith,
  }));
}

/**
 * What the partner sites get each night (decision 043): the listed pets, and the pets on hold (sent
 * as held where the format has it); never an adopted, deleted or draft one. Listed pets come through
 * `publiclyListedCondition`, held ones through the same conditions but the hold (`shownOutwardCondition`),
 * so whatever hides a pet from the public lists ("not listed while placed" included) hides it from partners too.
 */
export async function listPetsForPartners(db: Database) {
  const columns = {
    id: pets.id,
    animalId: pets.animalId,
    name: pets.name,
    species: pets.species,
    breed: pets.breed,
    ageMonths: pets.ageMonths,
    weightLbs: pets.weightLbs,
    sex: pets.sex,
    about: pets.about,
    characteristics: pets.characteristics,
    images: pets.images,
    adoptionFee: pets.adoptionFee,
  };
  const [listed, held] = await db.batch([
    db.select(columns).from(pets).where(publiclyListedCondition()).orderBy(desc(pets.createdAt), desc(pets.id)),
    db
      .select(columns)
      .from(pets)
      .where(and(isNotNull(pets.onHoldEmail), shownOutwardCondition()))
      .orderBy(desc(pets.createdAt), desc(pets.id)),
  ]);
  return [...listed.map((pet) => ({ ...pet, onHold: false })), ...held.map((pet) => ({ ...pet, onHold: true }))];
}

/** Listed pets with when they were listed and last changed: the sitemap and the Atom feeds. */
export async function listListedPetsForFeeds(
  db: Database,
  { species, limit }: { species?: SpeciesFilter; limit?: number } = {},
) {
  const query = db
    .select({
      ...summaryColumns,
      about: pets.about,
      listedAt: pets.listedAt,
      createdAt: pets.createdAt,
      updatedAt: pets.updatedAt,
    })
    .from(pets)
    .where(species ? and(publiclyListedCondition(), speciesCondition(species)) : publiclyListedCondition())
    .orderBy(desc(sql`coalesce(${pets.listedAt}, ${pets.createdAt})`), desc(pets.id));
  return limit ? query.limit(limit) : query;
}
