import { shelter } from "#app/config/shelter";
import { photoLimits } from "#app/lib/pet-form";
import { refusalPage } from "./security";

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
} as const;

/**
 * How much of a refused body is read and thrown away before the 413 is sent. A browser still
 * sending its form when the server answers and closes the connection shows "connection reset"
 * instead of our page (nginx's "lingering close" exists for the same reason), so a refused body is
 * drained, up to this much; past it the connection is cut, and what is that large is no mistyped form.
 */
export const drainLimit = 32 * megabyte;

/** The pet form's pages, and the single-fetch URLs its JavaScript posts to. */
const photoFormPaths = new Set(["/petadmin/create", "/petadmin/edit", "/petadmin/create.data", "/petadmin/edit.data"]);

export function bodyLimitOf(request: Request): number {
  return photoFormPaths.has(new URL(request.url).pathname) ? bodyLimits.photoForm : bodyLimits.form;
}

function tooLarge(limit: number): Response {
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

/** Reads `body` and throws it away, up to `drainLimit` bytes; past that it is cancelled. */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > drainLimit) {
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
 */
export async function withinBodyLimit(request: Request, handler: (request: Request) => Promise<Response>): Promise<Response> {
  if (!request.body) return handler(request);
  const limit = bodyLimitOf(request);
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    if (Number(declared) <= limit) return handler(request);
    await drain(request.body);
    return tooLarge(limit);
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
    return exceeded ? tooLarge(limit) : response;
  } catch (error) {
    if (exceeded) return tooLarge(limit);
    throw error;
  }
}
