import { imageSize } from "image-size";
import { photoLimits } from "#app/lib/pet-form";
import { derivativeKey, derivatives, keysWithDerivatives, type Derivative } from "#app/lib/photos";

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
  return formData.getAll(field).filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/** Checks every file; the messages name the file and say what to do. */
export async function checkPhotos(files: File[], alreadyKept: number): Promise<{ photos: CheckedPhoto[]; errors: string[] }> {
  const errors: string[] = [];
  const photos: CheckedPhoto[] = [];
  if (alreadyKept + files.length > photoLimits.perPet) {
    errors.push(`A pet can have at most ${photoLimits.perPet} photos: choose ${Math.max(photoLimits.perPet - alreadyKept, 0)} or fewer new ones.`);
    return { photos, errors };
  }
  for (const file of files) {
    const name = file.name || "A file";
    if (file.size === 0) {
      errors.push(`${name} is empty.`);
      continue;
    }
    if (file.size > photoLimits.maxBytes) {
      errors.push(`${name} is ${megabytes(file.size)}; a photo can be at most ${megabytes(photoLimits.maxBytes)}.`);
      continue;
    }
    if (!allowedNames.test(file.name)) {
      errors.push(`${name} is not a .jpg, .jpeg or .png file.`);
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const size = readImageSize(bytes);
    if (!size) {
      errors.push(`${name} is not a JPEG or PNG image (its content was checked).`);
      continue;
    }
    const { width, height } = size;
    if (width > photoLimits.maxSide || height > photoLimits.maxSide) {
      errors.push(`${name} is ${width}×${height} pixels; at most ${photoLimits.maxSide.toLocaleString("en-US")} on each side.`);
      continue;
    }
    if (width < photoLimits.minSide || height < photoLimits.minSide) {
      errors.push(`${name} is ${width}×${height} pixels; at least ${photoLimits.minSide} on each side.`);
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
  const base = fileName
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "photo";
  return `${base}-${randomSuffix()}.${type}`;
}

/**
 * Stores the photos in R2, each with its resized copies (lib/photos `derivatives`, made by the Images
 * binding), and returns the photos' keys in order. If storing a photo fails, everything already
 * stored is deleted and the error is thrown: nothing is left behind. A copy that cannot be made is
 * only logged: the photo route serves the original in its place.
 */
export async function storePhotos(bucket: R2Bucket, images: ImagesBinding, photos: CheckedPhoto[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const photo of photos) {
      const key = photoKeyFor(photo.file.name, photo.type);
      keys.push(key);
      await bucket.put(key, photo.bytes, { httpMetadata: { contentType: photo.type === "png" ? "image/png" : "image/jpeg" } });
      await Promise.all(derivatives.map((derivative) => storeDerivative(bucket, images, photo, key, derivative)));
    }
    return keys;
  } catch (error) {
    await removePhotos(bucket, keys);
    throw error;
  }
}

async function storeDerivative(bucket: R2Bucket, images: ImagesBinding, photo: CheckedPhoto, key: string, derivative: Derivative) {
  const contentType = derivative.format === "webp" ? "image/webp" : "image/jpeg";
  let bytes: ArrayBuffer;
  try {
    const output = await images
      .input(new Blob([photo.bytes]).stream())
      .transform({ width: Math.min(derivative.width, photo.width), fit: "scale-down" })
      .output({ format: contentType, quality: 75 });
    bytes = await new Response(output.image()).arrayBuffer();
  } catch (error) {
    console.error("photo copy not made; the original will be served", key, derivative, error);
    return;
  }
  await bucket.put(derivativeKey(key, derivative), bytes, { httpMetadata: { contentType } });
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
