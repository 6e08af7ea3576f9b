import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPet } from "#tests/builders/pets";
import { bundleOnce } from "#tests/integration/built-worker";
import { applyMigrations, localD1 } from "#tests/integration/migrated-d1";
import { serveWithD1Apart, type D1ApartServer } from "./d1-apart";

/** The SQLite files a process holds open (its D1 databases). */
function openDatabases(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.endsWith(".sqlite") ? [target] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The bench's server for CPU figures (decision 045, amended 2026-11-29): the production Worker whose D1
 * runs in a workerd process of its own. What the figure rests on: the Worker's process answers the
 * pages and holds no database, and the queries run in the other process, on the state it was given.
 */
describe("serveWithD1Apart", () => {
  let server: D1ApartServer;
  let persistTo: string;

  beforeAll(async () => {
    const bundle = await bundleOnce();
    // A state in `wrangler dev`'s layout, its database under wrangler.toml's id, as the bench's is, with
    // a dog in it before the server starts: the list must show it, read from this state.
    persistTo = mkdtempSync(path.join(tmpdir(), "sequoia-d1-apart-"));
    const seeding = await localD1(persistTo);
    await applyMigrations(seeding.db);
    await insertPet(seeding.db, { name: "Apartment Dog", species: "Dog", breed: ["Beagle"] });
    await seeding.dispose();
    server = await serveWithD1Apart({ persistTo, port: 0, bundle });
  }, 600_000);

  afterAll(async () => {
    await server?.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  });

  it("answers pages that read D1, with the database open in D1's process only", async () => {
    expect(server.pids.worker).not.toBe(server.pids.d1);
    const healthz = await fetch(`${server.origin}/healthz`);
    expect(await healthz.text()).toBe("ok");

    // The statistics page reads its stored figures (and stores them) through the D1 binding.
    const page = await fetch(`${server.origin}/statistics`, { headers: { Cookie: "bench=1" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1");

    const databases = openDatabases(server.pids.d1);
    expect(databases.some((file) => file.startsWith(path.join(persistTo, "v3", "d1")))).toBe(true);
    // Miniflare's own index of the (unused) namespace aside, the Worker's process holds no database.
    const d1Files = (pid: number) =>
      openDatabases(pid).filter((file) => file.includes("D1DatabaseObject") && !file.endsWith("/metadata.sqlite"));
    expect(d1Files(server.pids.d1)).toHaveLength(1);
    expect(d1Files(server.pids.worker)).toEqual([]);
  });

  it("reads the state it was given", async () => {
    const list = await fetch(`${server.origin}/adopt/dog`, { headers: { Cookie: "bench=1" } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Apartment Dog");
  });
});
