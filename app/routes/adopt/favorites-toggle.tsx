import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isPubliclyListed } from "#app/lib/pets/pet-status";
import { readFormData } from "#app/lib/http/request";
import { localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { safeLocalizedRedirect, safeRedirect } from "#app/lib/http/safe-redirect";
import { tryWrite } from "#app/lib/http/storage-error";
import { setFavorite } from "#app/models/favorites.server";
import { getPublishedPet } from "#app/models/pets.server";
import { rememberPendingFavorite } from "#app/services/pending-favorite.server";

export function loader() {
  return redirect("/favorite");
}

export type FavoriteResult =
  { ok: true; petId: number; favorite: boolean } | { ok: false; signInRequired: true } | { ok: false; error: string };

/**
 * Adds or removes a favorite: the form says which (`favorite` is "true" or "false"). Without
 * JavaScript the answer is a redirect back to the same place (the card's anchor); the enhanced button
 * sends `stay=1` and gets the result as data. Visitors are asked to sign in first, and the pet is
 * remembered for after; staff are refused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const stay = formData.get("stay") === "1";
  // The page the heart is on, in its own language (checked again as it is followed): the way back,
  // and the language of the sign-in-required page a visitor is sent to.
  const locale = localeOfPath(safeRedirect(formData.get("redirectTo"), "/"));
  const back = safeLocalizedRedirect(formData.get("redirectTo"), locale).split("#")[0] ?? "/";
  const rawId = String(formData.get("petId") ?? "");
  const petId = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const wanted = formData.get("favorite");
  const refuse = (error: string, status: number) => {
    if (stay) return data<FavoriteResult>({ ok: false, error }, { status });
    throw new Response(error, { status });
  };

  const viewer = await context.auth.viewer();
  if (!viewer) {
    const headers = new Headers();
    if (petId) headers.append("Set-Cookie", await rememberPendingFavorite(request, petId));
    if (stay) return data<FavoriteResult>({ ok: false, signInRequired: true }, { status: 401, headers });
    return redirect(`${localizedPath("/sign-in-required", locale)}?redirectTo=${encodeURIComponent(back)}`, {
      headers,
    });
  }
  if (viewer.role) return refuse("Staff accounts do not keep favorites.", 403);
  if (petId === null || (wanted !== "true" && wanted !== "false")) return refuse("That is not a pet we know.", 400);
  // A draft is a pet that does not exist (issue 39): the same answer, and never its name.
  const pet = await getPublishedPet(context.db, petId);
  if (!pet) return refuse("That pet is no longer with us.", 404);
  const favorite = wanted === "true";
  if (favorite && !isPubliclyListed(pet)) return refuse(`${pet.name} cannot be added just now.`, 409);

  // Without JavaScript a failure is the friendly 503 page (back and try again); with it, the heart says so.
  return tryWrite(
    async () => {
      await setFavorite(context.db, viewer.id, petId, favorite);
      if (stay) return data<FavoriteResult>({ ok: true, petId, favorite });
      return redirect(`${back}#pet-${petId}`);
    },
    (message) => refuse(message, 503),
  );
}
