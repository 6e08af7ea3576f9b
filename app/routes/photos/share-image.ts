import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { derivativeOfKey, isFosterNotePhotoKey, isPhotoKey } from "#app/lib/photos/photos";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { shareImageOf } from "#app/services/pet-photos.server";

const plain = (text: string, status: number, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers },
  });

/**
 * /photos/share/<key>: a pet photo cropped to 1200 × 630 (fit "cover": filled, the middle kept), the
 * og:image of the pet page (decision 043). Made once from the stored original and kept in R2
 * (services/pet-photos `shareImageOf`); the key is unique per upload, so it is cached as immutable.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  // A foster note's photos are no pet photo: public only through /photos/<key>, once approved (decision 053).
  if (!isPhotoKey(key) || derivativeOfKey(key) || isFosterNotePhotoKey(key)) return plain("Photo not found", 404);
  try {
    const image = await shareImageOf(context.photos, context.images, key);
    if (!image) return plain("Photo not found", 404);
    return new Response(image.body, {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Length": String(image.size),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!isStorageFailure(error)) console.error("share image not made", key, error);
    return plain("Photo unavailable just now", 503, { "Cache-Control": "no-store", "Retry-After": "5" });
  }
}
