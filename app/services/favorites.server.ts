import type { AppLoadContext } from "@remix-run/cloudflare";
import { favoriteIdsOf } from "#app/models/favorites.server";

const cache = new WeakMap<AppLoadContext, Promise<number[]>>();

/**
 * The signed-in user's favorite pet ids, read once per request (the layout and the page may both
 * ask). Visitors and staff have none.
 */
export function viewerFavoriteIds(context: AppLoadContext): Promise<number[]> {
  let ids = cache.get(context);
  if (!ids) {
    ids = context.auth.viewer().then((viewer) => (viewer && !viewer.role ? favoriteIdsOf(context.db, viewer.id) : []));
    cache.set(context, ids);
  }
  return ids;
}
