/** Any URL no other route claims: a 404 inside the site's layout. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
