import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { derivativeOfKey, isPhotoKey } from "#app/lib/photos";
import { isStorageFailure } from "#app/lib/storage-error";
import { uprightWithoutMetadata } from "#app/services/pet-photos.server";

/** The size link previews show best (Open Graph's large card): 1200 × 630. */
export const shareImageSize = { width: 1200, height: 630 } as const;

const plain = (text: string, status: number, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers } });

/**
 * /photos/share/<key>: a pet photo cropped to 1200 × 630 by the Images binding (fit "cover": filled,
 * the middle kept), the og:image of the pet page (decision 043). Made from the stored original (upright,
 * without metadata) as a JPEG; the key is unique per upload, so it is cached as immutable.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!isPhotoKey(key) || derivativeOfKey(key)) return plain("Photo not found", 404);
  try {
    const original = await context.photos.get(key);
    if (!original) return plain("Photo not found", 404);
    const upright = await uprightWithoutMetadata(context.images, new Uint8Array(await original.arrayBuffer()));
    const output = await context.images
      .input(new Blob([upright]).stream())
      .transform({ ...shareImageSize, fit: "cover" })
      .output({ format: "image/jpeg", quality: 80 });
    const bytes = await new Response(output.image()).arrayBuffer();
    return new Response(bytes, {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!isStorageFailure(error)) console.error("share image not made", key, error);
    return plain("Photo unavailable just now", 503, { "Cache-Control": "no-store", "Retry-After": "5" });
  }
}
