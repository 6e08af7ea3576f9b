import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { derivativeContentType, derivativeOfKey, ifNoneMatchEtag, isPhotoKey } from "#app/lib/photos";
import { isStorageFailure } from "#app/lib/storage-error";
import { storeCopy, uprightWithoutMetadata } from "#app/services/pet-photos.server";

const plain = (text: string, status: number, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers },
  });
const notFound = () => plain("Photo not found", 404);
const immutable = "public, max-age=31536000, immutable";

/**
 * Streams a resized copy of a pet photo from R2 (decision 035). Only the copies' names are served:
 * an original (it may be a phone's full-size upload) and any other name are 404. A copy that is
 * missing (not made at upload, or a size added since) is made from its original now, kept, and
 * served. Keys are unique per upload, so a copy never changes under its URL: it is cached for a
 * year as immutable, and revalidations get a 304 from the ETag.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const copy = isPhotoKey(key) ? derivativeOfKey(key) : null;
  if (!copy) return notFound();

  const etag = ifNoneMatchEtag(request.headers.get("If-None-Match"));
  try {
    const object = await context.photos.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined);
    if (object) return served(object);
    for (const originalKey of copy.originals) {
      const original = await context.photos.get(originalKey);
      if (!original) continue;
      // An original stored before uploads were re-encoded may be sideways and carry metadata: made upright and bare first.
      const upright = await uprightWithoutMetadata(context.images, new Uint8Array(await original.arrayBuffer()));
      const bytes = await storeCopy(context.photos, context.images, upright, originalKey, copy.derivative);
      return new Response(bytes, {
        headers: {
          "Content-Type": derivativeContentType[copy.derivative.format],
          "Cache-Control": immutable,
          "Content-Length": String(bytes.byteLength),
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
  } catch (error) {
    // R2 still failing after the retries, or the copy could not be made: the browser may try again,
    // but must not cache the miss, and is never sent the original instead.
    if (!isStorageFailure(error)) console.error("photo copy not made on request", key, error);
    return plain("Photo unavailable just now", 503, { "Cache-Control": "no-store", "Retry-After": "5" });
  }
  return notFound();
}

function served(object: R2Object | R2ObjectBody) {
  const contentType = object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": contentType.startsWith("image/") ? contentType : "application/octet-stream",
    "Cache-Control": immutable,
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
