import type { I18n } from "@lingui/core";
import { imageSize } from "image-size";
import { photoLimits } from "#app/lib/pets/pet-fields";
import {
  derivativeContentType,
  derivativeKey,
  derivativeQuality,
  derivatives,
  fosterNotePhotoPrefix,
  lostFoundPhotoPrefix,
  storyPhotoPrefix,
  keysWithDerivatives,
  photoFrame,
  shareImageKey,
  shareImageSize,
  type Derivative,
} from "#app/lib/photos/photos";

/**
 * Staff photo uploads (spec §4): JPEG and PNG only, recognised by their content, not their name;
 * bounded in bytes and pixels; stored in R2 under `name-<32 random lowercase alphanumerics>.ext`
 * before the pet is saved, and removed again when the save does not happen.
 */
export interface CheckedPhoto {
  file: File;
  bytes: Uint8Array<ArrayBuffer>;
  type: "jpg" | "png";
  width: number;
  height: number;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const allowedNames = /\.(jpe?g|png)$/i;

/** The files a form sent in `field`, leaving out the empty part a file input sends when none is chosen. */
export function postedFiles(formData: FormData, field: string): File[] {
  return formData
    .getAll(field)
    .filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/**
 * Checks every file; the messages name the file and say what to do, in the page's language when the
 * request's `i18n` is given (English, word for word, without it).
 */
export async function checkPhotos(
  files: File[],
  alreadyKept: number,
  i18n?: I18n,
): Promise<{ photos: CheckedPhoto[]; errors: string[] }> {
  const say = (message: string, values: Record<string, string | number>) =>
    i18n ? i18n._(message, values) : message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
  const count = (value: number) =>
    i18n && i18n.locale !== "en" ? new Intl.NumberFormat(i18n.locale).format(value) : value.toLocaleString("en-US");
  const errors: string[] = [];
  const photos: CheckedPhoto[] = [];
  if (alreadyKept + files.length > photoLimits.perPet) {
    errors.push(
      say(/*i18n*/ "A pet can have at most {most} photos: choose {left} or fewer new ones.", {
        most: photoLimits.perPet,
        left: Math.max(photoLimits.perPet - alreadyKept, 0),
      }),
    );
    return { photos, errors };
  }
  for (const file of files) {
    const name = file.name || (i18n ? i18n._(/*i18n*/ "A file") : "A file");
    if (file.size === 0) {
      errors.push(say(/*i18n*/ "{name} is empty.", { name }));
      continue;
    }
    if (file.size > photoLimits.maxBytes) {
      errors.push(
        say(/*i18n*/ "{name} is {size}; a photo can be at most {most}.", {
          name,
          size: megabytes(file.size),
          most: megabytes(photoLimits.maxBytes),
        }),
      );
      continue;
    }
    if (!allowedNames.test(file.name)) {
      errors.push(say(/*i18n*/ "{name} is not a .jpg, .jpeg or .png file.", { name }));
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const size = readImageSize(bytes);
    if (!size) {
      errors.push(say(/*i18n*/ "{name} is not a JPEG or PNG image (its content was checked).", { name }));
      continue;
    }
    const { width, height } = size;
    if (width > photoLimits.maxSide || height > photoLimits.maxSide) {
      errors.push(
        say(/*i18n*/ "{name} is {width}×{height} pixels; at most {most} on each side.", {
          name,
          width,
          height,
          most: count(photoLimits.maxSide),
        }),
      );
      continue;
    }
    if (width < photoLimits.minSide || height < photoLimits.minSide) {
      errors.push(
        say(/*i18n*/ "{name} is {width}×{height} pixels; at least {least} on each side.", {
          name,
          width,
          height,
          least: photoLimits.minSide,
        }),
      );
      continue;
    }
    photos.push({ file, bytes, type: size.type, width, height });
  }
  return { photos, errors };
}

function readImageSize(bytes: Uint8Array): { type: "jpg" | "png"; width: number; height: number } | null {
  try {
    const { type, width, height } = imageSize(bytes);
    if ((type !== "jpg" && type !== "png") || !width || !height) return null;
    return { type, width, height };
  } catch {
    return null;
  }
}

const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";

/** 32 random lowercase letters and digits, without modulo bias. */
export function randomSuffix(length = 32): string {
  let result = "";
  while (result.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 252 && result.length < length) result += alphabet[byte % 36];
    }
  }
  return result;
}

/** `Biscuit in the Sun.JPG` → `biscuit-in-the-sun-<suffix>.jpg` (the extension follows the content). */
export function photoKeyFor(fileName: string, type: "jpg" | "png"): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "photo";
  return `${base}-${randomSuffix()}.${type}`;
}

/** A foster's note photo: `note_<suffix>.jpg`, a name no pet photo has (lib/photos `isFosterNotePhotoKey`). */
export function fosterNotePhotoKey(): string {
  return `${fosterNotePhotoPrefix}${randomSuffix()}.jpg`;
}

/** A lost or found pet's photo: `lostfound_<suffix>.jpg` (lib/photos `isLostFoundPhotoKey`). */
export function lostFoundPhotoKey(): string {
  return `${lostFoundPhotoPrefix}${randomSuffix()}.jpg`;
}

/** An adopter's "All is well" photo: `story_<suffix>.jpg` (lib/photos `isStoryPhotoKey`). */
export function storyPhotoKey(): string {
  return `${storyPhotoPrefix}${randomSuffix()}.jpg`;
}

/** The long side of a stored original: a phone's 4032 px photo is kept at this size (decision 035). */
export const storedPhotoMaxSide = 2400;

/**
 * Stores the photos in R2, each with its resized copies (lib/photos `derivatives`), and returns the
 * photos' keys in order. What is stored is made by the Images binding from the upload: upright (its
 * EXIF orientation applied) and without any metadata (no GPS position, camera or date), so nothing
 * kept or served says where a photo was taken. If storing a photo fails, everything already stored
 * is deleted and the error is thrown: nothing is left behind. A copy that cannot be made now is
 * logged and made on its first request (routes/photos/photo.ts).
 */
export async function storePhotos(
  bucket: R2Bucket,
  images: ImagesBinding,
  photos: CheckedPhoto[],
  keyOf: (photo: CheckedPhoto) => string = (photo) => photoKeyFor(photo.file.name, "jpg"),
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const photo of photos) {
      const key = keyOf(photo);
      keys.push(key);
      const upright = await uprightWithoutMetadata(images, photo.bytes);
      await bucket.put(key, upright, { httpMetadata: { contentType: "image/jpeg" } });
      await Promise.all(
        derivatives.map((derivative) =>
          storeCopy(bucket, images, upright, key, derivative).catch((error: unknown) =>
            console.error("photo copy not made now; it is made on its first request", key, derivative, error),
          ),
        ),
      );
    }
    return keys;
  } catch (error) {
    await removePhotos(bucket, keys);
    throw error;
  }
}

/**
 * The clockwise rotation that shows a photo upright, from its EXIF orientation (1 upright, 3 upside
 * down, 6 and 8 turned a quarter). The mirrored orientations (2, 4, 5, 7; phones do not write them)
 * get the rotation of their unmirrored twin: the Images binding has no flip locally.
 */
function rotationOf(orientation: number | undefined): 0 | 90 | 180 | 270 {
  if (orientation === 3 || orientation === 4) return 180;
  if (orientation === 5 || orientation === 6) return 90;
  if (orientation === 7 || orientation === 8) return 270;
  return 0;
}

/** Encodes `bytes` again through the Images binding: whatever metadata came in is left behind. */
async function reencode(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  transform: ImageTransform,
  format: Derivative["format"],
  quality: number,
) {
  const output = await images
    .input(new Blob([bytes]).stream())
    .transform(transform)
    .output({ format: derivativeContentType[format] as ImageOutputOptions["format"], quality });
  return new Uint8Array(await new Response(output.image()).arrayBuffer());
}

/** Width, height and EXIF orientation as stored in the file; null when they cannot be read. */
function storedSize(bytes: Uint8Array) {
  try {
    const { width, height, orientation } = imageSize(bytes);
    return width && height ? { width, height, orientation } : null;
  } catch {
    return null;
  }
}

/**
 * An upload as it is stored: a JPEG at most `storedPhotoMaxSide` on its long side, turned upright
 * (the binding does not apply EXIF orientation itself), with no metadata. Only one side is given to
 * the binding, as the local one stretches to both sides when given two (its `fit` is ignored).
 */
export async function uprightWithoutMetadata(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const size = storedSize(bytes);
  const rotate = rotationOf(size?.orientation);
  const [width, height] =
    rotate === 90 || rotate === 270 ? [size?.height ?? 0, size?.width ?? 0] : [size?.width ?? 0, size?.height ?? 0];
  const bound =
    width >= height ? { width: Math.min(width, storedPhotoMaxSide) } : { height: Math.min(height, storedPhotoMaxSide) };
  return reencode(images, bytes, { ...(rotate ? { rotate } : {}), ...(size ? bound : {}) }, "jpg", 88);
}

/**
 * The size of a copy: the frame every copy is shown in (the list card and the pet page's carousel
 * are 4:3, `object-fit: cover`) at the copy's width, never larger than the original. A portrait's
 * 720 px copy was 720×1081, a third more pixels than the frame shows; now it is 720×540, cut from the middle.
 */
export function copySize(derivative: Derivative, original: { width: number; height: number } | null) {
  const [frameWidth, frameHeight] = photoFrame;
  if (!original) return { width: derivative.width, height: Math.round((derivative.width * frameHeight) / frameWidth) };
  const width = Math.max(
    1,
    Math.min(derivative.width, original.width, Math.floor((original.height * frameWidth) / frameHeight)),
  );
  return { width, height: Math.max(1, Math.round((width * frameHeight) / frameWidth)) };
}

/** Makes one resized copy of a stored (upright, bare) original and keeps it in R2; returns its bytes. */
export async function storeCopy(
  bucket: R2Bucket,
  images: ImagesBinding,
  original: Uint8Array<ArrayBuffer>,
  key: string,
  derivative: Derivative,
) {
  const size = copySize(derivative, storedSize(original));
  const copy = await reencode(
    images,
    original,
    { ...size, fit: "cover" },
    derivative.format,
    derivativeQuality[derivative.format],
  );
  await bucket.put(derivativeKey(key, derivative), copy, {
    httpMetadata: { contentType: derivativeContentType[derivative.format] },
  });
  return copy;
}

/**
 * A photo's share image (decision 043): the stored one when it was made before, else made now from the
 * stored original (upright, without metadata, cropped to 1200 × 630 with fit "cover", JPEG 80), kept
 * in R2 under `shareImageKey` and returned. Each is made once: later requests read what was kept.
 * Null when the photo does not exist. A failed put is logged; the image made is still returned.
 */
export async function shareImageOf(
  bucket: R2Bucket,
  images: ImagesBinding,
  key: string,
): Promise<{ body: ReadableStream | Uint8Array<ArrayBuffer>; size: number } | null> {
  const storedKey = shareImageKey(key);
  const stored = await bucket.get(storedKey);
  if (stored) return { body: stored.body, size: stored.size };
  const original = await bucket.get(key);
  if (!original) return null;
  const upright = await uprightWithoutMetadata(images, new Uint8Array(await original.arrayBuffer()));
  const bytes = await reencode(images, upright, { ...shareImageSize, fit: "cover" }, "jpg", 80);
  try {
    await bucket.put(storedKey, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  } catch (error) {
    console.error("share image made but not kept; made again on its next request", key, error);
  }
  return { body: bytes, size: bytes.byteLength };
}

/**
 * Deletes photos and their copies, logging rather than failing: the change they belong to is decided.
 * False when R2 refused, so the caller can note them for housekeeping.
 */
export async function removePhotos(bucket: R2Bucket, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return true;
  try {
    await bucket.delete(keysWithDerivatives(keys));
    return true;
  } catch (error) {
    console.error("photos not deleted from R2; left for housekeeping to remove", keys, error);
    return false;
  }
}
