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
 * The entity tag of an If-None-Match header, unquoted as R2's `etagDoesNotMatch` wants it; undefined
 * when there is none, or a list or wildcard (then the photo is simply sent again).
 */
export function ifNoneMatchEtag(header: string | null): string | undefined {
  const match = header?.trim().match(/^(?:W\/)?"([^",]+)"$/);
  return match?.[1];
}
