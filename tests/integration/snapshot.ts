/**
 * Rows of the database as one string, to compare before and after a request: a refused or failed
 * change must leave them as they were. Every read goes in one batch, so the rows agree with each other.
 */
export function snapshotStatements(db: D1Database, tables: readonly string[]): D1PreparedStatement[] {
  return tables.map((table) => db.prepare(`select * from "${table}" order by rowid`));
}

export const snapshotOf = (results: D1Result[]) => JSON.stringify(results.map((result) => result.results));

/**
 * Every table of the app (D1's and SQLite's own left out), by name. The page cache's tag index and its
 * purge times are left out too: page views and purges write them in the background, and they hold no
 * one's data (decision 034).
 */
export async function tableNames(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not in ('cached_page_tags', 'page_purges') order by name",
    )
    .all<{ name: string }>();
  return results.map(({ name }) => name);
}

/** The rows of `tables`, or of every table when none are named. */
export async function snapshot(db: D1Database, tables?: readonly string[]): Promise<string> {
  return snapshotOf(await db.batch(snapshotStatements(db, tables ?? (await tableNames(db)))));
}

/**
 * The rows of `tables` (every table when none are named) by table, read in one batch: for a test that
 * compares some tables apart (`before.pets`), where `snapshot` compares all of them at once.
 */
export async function snapshotTables(db: D1Database, tables?: readonly string[]): Promise<Record<string, unknown[]>> {
  const names = tables ?? (await tableNames(db));
  const results = await db.batch(snapshotStatements(db, names));
  return Object.fromEntries(names.map((table, index) => [table, results[index]!.results]));
}
