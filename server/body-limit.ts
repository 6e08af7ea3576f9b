import { shelter } from "#app/config/shelter";
import { fosterNotePhotosMax } from "#app/lib/foster/foster-placement";
import { lostFoundRules } from "#app/lib/lost-found/report";
import { unprefixedPath } from "#app/lib/i18n/locale";
import { photoLimits } from "#app/lib/pets/pet-fields";
import { refusalPage, isProviderWebhook } from "./security";

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/**
 * The largest body each kind of request may send (decision 028). Every form but the pet form is a
 * few kilobytes at most: the longest is a contact message of 2,000 characters, under 24 KB even
 * with every character a 4-byte one, percent-encoded. The pet form carries up to 12 photos of 10 MB
 * each, plus its fields and the multipart framing.
 */
export const bodyLimits = {
  form: 64 * kilobyte,
  photoForm: photoLimits.perPet * photoLimits.maxBytes + megabyte,
  /** A foster's note about a pet at home: a short text and up to three photos (decision 053). */
  fosterNote: fosterNotePhotosMax * photoLimits.maxBytes + megabyte,
  /** A lost or found pet's report: anyone's, with up to three photos (issue 46; rate-limited per network). */
  lostFoundReport: lostFoundRules.photosMax * photoLimits.maxBytes + megabyte,
  /**
   * The payment provider's webhook (decision 065): an event is a few kilobytes, a session with its
   * metadata under 20 KB; Stripe keeps events under 256 KB, so that is the limit.
   */
  providerWebhook: 256 * kilobyte,
  /**
   * An adopter's one-tap answer to a follow-up (issue 45): "All is well" may carry one photo of 10 MB.
   * Anyone may post there, but the action reads the photo only after the link's signature is checked.
   */
  careAnswer: photoLimits.maxBytes + megabyte,
  /** Staff upload the scan of a contract signed on paper on an application (decision 070): one file of 10 MB. */
  papersScan: 10 * megabyte + megabyte,
} as const;

/**
 * How much of a refused body is read and thrown away before the 413 is sent. A browser still
 * sending its form when the server answers and closes the connection shows "connection reset"
 * instead of our page (nginx's "lingering close" exists for the same reason), so a refused body is
 * drained, up to this much; past it the connection is cut, and what is that large is no mistyped form.
 */
export const drainLimit = 32 * megabyte;

/**
 * The path of `request` in any language (`/es/petadmin/create` is `/petadmin/create`): the limits are
 * about the page, whatever language it is read in (issue 39).
 */
const pageOf = (request: Request) => unprefixedPath(new URL(request.url).pathname);

/** The pet form's pages, and the single-fetch URLs its JavaScript posts to. */
const photoFormPaths = new Set(["/petadmin/create", "/petadmin/edit", "/petadmin/create.data", "/petadmin/edit.data"]);

/** Whether `request` goes to the pet form, whose photos need the large limit (for staff only). */
export function isPhotoFormRequest(request: Request): boolean {
  return photoFormPaths.has(pageOf(request));
}

/** "My foster pets", where a foster posts a note with photos, and its single-fetch URL. */
const fosterNotePaths = new Set(["/foster/pets", "/foster/pets.data"]);

export function isFosterNoteRequest(request: Request): boolean {
  return fosterNotePaths.has(pageOf(request));
}

/** The lost and found report form, and its single-fetch URL. */
const lostFoundReportPaths = new Set(["/lost-found/report", "/lost-found/report.data"]);

/** A follow-up's one-tap answer page, and its single-fetch URL. */
const careAnswerPaths = new Set(["/care/answer", "/care/answer.data"]);

/** An application's inbox item (where staff upload a paper contract's scan), and its single-fetch URL. */
export function isPapersScanRequest(request: Request): boolean {
  return /^\/petadmin\/inbox\/application\/\d{1,9}(?:\.data)?$/.test(pageOf(request));
}

/** Whether `request` goes to a staff page (Pet Admin and everything under it, single-fetch URLs too). */
export function isStaffRequest(request: Request): boolean {
  return /^\/petadmin(?:[./]|$)/.test(pageOf(request));
}

/** What the body limit needs to know of the sender: staff or not, and whether they may save pets. */
export interface Sender {
  staff: boolean;
  mayPostPhotos: boolean;
  /**
   * A foster with a pet at home now (an open placement): only they may send a note with photos.
   * Asked only for a post to "My foster pets", before its body is read (issue 39).
   */
  fostering?: boolean;
}

/**
 * The limit of `request`: the pet form's for staff who may save pets, a note's for a foster with an
 * open placement, the small one for everyone else, strangers posting to the pet form included
 * (issue 22: their body is never worth reading), and any signed-in account without a pet at home.
 */
export function bodyLimitOf(request: Request, sender: Sender): number {
  if (isProviderWebhook(request)) return bodyLimits.providerWebhook;
  if (sender.fostering && isFosterNoteRequest(request)) return bodyLimits.fosterNote;
  if (lostFoundReportPaths.has(pageOf(request))) return bodyLimits.lostFoundReport;
  if (careAnswerPaths.has(pageOf(request))) return bodyLimits.careAnswer;
  if (sender.staff && isPapersScanRequest(request)) return bodyLimits.papersScan;
  return sender.mayPostPhotos && isPhotoFormRequest(request) ? bodyLimits.photoForm : bodyLimits.form;
}

/**
 * The 413 for a form that JavaScript posted to its single-fetch URL (`….data`): Remix's client reads
 * only turbo-stream there, and an HTML page would reach the error boundary as "could not decode",
 * a 500. This is the action result `{ error: ErrorResponse(413) }` in turbo-stream's format (2.x, as
 * Remix encodes it), so the page's error boundary shows the friendly 413 text (components/error-page).
 */
export function tooLargeForScript(): Response {
  const encoded = JSON.stringify([
    { _1: 2 },
    "error",
    ["ErrorResponse", 3, 4, 5],
    "too-large",
    413,
    "Payload Too Large",
  ]);
  return new Response(`${encoded}\n`, {
    status: 413,
    headers: { "Content-Type": "text/x-script", "Cache-Control": "no-store" },
  });
}

const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

function tooLarge(limit: number, stranger: boolean, request: Request): Response {
  if (isDataRequest(request)) return tooLargeForScript();
  if (stranger) {
    return refusalPage(413, "This form was too large to accept", [
      `This form is for signed-in shelter staff, and what was sent is larger than a visitor's form may be (${limit / kilobyte} KB), so nothing was saved.`,
      `If you are staff, please <a href="/sign-in">sign in</a> and send the form again.`,
    ]);
  }
  if (limit === bodyLimits.photoForm) {
    return refusalPage(413, "These photos are too large to send at once", [
      `A pet can have at most ${photoLimits.perPet} photos of up to ${photoLimits.maxBytes / megabyte} MB each, so nothing was saved.`,
      "Please go back, choose fewer or smaller photos and save the pet again.",
    ]);
  }
  return refusalPage(413, "This form was too large to accept", [
    `What was sent is larger than any of our forms needs (${limit / kilobyte} KB), so nothing was saved.`,
    `Please go back, shorten what you typed and send the form again, or start again from <a href="/">the ${shelter.name} home page</a>.`,
  ]);
}

/** Reads `body` and throws it away, up to `upTo` bytes; past that it is cancelled. */
async function drain(body: ReadableStream<Uint8Array>, upTo: number): Promise<void> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > upTo) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The sender gave up or the body broke off: nothing is left to read.
  }
}

/**
 * Answers `request` with `handler` unless its body is larger than its form needs. A declared
 * Content-Length over the limit is refused without the handler seeing the body, which is read and
 * thrown away (see `drainLimit`) so that the sender gets to read the refusal. A body without one
 * (chunked) is counted while it streams and cut off once it passes the limit: the handler then reads
 * a broken body (a form that cannot be read changes nothing), and its answer is replaced by the 413.
 *
 * `sender` says who is asking; it is asked (one session lookup, which the request's loaders then
 * reuse) only for a body sent to a staff page or to "My foster pets" (the note of a foster with a pet
 * at home may carry three photos, decision 053). A stranger's body there is held to the small limit
 * (issue 22): past it, the handler never sees it and it is drained like any refused body (not
 * draining it was tried: the client's write then fails with a reset and it never reads the 413).
 */
export async function withinBodyLimit(
  request: Request,
  handler: (request: Request) => Promise<Response>,
  sender: () => Promise<Sender> = async () => ({ staff: false, mayPostPhotos: false }),
): Promise<Response> {
  if (!request.body) return handler(request);
  const asks = isStaffRequest(request) || isFosterNoteRequest(request);
  const who = asks
    ? await sender().catch(() => ({ staff: false, mayPostPhotos: false }))
    : { staff: false, mayPostPhotos: false };
  const stranger = isStaffRequest(request) && !who.staff;
  const limit = bodyLimitOf(request, who);
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    if (Number(declared) <= limit) return handler(request);
    await drain(request.body, drainLimit);
    return tooLarge(limit, stranger, request);
  }

  let received = 0;
  let exceeded = false;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received > limit) {
        exceeded = true;
        controller.error(new Error(`The request body passed ${limit} bytes.`));
      } else {
        controller.enqueue(chunk);
      }
    },
  });
  request.body.pipeTo(counted.writable).catch(() => {
    // The limit cut the body off; the reader of `counted.readable` sees the error.
  });
  const limited = new Request(request, { body: counted.readable, duplex: "half" } as RequestInit);
  try {
    const response = await handler(limited);
    return exceeded ? tooLarge(limit, stranger, request) : response;
  } catch (error) {
    if (exceeded) return tooLarge(limit, stranger, request);
    throw error;
  }
}
