import type { PlatformProxy } from "wrangler";
import { createDb, type Database } from "./app/db/client.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    db: Database;
    photos: R2Bucket;
  }
}

/**
 * Builds what one request needs from the Worker's bindings. Bindings exist only per request on
 * Workers, so nothing here may be read at module scope.
 */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  const { env } = context.cloudflare;
  return {
    cloudflare: context.cloudflare,
    db: createDb(env.DB),
    photos: env.PHOTOS,
  };
}
