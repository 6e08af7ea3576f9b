import { and, desc, eq, isNull, notInArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pets } from "~/db/schema";
import { photoUrl } from "~/lib/photos";

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
}

const listed = and(isNull(pets.onHoldEmail), isNull(pets.adoptedEmail));

function speciesCondition(species: SpeciesFilter): SQL {
  return species === "other" ? notInArray(pets.species, ["Cat", "Dog"]) : eq(pets.species, species);
}

const summaryColumns = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  breed: pets.breed,
  ageMonths: pets.ageMonths,
  sex: pets.sex,
  characteristics: pets.characteristics,
  images: pets.images,
};

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
    .where(species ? and(listed, speciesCondition(species)) : listed)
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit);
  return rows.map(({ images, ...pet }) => ({ ...pet, photo: images[0] ? photoUrl(images[0]) : null }));
}
