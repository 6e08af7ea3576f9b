import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { petFeedResponse } from "#app/services/pet-feed.server";

/** /adopt/feed.xml: newly listed pets of every species, for feed readers, partners and newsletters. */
export function loader({ context }: LoaderFunctionArgs) {
  return petFeedResponse(context, { path: "/adopt/feed.xml", title: "Newly listed pets" });
}
