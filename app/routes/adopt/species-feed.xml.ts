import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { speciesOfSlug } from "#app/lib/pets/adopt-filters";
import { petFeedResponse } from "#app/services/pet-feed.server";

const titles = { Cat: "Newly listed cats", Dog: "Newly listed dogs", other: "Newly listed small animals and others" };

/** /adopt/cat/feed.xml, /adopt/dog/feed.xml, /adopt/other/feed.xml: one species' newly listed pets. */
export function loader({ context, params }: LoaderFunctionArgs) {
  const slug = (params.species ?? "").toLowerCase();
  if (!["cat", "dog", "other"].includes(slug)) throw new Response("Not found", { status: 404 });
  const species = speciesOfSlug(slug);
  return petFeedResponse(context, { species, path: `/adopt/${slug}/feed.xml`, title: titles[species] });
}
