import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serviceWorkerScript } from "#app/service-worker/source.server";

/**
 * The offline service worker's script at /sw.js, so its scope is the whole site (decision 050). Never
 * kept by a cache: the browser compares it on every check, and a new build's script replaces the old.
 */
export function loader({ context }: LoaderFunctionArgs) {
  return new Response(serviceWorkerScript(context.config.serviceWorker, context.assetsVersion ?? "dev"), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
