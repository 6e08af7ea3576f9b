import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { favorites, pets } from "#app/db/schema";
import { toSummary, summaryColumns, type PetSummary } from "./pets.server";

export async function favoriteIdsOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ petId: favorites.petId }).from(favorites).where(eq(favorites.userId, userId));
  return rows.map((row) => row.petId);
}

/**
 * Sets the favorite to the state the button asked for (not a blind toggle), so a repeated or
 * concurrent post changes nothing twice.
 */
export async function setFavorite(db: Database, userId: number, petId: number, favorite: boolean) {
  if (favorite) {
    await db.insert(favorites).values({ userId, petId }).onConflictDoNothing();
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.petId, petId)));
  }
}

/**
 * The user's favorites they may see: listed pets, and pets on hold for or adopted by them. A pet on
 * hold for someone else, or adopted by someone else, is left out while it is hidden; so is one held
 * for an address the account has not confirmed yet.
 */
export async function listFavoritePets(
  db: Database,
  user: { id: number; email: string; emailConfirmed: boolean },
): Promise<PetSummary[]> {
  const email = user.email.toLowerCase();
  const theirs = (column: typeof pets.onHoldEmail | typeof pets.adoptedEmail) =>
    user.emailConfirmed ? or(isNull(column), sql`lower(${column}) = ${email}`) : isNull(column);
  const rows = await db
    .select(summaryColumns)
    .from(favorites)
    .innerJoin(pets, eq(pets.id, favorites.petId))
    .where(
      and(
        eq(favorites.userId, user.id),
        theirs(pets.onHoldEmail),
        theirs(pets.adoptedEmail),
        isNull(pets.deletedAt),
        isNotNull(pets.publishedAt),
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(pets.id));
  return rows.map(toSummary);
}
