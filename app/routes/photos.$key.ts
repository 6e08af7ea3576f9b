import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ifNoneMatchEtag, isPhotoKey } from "~/lib/photos";

const notFound = () =>
  new Response("Photo not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/**
 * Streams a pet photo from R2. Keys are unique per upload, so a photo never changes under its URL:
 * it is cached for a year as immutable, and revalidations get a 304 from the ETag.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!isPhotoKey(key)) return notFound();

  const etag = ifNoneMatchEtag(request.headers.get("If-None-Match"));
  const object = await context.photos.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined);
  if (!object) return notFound();

  const contentType = object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": contentType.startsWith("image/") ? contentType : "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
