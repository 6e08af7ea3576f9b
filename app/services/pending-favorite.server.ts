import { createCookie } from "@remix-run/cloudflare";
import type { Database } from "#app/db/client.server";
import { isPubliclyListed } from "#app/lib/pet-status";
import { setFavorite } from "#app/models/favorites.server";
import { membershipsOf } from "#app/models/organisations.server";
import { getPet } from "#app/models/pets.server";

/**
 * The pet a visitor pressed the heart of before signing in. Whichever way they sign in next
 * (password, registration, Google), it becomes their favourite.
 */
const pendingFavorite = createCookie("pending-favorite", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 });

export function rememberPendingFavorite(petId: number) {
  return pendingFavorite.serialize(petId);
}

/** Adds the pending favourite for a user who may have favourites; returns the Set-Cookie that clears it. */
export async function applyPendingFavorite(db: Database, request: Request, userId: number): Promise<string | null> {
  let petId: unknown;
  try {
    petId = await pendingFavorite.parse(request.headers.get("Cookie"));
  } catch {
    petId = null;
  }
  if (typeof petId !== "number" || !Number.isInteger(petId) || petId < 1) return null;
  const isStaff = (await membershipsOf(db, userId)).length > 0;
  const pet = await getPet(db, petId);
  if (!isStaff && pet && isPubliclyListed(pet)) await setFavorite(db, userId, petId, true);
  return pendingFavorite.serialize("", { maxAge: 0 });
}
