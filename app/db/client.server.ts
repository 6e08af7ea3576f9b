import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { resilientD1, type OnStorageFailure } from "./resilient-bindings.server";
import * as schema from "./schema";

type Schema = typeof schema;

/**
 * The relational view of the schema that `drizzle(d1, { schema })` works out on every call, worked
 * out once per isolate: profiling a page on local workerd showed it took a tenth of every request.
 */
let relational: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
function relationalSchema() {
  if (!relational) {
    const config = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: config.tables, tableNamesMap: config.tableNamesMap };
  }
  return relational;
}

/**
 * Drizzle on the D1 binding, with reads retried and failures reported (resilient-bindings.server.ts):
 * what `drizzle(client, { schema })` builds, from the schema's relational view made once.
 */
export function createDb(d1: D1Database, onFailure: OnStorageFailure = () => {}) {
  const client = resilientD1(d1, onFailure);
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(client, dialect, relationalSchema(), {});
  const db = new DrizzleD1Database<Schema>(
    "async",
    dialect,
    session as never,
    relationalSchema() as never,
  ) as DrizzleD1Database<Schema> & { $client: D1Database };
  db.$client = client;
  return db;
}

export type Database = ReturnType<typeof createDb>;
