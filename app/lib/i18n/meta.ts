import { shelter } from "#app/config/shelter";

/** Title and description of a page, in the form every route's `meta` returns. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === shelter.name ? title : `${title} | ${shelter.name}` },
    { name: "description", content: description },
  ];
}

/**
 * The `meta` export of every route whose loader returns `meta: { title, description }` (already in the
 * page's language): `export const meta = routeMeta;`. No data (an error page): no tags of its own.
 */
export function routeMeta({ data }: { data?: { meta: { title: string; description: string } } | null }) {
  return data ? pageMeta(data.meta.title, data.meta.description) : [];
}
