import { shelter } from "#app/config/shelter";

/** Title and description of a page, in the form every route's `meta` returns. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === shelter.name ? title : `${title} | ${shelter.name}` },
    { name: "description", content: description },
  ];
}
