/**
 * The pet form's photo upload with JavaScript (decision 038): photos made smaller and upright in the
 * browser, then the form sent by XMLHttpRequest, which reports upload progress (fetch does not).
 * Browser-only; the pet form loads it on first use (`import()`), so no other page carries it.
 */
import {
  browserResize,
  jpegName,
  keepOriginal,
  readImageHeader,
  shouldResize,
  targetSize,
  type ImageHeader,
} from "./photo-resize";
import { uploadHeader, uploadHeaderValue } from "./upload-answer";

/** A 2×1 grey JPEG whose EXIF says "turn a quarter clockwise" (orientation 6): upright, it is 1×2. */
const orientationProbe =
  "/9j/4QAiRXhpZgAATU0AKgAAAAgAAQESAAMAAAABAAYAAAAAAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/wAALCAABAAIBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AR//Z";

let orientationApplied: Promise<boolean> | undefined;

/**
 * Whether this browser's `createImageBitmap` turns photos by their EXIF orientation. A canvas keeps no
 * metadata, so a photo re-encoded unturned would reach the server sideways with nothing to say so:
 * where the probe fails, turned photos go as they are and the server turns them (decision 035).
 */
function appliesOrientation(): Promise<boolean> {
  orientationApplied ??= createImageBitmap(
    new Blob([Uint8Array.from(atob(orientationProbe), (char) => char.charCodeAt(0))], { type: "image/jpeg" }),
    {
      imageOrientation: "from-image",
    },
  ).then(
    (bitmap) => {
      const upright = bitmap.width === 1 && bitmap.height === 2;
      bitmap.close();
      return upright;
    },
    () => false,
  );
  return orientationApplied;
}

function encode(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", browserResize.quality));
}

function measure(start: number, detail: Record<string, string | number>) {
  try {
    performance.measure("photo-resize", { start, detail });
  } catch {
    // A browser without User Timing's options: only the figure is lost.
  }
}

/**
 * The file to upload for a chosen photo: a JPEG at most `browserResize.maxSide` on its long side,
 * upright, without metadata; or the file itself when it is small enough and upright already, is not
 * a JPEG or PNG, cannot be decoded here, or would not get smaller. The time spent is recorded as a
 * `photo-resize` performance measure (the benchmark reads it).
 */
async function preparePhoto(file: File): Promise<File> {
  let header: ImageHeader | null;
  try {
    header = readImageHeader(new Uint8Array(await file.slice(0, browserResize.headerBytes).arrayBuffer()));
  } catch {
    return file; // unreadable now (moved or deleted): sending it says so
  }
  if (!header || !shouldResize(header) || typeof createImageBitmap !== "function") return file;
  if (header.orientation !== 1 && !(await appliesOrientation())) return file;
  const start = performance.now();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const canvas = document.createElement("canvas");
  try {
    const { width, height } = targetSize(bitmap.width, bitmap.height);
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // A transparent PNG becomes a JPEG on white, not on black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await encode(canvas);
    if (!blob || keepOriginal(header, file.size, blob.size)) return file;
    measure(start, { file: file.name, from: file.size, to: blob.size, width, height });
    return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
    // Lets the browser free the pixels at once (a phone holds few 2000 px canvases).
    canvas.width = 0;
    canvas.height = 0;
  }
}

export interface SentForm {
  status: number;
  /** The JSON answer (lib/photos/upload-answer.ts), or null when the server answered with a page. */
  answer: unknown;
  /** Where the answer came from: another address when the server redirected (signed out, say). */
  url: string;
}

export class UploadCancelled extends Error {
  constructor() {
    super("The upload was cancelled.");
    this.name = "UploadCancelled";
  }
}

/**
 * Posts `body` to `url` marked as the form's upload, reporting the bytes sent, and resolves with the
 * server's answer. Aborting `signal` stops the upload (UploadCancelled); a connection that breaks
 * off rejects with a plain Error.
 */
function sendForm(
  url: string,
  body: FormData,
  {
    signal,
    onProgress,
    onSent,
  }: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void; onSent: () => void },
): Promise<SentForm> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadCancelled());
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader(uploadHeader, uploadHeaderValue);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    request.upload.onload = () => onSent();
    const stop = () => request.abort();
    signal.addEventListener("abort", stop, { once: true });
    const done = () => signal.removeEventListener("abort", stop);
    request.onload = () => {
      done();
      let answer: unknown = null;
      if ((request.getResponseHeader("Content-Type") ?? "").startsWith("application/json")) {
        try {
          answer = JSON.parse(request.responseText);
        } catch {
          answer = null;
        }
      }
      resolve({ status: request.status, answer, url: request.responseURL });
    };
    request.onerror = () => {
      done();
      reject(new Error("The connection broke off."));
    };
    request.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    request.send(body);
  });
}

/** Photos already prepared: sent again after a reply or a Cancel, they are not resized twice. */
const preparedFiles = new WeakMap<File, Promise<File>>();

/**
 * Sends the pet form as the browser would for `submitter`, its chosen photos replaced by the
 * prepared ones (resized one after the other, so a phone holds one decoded photo at a time).
 */
export async function uploadForm(
  form: HTMLFormElement,
  submitter: HTMLButtonElement | null,
  files: File[],
  {
    signal,
    onPrepared,
    onSending,
    onProgress,
    onSent,
  }: {
    signal: AbortSignal;
    onPrepared: (done: number) => void;
    /** The photos' bytes, before the browser reports the whole body's. */
    onSending: (photoBytes: number) => void;
    onProgress: (loaded: number, total: number) => void;
    onSent: () => void;
  },
): Promise<SentForm> {
  const body = new FormData(form);
  if (submitter?.name) body.append(submitter.name, submitter.value);
  body.delete("newPhotos");
  let photoBytes = 0;
  for (const [index, file] of files.entries()) {
    if (!preparedFiles.has(file)) preparedFiles.set(file, preparePhoto(file));
    const prepared = await preparedFiles.get(file)!;
    if (signal.aborted) throw new UploadCancelled();
    body.append("newPhotos", prepared);
    photoBytes += prepared.size;
    onPrepared(index + 1);
  }
  onSending(photoBytes);
  return sendForm(form.action, body, { signal, onProgress, onSent });
}
