import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ifNoneMatchEtag, isPhotoKey, originalKeysOf } from "#app/lib/photos";
import { isStorageFailure } from "#app/lib/storage-error";

const plain = (text: string, status: number, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers },
  });
const notFound = () => plain("Photo not found", 404);

/**
 * Streams a pet photo from R2. Keys are unique per upload, so a photo never changes under its URL:
 * it is cached for a year as immutable, and revalidations get a 304 from the ETag.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!isPhotoKey(key)) return notFound();

  const etag = ifNoneMatchEtag(request.headers.get("If-None-Match"));
  const options = etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined;
  let object: Awaited<ReturnType<R2Bucket["get"]>>;
  try {
    object = await context.photos.get(key, options);
    // A resized copy that could not be made is served as its original: bigger, but never a broken image.
    for (const original of object ? [] : originalKeysOf(key)) {
      object = await context.photos.get(original, options);
      if (object) break;
    }
  } catch (error) {
    // R2 still failing after the retries: the browser may try again, but must not cache the miss.
    if (isStorageFailure(error)) return plain("Photo unavailable just now", 503, { "Cache-Control": "no-store", "Retry-After": "5" });
    throw error;
  }
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
