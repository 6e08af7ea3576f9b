import { decode } from "turbo-stream";
import { personalCacheControl } from "#app/lib/http/http-cache";
import { uploadAnswerOf } from "#app/lib/photos/upload-answer";

/**
 * The pet form's upload by XHR (decision 038) answered from its action alone. Posted to the page's
 * address, it was a document request: Remix ran the action, then every loader of the page to render
 * it, and entry.server threw the page away for the JSON answer; the page then navigated and ran the
 * loaders again. Sent on as Remix's own action data request (single fetch, `<path>.data`), only the
 * action runs; its answer becomes the JSON the page reads (`{ location }` or `{ reply }` with the
 * action's status), a redirect a real one (the XHR follows it, as before), anything else a plain error.
 */
export async function answerUpload(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data`;
  const answered = await handle(new Request(url, request));
  const headers = new Headers({ "Cache-Control": personalCacheControl, "X-Content-Type-Options": "nosniff" });
  for (const cookie of answered.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  let value: unknown;
  try {
    value = answered.body ? (await decode(answered.body)).value : undefined;
  } catch {
    value = undefined;
  }
  const { data, redirect } = (typeof value === "object" && value !== null ? value : {}) as {
    data?: unknown;
    redirect?: unknown;
  };
  if (typeof redirect === "string") {
    headers.set("Location", redirect);
    return new Response(null, { status: 302, headers });
  }
  const upload = answered.ok || answered.status < 500 ? uploadAnswerOf(data) : null;
  if (upload) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(upload), { status: answered.status, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  const status = answered.status >= 400 ? answered.status : 500;
  return new Response("The upload could not be saved.", { status, headers });
}
