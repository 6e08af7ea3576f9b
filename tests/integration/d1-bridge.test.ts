import { Miniflare } from "./miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedD1, d1BridgeScript } from "./d1-bridge";

// The tests' D1 binding (d1-bridge.ts) answers as Miniflare's own proxy of workerd's binding does: the
// same rows, values, errors and bookmarks, on the same database.
let miniflare: Miniflare;
let proxied: D1Database;
let bridged: D1Database;
beforeAll(async () => {
  miniflare = new Miniflare({ modules: true, script: d1BridgeScript, d1Databases: { DB: "bridge-test" } });
  proxied = (await miniflare.getD1Database("DB")) as unknown as D1Database;
  bridged = bridgedD1(async (body) =>
    (await miniflare.dispatchFetch("http://d1-bridge.local/", { method: "POST", body })).text(),
  );
  await proxied.exec(
    "create table things (id integer primary key, name text not null unique, size real, data blob, flag integer)",
  );
});
afterAll(() => miniflare?.dispose());

/** What a call gave: its value, or its error's name, message and cause. */
async function outcome(call: () => unknown) {
  try {
    return { value: await call() };
  } catch (error) {
    const { name, message, cause } = error as Error;
    return { error: { name, message, cause: (cause as Error | undefined)?.message } };
  }
}

/** A result with its timings left out (they differ from call to call). */
function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !["duration", "timings", "sql_duration_ms", "size_after"].includes(key))
        .map(([key, item]) => [key, withoutTimings(item)]),
    );
  return value;
}

/** Runs `call` on both bindings, each on a database in the same state, and expects the same outcome. */
async function same(call: (db: D1Database) => unknown, reset = "delete from things") {
  await proxied.exec(reset);
  const viaProxy = withoutTimings(await outcome(() => call(proxied)));
  await proxied.exec(reset);
  const viaBridge = withoutTimings(await outcome(() => call(bridged)));
  expect(viaBridge).toEqual(viaProxy);
  return viaBridge;
}

const insert = (db: D1Database, name: string, ...rest: unknown[]) =>
  db
    .prepare("insert into things (name, size, data, flag) values (?, ?, ?, ?)")
    .bind(name, ...rest)
    .run();

describe("the bridged D1 binding", () => {
  it("writes and reads every kind of value alike", async () => {
    const read = await same(async (db) => {
      await insert(db, "bytes", 1.5, new Uint8Array([0, 1, 255]), true);
      await insert(db, "buffer", -2, new Uint8Array([7, 8]).buffer, false);
      await insert(db, "array", 0, [3, 4], null);
      await insert(db, "text", 2 ** 40, "not bytes", 0);
      await insert(db, "ünï😀\u2028", null, null, null);
      const statement = db.prepare("select * from things order by id");
      return [
        await statement.all(),
        await statement.raw(),
        await statement.raw({ columnNames: true }),
        await statement.first(),
        await statement.first("name"),
        await db.prepare("select * from things where id = ?").bind(99).first(),
        await db.prepare("select count(*) as n from things where size > ?").bind(0).first("n"),
      ];
    });
    expect((read as { value: unknown[] }).value).toHaveLength(7);
  });

  it("reports writes (changes, last row id) alike", async () => {
    await same(async (db) => [
      await insert(db, "one", 1, null, 1),
      await insert(db, "two", 2, null, 1),
      await db.prepare("update things set flag = 0 where flag = ?").bind(1).run(),
      await db.prepare("delete from things where name = ?").bind("none").run(),
    ]);
  });

  it("runs batches alike, and a failing batch writes nothing", async () => {
    await same(async (db) => [
      await db.batch([
        db.prepare("insert into things (name) values (?)").bind("a"),
        db.prepare("insert into things (name) values (?)").bind("b"),
        db.prepare("select name from things order by name"),
      ]),
      await outcome(() =>
        db.batch([
          db.prepare("insert into things (name) values (?)").bind("c"),
          db.prepare("insert into things (name) values (?)").bind("a"),
        ]),
      ),
      await db.prepare("select name from things order by name").all(),
    ]);
  });

  it("throws the same errors", async () => {
    const errors = await same(async (db) => [
      await outcome(async () => {
        await insert(db, "twice", 1, null, 1);
        await insert(db, "twice", 1, null, 1);
      }),
      await outcome(() => db.prepare("select nothing from nowhere").all()),
      await outcome(() => db.prepare("select * from things").first("missing")),
      await outcome(() => db.prepare("select ?").bind(undefined)),
      await outcome(() => db.prepare("select ?").bind({})),
      await outcome(() => db.prepare("select ?").bind([1, 2, 300])),
      await outcome(() => db.exec("insert into things (name) values ('x');\ninsert into nowhere values (1)")),
    ]);
    expect(JSON.stringify(errors)).toContain("UNIQUE constraint failed");
    expect(JSON.stringify(errors)).toContain("D1_TYPE_ERROR");
  });

  it("runs exec alike", async () => {
    await same(async (db) => [
      await db.exec("insert into things (name) values ('x');\ninsert into things (name) values ('y')"),
      await db.prepare("select name from things").raw(),
    ]);
  });

  it("keeps a session's bookmark as workerd's session does", async () => {
    const bookmarks = await same(async (db) => {
      const before = [
        db.withSession().getBookmark(),
        db.withSession("first-primary").getBookmark(),
        db.withSession(" ").getBookmark(),
        db.withSession("").getBookmark(),
      ];
      const session = db.withSession("first-primary");
      await session.prepare("insert into things (name) values (?)").bind("s").run();
      const afterWrite = session.getBookmark() ?? "";
      await session.batch([session.prepare("select * from things")]);
      const afterRead = session.getBookmark() ?? "";
      const later = db.withSession(afterWrite);
      const startedAt = later.getBookmark();
      const read = await later.prepare("select name from things").all();
      return {
        before,
        written: typeof afterWrite,
        // A session keeps the newest bookmark it has seen.
        newer: afterRead.localeCompare(afterWrite) >= 0 && (later.getBookmark() ?? "").localeCompare(afterWrite) >= 0,
        resumed: startedAt === afterWrite,
        rows: read.results,
        bookmarkOnBinding: "getBookmark" in db,
      };
    });
    expect(bookmarks).toMatchObject({ value: { written: "string", newer: true, resumed: true } });
  });
});
