import type { AppLoadContext } from "@remix-run/cloudflare";
import { shelter } from "#app/config/shelter";
import { photoSources } from "#app/lib/photos/photos";
import { atomFeed } from "#app/lib/http/search-files";
import { listListedPetsForFeeds, type SpeciesFilter } from "#app/models/pets.server";

/** How many of the newest listings a feed carries. */
const feedSize = 50;

/** An Atom feed of the newest listed pets, all or one species (decision 043). */
export async function petFeedResponse(
  context: AppLoadContext,
  { species, path, title }: { species?: SpeciesFilter; path: string; title: string },
) {
  const pets = await listListedPetsForFeeds(context.db, { species, limit: feedSize });
  const feed = atomFeed({
    siteUrl: context.config.siteUrl,
    path,
    title: `${title} | ${shelter.name}`,
    now: new Date(),
    pets: pets.map((pet) => ({
      ...pet,
      photo: pet.images[0] ? (photoSources(`/photos/${encodeURIComponent(pet.images[0])}`)?.jpegSrc ?? null) : null,
    })),
  });
  return new Response(feed, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
