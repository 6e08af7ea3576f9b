/**
 * The rules of resizing staff photos in the browser before upload (decision 038), pure so they are
 * unit-tested; `photo-upload.ts` applies them with the browser's decoder and canvas. Only that lazily
 * loaded module may import this one, or the pet form's pages would carry it on load.
 */
export const browserResize = {
  /** The long side of a resized photo. The server keeps up to 2400 px (decision 035) and shows 720 px. */
  maxSide: 2000,
  quality: 0.85,
  /** How much of a file's start is read for its type, stored size and EXIF orientation. */
  headerBytes: 256 * 1024,
} as const;

export interface ImageHeader {
  type: "jpeg" | "png";
  /** The pixel size as stored, before any EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation, 1 (as stored) to 8; 1 when the file has none. */
  orientation: number;
}

const u16 = (bytes: Uint8Array, at: number, little = false) =>
  little ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number, little = false) =>
  little
    ? (u16(bytes, at, true) | (u16(bytes, at + 2, true) << 16)) >>> 0
    : ((u16(bytes, at) << 16) | u16(bytes, at + 2)) >>> 0;

/** The Orientation tag (0x0112) of IFD0 in the EXIF block that starts at `start`; 1 when absent or unreadable. */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
  if (end - start < 14 || exif.some((byte, index) => bytes[start + index] !== byte)) return 1;
  const tiff = start + 6;
  const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49;
  if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return 1;
  const ifd = tiff + u32(bytes, tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = u16(bytes, ifd, little);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (u16(bytes, entry, little) === 0x0112) {
      const value = u16(bytes, entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Start-of-frame markers, which carry a JPEG's size (not DHT C4, JPG C8 or DAC CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function readJpeg(bytes: Uint8Array): ImageHeader | null {
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the image data before any frame header
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    const end = Math.min(at + 2 + length, bytes.length);
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(bytes, at + 4, end);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      return width > 0 && height > 0 ? { type: "jpeg", width, height, orientation } : null;
    }
    at += 2 + length;
  }
  return null;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readPng(bytes: Uint8Array): ImageHeader | null {
  // The IHDR chunk comes first: its length (4 bytes), "IHDR", then width and height.
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  return width > 0 && height > 0 ? { type: "png", width, height, orientation: 1 } : null;
}

/**
 * Type, stored size and EXIF orientation from the start of a JPEG or PNG file (see `headerBytes`);
 * null for anything else, or when the start read does not reach the frame header.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes);
  if (pngSignature.every((byte, index) => bytes[index] === byte)) return readPng(bytes);
  return null;
}

/** Orientations 5 to 8 turn a photo a quarter: its width and height swap. */
export const swapsSides = (orientation: number) => orientation >= 5 && orientation <= 8;

/** The size a photo is seen at, upright. */
export function uprightSize({ width, height, orientation }: ImageHeader): { width: number; height: number } {
  return swapsSides(orientation) ? { width: height, height: width } : { width, height };
}

/** `width` × `height` scaled to at most `maxSide` on the long side, keeping the proportions; never enlarged. */
export function targetSize(
  width: number,
  height: number,
  maxSide: number = browserResize.maxSide,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Whether a chosen photo is made smaller (and upright) before upload. A file that is not a JPEG or
 * PNG by its content goes as it is, for the server to refuse with its own message, as without
 * JavaScript; so does a photo already small enough that needs no turning.
 */
export function shouldResize(header: ImageHeader | null, maxSide: number = browserResize.maxSide): boolean {
  if (!header) return false;
  return header.orientation !== 1 || Math.max(header.width, header.height) > maxSide;
}

/**
 * Whether to send the original after all: when re-encoding made the file no smaller and nothing had
 * to be turned (an already well compressed photo; the server bounds its pixels anyway).
 */
export function keepOriginal(header: ImageHeader, originalBytes: number, resizedBytes: number): boolean {
  return header.orientation === 1 && resizedBytes >= originalBytes;
}

/** The name of a photo re-encoded as JPEG: `Rex at the park.PNG` → `Rex at the park.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return `${base || "photo"}.jpg`;
}
