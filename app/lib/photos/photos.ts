/** R2 photo keys (spec §4: `name-<32 random lowercase alphanumerics>.ext`) and their public URLs. */
const photoKeyPattern = /^[a-z0-9][a-z0-9._-]{0,150}\.(jpe?g|png|webp|avif)$/;

export const placeholderPhoto = { src: "/images/pet-placeholder.svg", width: 400, height: 300 };

export function isPhotoKey(key: string): boolean {
  return photoKeyPattern.test(key) && !key.includes("..");
}

export function photoUrl(key: string): string {
  return `/photos/${encodeURIComponent(key)}`;
}

/**
 * A pet's photo keys in the order of the positions given beside them (`positions[i]` for `keys[i]`,
 * as the pet form posts `photoKey` and `photoPosition`): only `existing` keys count, positions sort
 * them, ties keep their order and photos the list leaves out go last. The server saves this order and
 * the form with JavaScript starts from it (positions typed before the scripts ran).
 */
export function orderByPositions(
  existing: readonly string[],
  keys: readonly string[],
  positions: readonly number[],
): string[] {
  const ranked = existing.map((key, index) => {
    const posted = keys.indexOf(key);
    const position = posted >= 0 && Number.isFinite(positions[posted]) ? positions[posted]! : Number.MAX_SAFE_INTEGER;
    return { key, position, index };
  });
  ranked.sort((a, b) => a.position - b.position || a.index - b.index);
  return ranked.map(({ key }) => key);
}

/**
 * Each stored photo has resized copies beside it (issue 8, decision 035): AVIF and WebP 400 and 720 px
 * wide for `srcset` (720 covers a 360 px phone at DPR 2 without loading more than it shows), and a
 * 720 px JPEG for browsers with neither. `luna-<suffix>.jpg` → `luna-<suffix>-400w.avif`, ...
 * The public is only ever sent copies: the stored original is not served (decision 035).
 */
export const derivatives = [
  { width: 400, format: "avif" },
  { width: 720, format: "avif" },
  { width: 400, format: "webp" },
  { width: 720, format: "webp" },
  { width: 720, format: "jpg" },
] as const;
export type Derivative = (typeof derivatives)[number];

/** Width to height of every frame a copy is shown in (list cards, the pet page, staff thumbnails): copies are cut to it. */
export const photoFrame = [4, 3] as const;

/** The encoder quality of each format, measured on real photographs (decision 035). */
export const derivativeQuality: Record<Derivative["format"], number> = { avif: 45, webp: 70, jpg: 75 };
export const derivativeContentType: Record<Derivative["format"], string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

export function derivativeKey(key: string, { width, format }: Derivative): string {
  return `${key.replace(/\.[a-z]+$/, "")}-${width}w.${format}`;
}

/** The size link previews show best (Open Graph's large card): 1200 × 630. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/**
 * Where a photo's share image is kept once made (decision 043): `share/luna-<suffix>-1200x630.jpg`.
 * The slash keeps it out of `isPhotoKey`, so no photo route serves it by that name, or makes a
 * share image of it.
 */
export function shareImageKey(key: string): string {
  return `share/${key.replace(/\.[a-z]+$/, "")}-${shareImageSize.width}x${shareImageSize.height}.jpg`;
}

/** A photo's key and all its derivatives' keys (its share image included): what deleting the photo removes. */
export function keysWithDerivatives(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [
    key,
    ...derivatives.map((derivative) => derivativeKey(key, derivative)),
    shareImageKey(key),
  ]);
}

/**
 * For a copy's key, the copy it names and the originals it is made from; null for any other name
 * (an original, or a width or format that is not made), which the photo route answers with 404.
 */
export function derivativeOfKey(key: string): { derivative: Derivative; originals: string[] } | null {
  const match = /^(.+)-(\d+)w\.([a-z]+)$/.exec(key);
  const derivative =
    match && derivatives.find(({ width, format }) => String(width) === match[2] && format === match[3]);
  return match && derivative ? { derivative, originals: [`${match[1]}.jpg`, `${match[1]}.png`] } : null;
}

/**
 * A foster's note photo is stored as `note_<32 random>.jpg` (decision 053): the pet form's keys never
 * hold "_" (`photoKeyFor` makes them of letters, digits and "-"), so the name alone says which photos
 * wait for staff's approval. The public photo route serves them (and their copies) only once their
 * note is approved; staff see them before that at `/petadmin/foster-note-photos/:key` (issue 39).
 */
export const fosterNotePhotoPrefix = "note_";

export function isFosterNotePhotoKey(key: string): boolean {
  return key.startsWith(fosterNotePhotoPrefix);
}

/**
 * A lost or found pet's photo is stored as `lostfound_<32 random>.jpg` (decision 066): the public photo
 * route serves it (and its copies) only while its report is confirmed and not hidden.
 */
export const lostFoundPhotoPrefix = "lostfound_";

export function isLostFoundPhotoKey(key: string): boolean {
  return key.startsWith(lostFoundPhotoPrefix);
}

/**
 * An adopter's "All is well" photo is stored as `story_<32 random>.jpg` (issue 45, decision 067): the
 * public photo route serves it (and its copies) only while staff approve its story for the home page;
 * staff see it before that at `/petadmin/story-photos/:key`.
 */
export const storyPhotoPrefix = "story_";

export function isStoryPhotoKey(key: string): boolean {
  return key.startsWith(storyPhotoPrefix);
}

/** The JPEG copy every browser shows: what a single `<img>` of a photo points at. */
const jpegCopy = derivatives.find((derivative) => derivative.format === "jpg")!;

/** Where staff see a note photo (its JPEG copy) before they decide on the note: never the public route. */
export function fosterNotePhotoForStaff(key: string): string {
  return `/petadmin/foster-note-photos/${encodeURIComponent(derivativeKey(key, jpegCopy))}`;
}

/** Where staff see an adopter's story photo (its JPEG copy) before they approve the story: never the public route. */
export function storyPhotoForStaff(key: string): string {
  return `/petadmin/story-photos/${encodeURIComponent(derivativeKey(key, jpegCopy))}`;
}

/** The `<picture>` sources of a photo URL from `photoUrl`: AVIF, then WebP widths for `srcset`, a JPEG fallback. */
export function photoSources(url: string): { avifSrcSet: string; webpSrcSet: string; jpegSrc: string } | null {
  if (!url.startsWith("/photos/")) return null;
  const key = decodeURIComponent(url.slice("/photos/".length));
  const srcSet = (format: Derivative["format"]) =>
    derivatives
      .filter((derivative) => derivative.format === format)
      .map((derivative) => `${photoUrl(derivativeKey(key, derivative))} ${derivative.width}w`)
      .join(", ");
  return { avifSrcSet: srcSet("avif"), webpSrcSet: srcSet("webp"), jpegSrc: photoUrl(derivativeKey(key, jpegCopy)) };
}

/**
 * The entity tag of an If-None-Match header, unquoted as R2's `etagDoesNotMatch` wants it; undefined
 * when there is none, or a list or wildcard (then the photo is simply sent again).
 */
export function ifNoneMatchEtag(header: string | null): string | undefined {
  const match = header?.trim().match(/^(?:W\/)?"([^",]+)"$/);
  return match?.[1];
}
