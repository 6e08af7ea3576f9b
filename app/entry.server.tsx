import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { I18nProvider } from "@lingui/react";
import type { I18n } from "@lingui/core";
import type { ReactElement } from "react";
import { NonceProvider } from "#app/components/nonce";
import { StaticHtmlContext, type StaticHtml } from "#app/components/static-view";
import { i18nOf } from "#app/locales/catalogs.server";
import { replyMessages, replyMessagesElement } from "#app/locales/reply-messages";
import { personalCacheControl } from "#app/lib/http/http-cache";
import { isUploadRequest, uploadAnswerOf } from "#app/lib/photos/upload-answer";

const ABORT_DELAY = 5_000;

/**
 * An error page caused by D1 or R2 being unavailable answers 503 (try again soon), not 500 (our bug).
 * The page itself is the same friendly one: no message, no stack.
 */
export function statusAfterStorageFailure(status: number, loadContext: AppLoadContext) {
  return status === 500 && loadContext.storage?.failed ? 503 : status;
}

/** The same for the data requests of client-side navigations (single fetch). */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  const status = statusAfterStorageFailure(response.status, context);
  if (status === response.status) return response;
  return new Response(response.body, { status, statusText: "Service Unavailable", headers: response.headers });
}

/**
 * The HTML of static parts that are the same on every page of a language (the footer) or for the same
 * props (a pet card's facts), rendered once per isolate (components/static-view.tsx, decision 045): a
 * footer per language and year, a card's facts per pet, language and facts, an adopt list's content per
 * loader data, address and viewer (components/kept-part.tsx). At most `staticPartsKept` parts and
 * `staticCharsKept` characters of keys and HTML (an isolate has 128 MB): the oldest kept goes first (it
 * is rendered again when next shown).
 */
const staticParts = new Map<string, string>();
const staticPartsKept = 2_000;
const staticCharsKept = 4_000_000;
let staticChars = 0;

function keepPart(key: string, html: string) {
  const size = key.length + html.length;
  if (size > staticCharsKept) return;
  const before = staticParts.get(key);
  if (before !== undefined) {
    staticParts.delete(key);
    staticChars -= key.length + before.length;
  }
  while (staticParts.size > 0 && (staticParts.size >= staticPartsKept || staticChars + size > staticCharsKept)) {
    const [oldKey, oldHtml] = staticParts.entries().next().value!;
    staticParts.delete(oldKey);
    staticChars -= oldKey.length + oldHtml.length;
  }
  staticParts.set(key, html);
  staticChars += size;
}

/** Keys seen once and not kept yet, bounded by `seenCharsKept` characters (the oldest forgotten first). */
const seenOnce = new Set<string>();
const seenCharsKept = 1_000_000;
let seenChars = 0;

/** Whether `key` was seen before (then it is forgotten here, to be kept); else it is noted as seen once. */
function seenAgain(key: string): boolean {
  if (seenOnce.delete(key)) {
    seenChars -= key.length;
    return true;
  }
  if (key.length > seenCharsKept) return false;
  while (seenOnce.size > 0 && seenChars + key.length > seenCharsKept) {
    const oldest = seenOnce.values().next().value!;
    seenOnce.delete(oldest);
    seenChars -= oldest.length;
  }
  seenOnce.add(key);
  seenChars += key.length;
  return false;
}

/** How many parts named `name` (a `KeptPart`'s) this isolate keeps: for tests. */
export function keptPartsNamed(name: string): number {
  let count = 0;
  for (const key of staticParts.keys()) if (key.startsWith(`${name}\u0000`)) count += 1;
  return count;
}

/** This request's view of the kept parts; a part not kept yet is rendered on its own (`pending`, awaited before the answer). */
function staticHtmlOf(i18n: I18n): StaticHtml & { pending: Promise<void>[] } {
  const pending: Promise<void>[] = [];
  return {
    pending,
    get: (key) => staticParts.get(key),
    keep(key, element: ReactElement) {
      // A part is rendered on its own only when its key comes a second time: the first time, the page's own
      // render is all it costs, so an address or a viewer seen once (a signed-in visitor's page, a list with
      // one-off filters) pays no second render (decision 045, amended 2026-11-29, later).
      if (!seenAgain(key)) return;
      pending.push(
        renderedHtml(<I18nProvider i18n={i18n}>{element}</I18nProvider>).then(
          (html) => keepPart(key, html),
          // The page itself has the part rendered inline; the next page tries again.
          (error: unknown) => console.error("static part not kept", error),
        ),
      );
    },
  };
}

async function renderedHtml(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  await stream.allReady;
  return new Response(stream).text();
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The pet form's upload by XHR gets its action's answer as JSON, not the page (decision 038). Only under
  // the Vite dev server: the Worker sends uploads to the action alone (server/upload-answer.ts), no loaders.
  const upload = isUploadRequest(request)
    ? uploadAnswerOf(Object.values(remixContext.staticHandlerContext.actionData ?? {})[0])
    : null;
  if (upload) {
    responseHeaders.set("Content-Type", "application/json; charset=utf-8");
    responseHeaders.set("X-Content-Type-Options", "nosniff");
    responseHeaders.set("Cache-Control", personalCacheControl);
    return new Response(JSON.stringify(upload), {
      headers: responseHeaders,
      status: statusAfterStorageFailure(responseStatusCode, loadContext),
    });
  }
  // The Worker renders every page with a fresh Content-Security-Policy nonce (decision 016).
  const nonce = loadContext.cspNonce || undefined;
  responseStatusCode = statusAfterStorageFailure(responseStatusCode, loadContext);
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const i18n = i18nOf(request);
  const staticHtml = staticHtmlOf(i18n);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce ?? ""}>
      {/* The page's language is its address's (decision 057). */}
      <I18nProvider i18n={i18n}>
        <StaticHtmlContext.Provider value={staticHtml}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StaticHtmlContext.Provider>
      </I18nProvider>
    </NonceProvider>,
    {
      nonce,
      // Never sent in pieces for a script to put in place: a page without JavaScript must arrive whole.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );

  // Every visitor gets the whole document at once, so it works without JavaScript: the only thing
  // that suspends is a view's code (React.lazy on /match), which the server has at hand.
  await body.allReady;
  clearTimeout(timeoutId);
  await Promise.all(staticHtml.pending);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  // A form's reply in the page: the messages it names, which the browser's catalogues may not hold
  // until the form's check loads (decision 059). After the document, where the parser puts it at the
  // end of the body; the browser reads and removes it before hydrating.
  const replied = replyMessages(i18n, remixContext.staticHandlerContext.actionData);
  // The whole document is ready: sent as one buffer rather than the renderer's stream of small chunks,
  // which workerd would pump through JavaScript one by one (decision 045, amended 2026-11-28).
  const page =
    Object.keys(replied).length === 0
      ? await new Response(body).arrayBuffer()
      : body.pipeThrough(appending(replyMessagesElement(replied)));
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}

/** A stream that passes the page through and adds `html` at its end. */
function appending(html: string): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    flush(controller) {
      controller.enqueue(new TextEncoder().encode(html));
    },
  });
}
