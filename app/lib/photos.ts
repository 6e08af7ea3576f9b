/** R2 photo keys (spec §4: `name-<32 random lowercase alphanumerics>.ext`) and their public URLs. */
const photoKeyPattern = /^[a-z0-9][a-z0-9._-]{0,150}\.(jpe?g|png|webp)$/;

export const placeholderPhoto = { src: "/images/pet-placeholder.svg", width: 400, height: 300 };

export function isPhotoKey(key: string): boolean {
  return photoKeyPattern.test(key) && !key.includes("..");
}

export function photoUrl(key: string): string {
  return `/photos/${encodeURIComponent(key)}`;
}

/**
 * Each stored photo has resized copies beside it (issue 8): WebP 400 and 800 px wide for `srcset`, and
 * an 800 px JPEG for browsers without WebP. `luna-<suffix>.jpg` → `luna-<suffix>-400w.webp`, ...
 */
export const derivatives = [
  { width: 400, format: "webp" },
  { width: 800, format: "webp" },
  { width: 800, format: "jpg" },
] as const;
export type Derivative = (typeof derivatives)[number];

const derivativePattern = /^(.+)-(400|800)w\.(webp|jpg)$/;

export function derivativeKey(key: string, { width, format }: Derivative): string {
  return `${key.replace(/\.[a-z]+$/, "")}-${width}w.${format}`;
}

/** A photo's key and all its derivatives' keys: what deleting the photo removes. */
export function keysWithDerivatives(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [key, ...derivatives.map((derivative) => derivativeKey(key, derivative))]);
}

/** For a derivative's key, the originals it may have been made from (to serve while it is missing). */
export function originalKeysOf(key: string): string[] {
  const match = key.match(derivativePattern);
  return match ? [`${match[1]}.jpg`, `${match[1]}.png`] : [];
}

/** The `<picture>` sources of a photo URL from `photoUrl`: WebP widths for `srcset`, a JPEG fallback. */
export function photoSources(url: string): { webpSrcSet: string; jpegSrc: string } | null {
  if (!url.startsWith("/photos/")) return null;
  const key = decodeURIComponent(url.slice("/photos/".length));
  const urlOf = (derivative: Derivative) => photoUrl(derivativeKey(key, derivative));
  return {
    webpSrcSet: derivatives.filter((d) => d.format === "webp").map((d) => `${urlOf(d)} ${d.width}w`).join(", "),
    jpegSrc: urlOf(derivatives[2]),
  };
}

/**
 * The entity tag of an If-None-Match header, unquoted as R2's `etagDoesNotMatch` wants it; undefined
 * when there is none, or a list or wildcard (then the photo is simply sent again).
 */
export function ifNoneMatchEtag(header: string | null): string | undefined {
  const match = header?.trim().match(/^(?:W\/)?"([^",]+)"$/);
  return match?.[1];
}
