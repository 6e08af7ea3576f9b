import { drizzle } from "drizzle-orm/d1";
import { resilientD1, type OnStorageFailure } from "./resilient-bindings.server";
import * as schema from "./schema";

/** Drizzle on the D1 binding, with reads retried and failures reported (resilient-bindings.server.ts). */
export function createDb(d1: D1Database, onFailure: OnStorageFailure = () => {}) {
  return drizzle(resilientD1(d1, onFailure), { schema });
}

export type Database = ReturnType<typeof createDb>;
