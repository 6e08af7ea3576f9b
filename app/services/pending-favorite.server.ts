import type { Database } from "#app/db/client.server";
import { isPubliclyListed } from "#app/lib/pets/pet-status";
import { setFavorite } from "#app/models/favorites.server";
import { membershipsOf } from "#app/models/organisations.server";
import { getPublishedPet } from "#app/models/pets.server";
import { siteCookie } from "./site-cookie.server";

/**
 * The pet a visitor pressed the heart of before signing in. Whichever way they sign in next
 * (password, registration, Google), it becomes their favorite.
 */
const pendingFavorite = (request: Request) =>
  siteCookie(request, "pending-favorite", { httpOnly: true, sameSite: "lax", maxAge: 60 * 60 });

export function rememberPendingFavorite(request: Request, petId: number) {
  return pendingFavorite(request).serialize(petId);
}

/** Adds the pending favorite for a user who may have favorites; returns the Set-Cookie that clears it. */
export async function applyPendingFavorite(db: Database, request: Request, userId: number): Promise<string | null> {
  let petId: unknown;
  try {
    petId = await pendingFavorite(request).parse(request.headers.get("Cookie"));
  } catch {
    petId = null;
  }
  if (typeof petId !== "number" || !Number.isInteger(petId) || petId < 1) return null;
  const isStaff = (await membershipsOf(db, userId)).length > 0;
  const pet = await getPublishedPet(db, petId);
  if (!isStaff && pet && isPubliclyListed(pet)) await setFavorite(db, userId, petId, true);
  return pendingFavorite(request).serialize("", { maxAge: 0 });
}
