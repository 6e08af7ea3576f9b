import { derivativeContentType, derivativeOfKey, ifNoneMatchEtag } from "#app/lib/photos/photos";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { storeCopy, uprightWithoutMetadata } from "#app/services/pet-photos.server";

const plain = (text: string, status: number, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers },
  });

/** The answer for a photo that is not there, or not for this asker: never kept by a cache, so it may be served later. */
export const photoNotFound = () => plain("Photo not found", 404, { "Cache-Control": "no-store" });

/** Keys are unique per upload, so a public copy never changes under its URL: a year, immutable. */
export const immutablePhotoCache = "public, max-age=31536000, immutable";

/**
 * Streams a resized copy of a photo from R2 (decision 035) with `cacheControl`. Only the copies'
 * names are served: an original (it may be a phone's full-size upload) and any other name are 404.
 * A copy that is missing (not made at upload, or a size added since) is made from its original now,
 * kept, and served. Revalidations get a 304 from the ETag.
 */
export async function answerPhotoCopy(
  store: { photos: R2Bucket; images: ImagesBinding },
  request: Request,
  key: string,
  cacheControl: string,
): Promise<Response> {
  const copy = derivativeOfKey(key);
  if (!copy) return photoNotFound();
  const etag = ifNoneMatchEtag(request.headers.get("If-None-Match"));
  try {
    const object = await store.photos.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined);
    if (object) return served(object, cacheControl);
    for (const originalKey of copy.originals) {
      const original = await store.photos.get(originalKey);
      if (!original) continue;
      // An original stored before uploads were re-encoded may be sideways and carry metadata: made upright and bare first.
      const upright = await uprightWithoutMetadata(store.images, new Uint8Array(await original.arrayBuffer()));
      const bytes = await storeCopy(store.photos, store.images, upright, originalKey, copy.derivative);
      return new Response(bytes, {
        headers: {
          "Content-Type": derivativeContentType[copy.derivative.format],
          "Cache-Control": cacheControl,
          "Content-Length": String(bytes.byteLength),
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
  } catch (error) {
    return photoUnavailable(key, error);
  }
  return photoNotFound();
}

/**
 * R2 or D1 still failing after the retries, or the copy could not be made: the browser may try
 * again, but must not cache the miss, and is never sent the original instead.
 */
export function photoUnavailable(key: string, error: unknown): Response {
  if (!isStorageFailure(error)) console.error("photo copy not made on request", key, error);
  return plain("Photo unavailable just now", 503, { "Cache-Control": "no-store", "Retry-After": "5" });
}

function served(object: R2Object | R2ObjectBody, cacheControl: string) {
  const contentType = object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": contentType.startsWith("image/") ? contentType : "application/octet-stream",
    "Cache-Control": cacheControl,
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
