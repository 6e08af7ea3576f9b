import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { robotsTxt } from "#app/lib/http/search-files";

/** /robots.txt: the sitemap's address, and staff and personal pages kept out (decision 043). */
export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.config.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
