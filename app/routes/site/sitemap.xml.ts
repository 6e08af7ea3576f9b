import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapPages, sitemapXml, type SitemapEntry } from "#app/lib/http/search-files";
import { listListedPetsForFeeds } from "#app/models/pets.server";

/** /sitemap.xml: the public pages and every listed pet's page, with when each last changed (decision 043). */
export async function loader({ context }: LoaderFunctionArgs) {
  const pets = await listListedPetsForFeeds(context.db);
  const changed = (pet: (typeof pets)[number]) =>
    new Date(Math.max(pet.updatedAt.getTime(), (pet.listedAt ?? pet.createdAt).getTime()));
  const newest = (species?: string) =>
    pets
      .filter(
        (pet) =>
          !species || (species === "other" ? pet.species !== "Cat" && pet.species !== "Dog" : pet.species === species),
      )
      .map(changed)
      .reduce<Date | undefined>((latest, date) => (!latest || date > latest ? date : latest), undefined);
  const listChanged: Record<string, Date | undefined> = {
    "/": newest(),
    "/adopt": newest(),
    "/match": newest(),
    "/adopt/cat": newest("Cat"),
    "/adopt/dog": newest("Dog"),
    "/adopt/other": newest("other"),
  };
  const entries: SitemapEntry[] = [
    ...sitemapPages.map((path) => ({ path, lastModified: listChanged[path] })),
    ...pets.map((pet) => ({ path: `/adopt/pet?pet_id=${pet.id}`, lastModified: changed(pet) })),
  ];
  return new Response(sitemapXml(context.config.siteUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
