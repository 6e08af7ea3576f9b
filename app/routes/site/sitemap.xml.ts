import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapPages, sitemapXml, type SitemapEntry } from "#app/lib/http/search-files";
import { listLostFoundForSitemap } from "#app/models/lost-found.server";
import { listListedPetsForFeeds } from "#app/models/pets.server";

/**
 * /sitemap.xml: the public pages, every listed pet's page and every open lost and found report's page
 * (what the board shows), with when each last changed (decision 043, issue 46).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const [pets, reports] = await Promise.all([listListedPetsForFeeds(context.db), listLostFoundForSitemap(context.db)]);
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
    "/lost-found": reports[0]?.confirmedAt ?? undefined,
  };
  const entries: SitemapEntry[] = [
    ...sitemapPages.map((path) => ({ path, lastModified: listChanged[path] })),
    ...pets.map((pet) => ({ path: `/adopt/pet?pet_id=${pet.id}`, lastModified: changed(pet) })),
    ...reports.map((report) => ({ path: `/lost-found/${report.id}`, lastModified: report.confirmedAt ?? undefined })),
  ];
  return new Response(sitemapXml(context.config.siteUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
