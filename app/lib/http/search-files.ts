/**
 * What search engines and feed readers read (decision 043): the sitemap, robots.txt and the Atom
 * feeds of newly listed pets. Pure: the routes read the pets and the site's address.
 */
import { shelter } from "#app/config/shelter";
import { displayList } from "../pets/breeds";
import { localizedPath, locales, unprefixedPath } from "../i18n/locale";
import { formatAge } from "../pets/pet-age";

export function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Public pages a search engine may list; personal, staff and form-only pages are left out (and robots.txt keeps them out). */
export const sitemapPages = [
  "/",
  "/adopt",
  "/adopt/cat",
  "/adopt/dog",
  "/adopt/other",
  "/match",
  "/foster",
  "/volunteer",
  "/donate",
  "/lost-found",
] as const;

/** Paths no search engine should crawl: staff tools, personal lists and forms of one person. */
export const privatePaths = [
  "/petadmin",
  "/favorite",
  "/on-hold",
  "/adopted",
  "/applications",
  "/user-profile",
  "/adopt/apply",
  "/sign-in",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/sign-in-required",
  "/join",
  "/alerts",
  "/newsletter",
  "/auth",
  "/logout",
  "/favorites",
  "/dev",
  "/lost-found/confirm",
  "/lost-found/messages",
] as const;

/**
 * Whether a path is private in any language (`/es/petadmin/edit` as `/petadmin/edit`): what a robots.txt
 * rule keeps out, read on the path without its language prefix (`unprefixedPath`, "this path, in any
 * language").
 */
export function isPrivatePath(pathname: string): boolean {
  const path = unprefixedPath(pathname);
  return privatePaths.some((prefix) => path.startsWith(prefix));
}

/** Each private path in every language (`/petadmin` and `/es/petadmin`): Disallow rules match by prefix. */
export function robotsTxt(siteUrl: string) {
  const disallowed = privatePaths.flatMap((path) =>
    locales.map((locale) => `Disallow: ${localizedPath(path, locale)}`),
  );
  return ["User-agent: *", ...disallowed, "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]) {
  const urls = entries.map(
    ({ path, lastModified }) =>
      `  <url><loc>${escapeXml(siteUrl + path)}</loc>${lastModified ? `<lastmod>${day(lastModified)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export interface FeedPet {
  id: number;
  name: string;
  species: string;
  breed: string[];
  ageMonths: number;
  sex: string;
  about: string;
  photo: string | null;
  listedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A valid Atom 1.0 feed (RFC 4287) of listed pets, newest listing first. */
export function atomFeed({
  siteUrl,
  path,
  title,
  pets,
  now,
}: {
  siteUrl: string;
  path: string;
  title: string;
  pets: readonly FeedPet[];
  now: Date;
}) {
  const updated = pets.reduce(
    (latest, pet) => Math.max(latest, pet.updatedAt.getTime(), (pet.listedAt ?? pet.createdAt).getTime()),
    0,
  );
  const entries = pets.map((pet) => {
    const url = `${siteUrl}/adopt/pet?pet_id=${pet.id}`;
    const summary =
      `${pet.sex}, ${formatAge(pet.ageMonths)}${pet.breed.length ? `, ${displayList(pet.breed)}` : ""}. ${pet.about}`.trim();
    return [
      "  <entry>",
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(`${pet.name} (${pet.species})`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${(pet.listedAt ?? pet.createdAt).toISOString()}</published>`,
      `    <updated>${new Date(Math.max(pet.updatedAt.getTime(), (pet.listedAt ?? pet.createdAt).getTime())).toISOString()}</updated>`,
      `    <category term="${escapeXml(pet.species)}"/>`,
      pet.photo ? `    <link rel="enclosure" type="image/jpeg" href="${escapeXml(siteUrl + pet.photo)}"/>` : "",
      `    <summary>${escapeXml(summary)}</summary>`,
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(siteUrl + path)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <updated>${new Date(updated || now.getTime()).toISOString()}</updated>`,
    `  <author><name>${escapeXml(shelter.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(siteUrl + path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(siteUrl + path.replace(/\/feed\.xml$/, ""))}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
