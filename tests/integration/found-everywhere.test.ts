import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import FtpSrv from "ftp-srv";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptapetColumns, petfinderColumns } from "#app/lib/http/syndication";
import { crons } from "#server/scheduled";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { insertPet } from "../builders/pets";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";

/**
 * Found everywhere (decision 043), on the production bundle: the sitemap, robots.txt, canonical links,
 * JSON-LD, Atom feeds and share images, and the nightly partner uploads from the production bundle on workerd, over its TCP
 * sockets, to a real FTP server (ftp-srv) on 127.0.0.1 standing in for Petfinder's and Adopt-a-Pet's.
 * The test decides per account whether the server refuses the login or drops the connection.
 */
const accounts = {
  petfinder: { user: "CA9999", password: "pf-secret" },
  adoptapet: { user: "sequoia-aap", password: "aap-secret" },
};
let worker: BuiltWorker;
let ftp: FtpSrv;
let roots: { petfinder: string; adoptapet: string };
const misbehave = new Map<string, "refuse" | "drop">();

beforeAll(async () => {
  const base = mkdtempSync(path.join(tmpdir(), "sequoia-ftp-"));
  roots = { petfinder: path.join(base, "petfinder"), adoptapet: path.join(base, "adoptapet") };
  mkdirSync(path.join(roots.petfinder, "import"), { recursive: true });
  mkdirSync(roots.adoptapet, { recursive: true });
  // Passive ports of its own (partner-ftps.test.ts says why two servers must not share a range).
  ftp = new FtpSrv({
    url: "ftp://127.0.0.1:0",
    pasv_url: "127.0.0.1",
    pasv_min: 20000,
    pasv_max: 24999,
    anonymous: false,
    log: quietLog(),
  });
  ftp.on("login", ({ connection, username, password }, resolve, reject) => {
    const account = Object.entries(accounts).find(([, value]) => value.user === username);
    const mode = misbehave.get(username);
    if (mode === "drop") {
      // The connection goes away mid-session, as a network fault or a crashed server would.
      (connection as unknown as { commandSocket: { destroy: () => void } }).commandSocket.destroy();
      return;
    }
    if (!account || account[1].password !== password || mode === "refuse") return reject(new Error("Login incorrect"));
    resolve({ root: roots[account[0] as keyof typeof roots] });
  });
  await ftp.listen();
  const { port } = (ftp as unknown as { server: { address: () => AddressInfo } }).server.address();
  worker = await startBuiltWorker({
    SITE_URL: "https://sequoia.test",
    PETFINDER_FTP_HOST: `127.0.0.1:${port}`,
    PETFINDER_FTP_USER: accounts.petfinder.user,
    PETFINDER_FTP_PASSWORD: accounts.petfinder.password,
    ADOPTAPET_FTP_HOST: `127.0.0.1:${port}`,
    ADOPTAPET_FTP_USER: accounts.adoptapet.user,
    ADOPTAPET_FTP_PASSWORD: accounts.adoptapet.password,
    // This server speaks plain FTP; FTPS has its own test (partner-ftps.test.ts).
    PETFINDER_FTP_TLS: "none",
    ADOPTAPET_FTP_TLS: "none",
  });
  return () => rmSync(base, { recursive: true, force: true });
}, 180_000);
afterAll(async () => {
  await worker?.dispose();
  await ftp?.close();
});

function quietLog() {
  const noop = () => {};
  const log = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, child: () => log };
  return log as never;
}

const petfinderFile = () => path.join(roots.petfinder, "import", `${accounts.petfinder.user}.csv`);
const adoptapetFile = () => path.join(roots.adoptapet, "pets.csv");
const readCsv = (file: string) =>
  parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const runs = async () =>
  (
    await worker.db
      .prepare("select partner, ok, pet_count, error, unknown_breeds from syndication_runs order by id")
      .all<{ partner: string; ok: number; pet_count: number; error: string | null; unknown_breeds: string }>()
  ).results;
const nightly = (at: string) => worker.scheduled(crons.nightly, new Date(at));

describe("the nightly partner uploads", () => {
  it("send both partners' files with exactly the listed pets, held ones only where the format has a hold, and drop a pet adopted since", async () => {
    const cat = await insertPet(worker.db, {
      name: "Biscuit",
      species: "Cat",
      breed: ["Domestic_Medium_Hair"],
      ageMonths: 4,
      weightLbs: 6,
      sex: "Male",
      characteristics: ["No_Dogs"],
      images: ["biscuit-abc.jpg", "biscuit-def.jpg"],
      about: 'Purrs.\nLoves laps, "a lot".',
    });
    const dog = await insertPet(worker.db, {
      name: "Rex",
      species: "Dog",
      breed: ["Mix", "Labrador"],
      ageMonths: 40,
      weightLbs: 70,
      sex: "Male",
      characteristics: ["No_kids_under_10", "No_Cats"],
      adoptionFee: 150,
    });
    const odd = await insertPet(worker.db, {
      name: "Tank",
      species: "Dog",
      breed: ["Bulldog"],
      ageMonths: 130,
      weightLbs: 110,
      sex: "Female",
    });
    const held = await insertPet(worker.db, {
      name: "Waits",
      species: "Cat",
      onHoldEmail: "keeper@example.com",
      onHoldDate: new Date("2026-11-23T18:00:00Z"),
      onHoldUntil: new Date("2026-11-26T01:00:00Z"),
    });
    await insertPet(worker.db, {
      name: "Home",
      species: "Dog",
      adoptedEmail: "home@example.com",
      adoptedDate: new Date("2026-11-20T18:00:00Z"),
    });

    expect(await nightly("2026-11-24T10:30:00Z")).toMatchObject({ outcome: "ok" });

    const petfinder = readCsv(petfinderFile());
    expect(Object.keys(petfinder[0]!)).toEqual([...petfinderColumns]);
    expect(petfinder.map((row) => row.ID).sort()).toEqual([cat, dog, odd, held].map((pet) => pet.animalId).sort());
    const byId = (id: string) => petfinder.find((row) => row.ID === id)!;
    expect(byId(cat.animalId)).toMatchObject({
      AnimalName: "Biscuit",
      Type: "Cat",
      PrimaryBreed: "Domestic Medium Hair",
      Sex: "M",
      Size: "S",
      Age: "Baby",
      Status: "A",
      NoDogs: "1",
      NoCats: "",
      NoKids: "",
      Mix: "",
      Desc: 'Purrs.&#10;Loves laps, "a lot".',
      photo1: "https://sequoia.test/photos/biscuit-abc-720w.jpg",
      photo2: "https://sequoia.test/photos/biscuit-def-720w.jpg",
      photo3: "",
    });
    expect(byId(dog.animalId)).toMatchObject({
      PrimaryBreed: "Labrador Retriever",
      Mix: "1",
      Size: "L",
      Age: "Adult",
      NoKids: "1",
      NoCats: "1",
      NoDogs: "",
      adoption_fee: "150.00",
    });
    expect(byId(odd.animalId)).toMatchObject({ PrimaryBreed: "Mixed Breed", Size: "XL", Age: "Senior", Sex: "F" });
    expect(byId(held.animalId)).toMatchObject({ Status: "H" });

    const adoptapet = readCsv(adoptapetFile());
    expect(Object.keys(adoptapet[0]!)).toEqual([...adoptapetColumns]);
    expect(adoptapet.map((row) => row.Id).sort()).toEqual([cat, dog, odd].map((pet) => pet.animalId).sort());
    expect(adoptapet.find((row) => row.Id === dog.animalId)).toMatchObject({
      Animal: "Dog",
      Breed: "Labrador Retriever",
      Purebred: "0",
      Size: "L",
      GoodWKids: "0",
      GoodWCats: "0",
      GoodWDogs: "",
      Status: "Available",
    });
    expect(adoptapet.find((row) => row.Id === odd.animalId)).toMatchObject({
      Breed: "Mixed Breed (Large)",
      Purebred: "1",
    });
    expect(adoptapet.find((row) => row.Id === cat.animalId)).toMatchObject({
      Breed: "Domestic Mediumhair",
      Size: "",
      Description: 'Purrs.<br>Loves laps, "a lot".',
    });
    // import.cfg declares each pets.csv column in order, as Adopt-a-Pet reads it.
    const cfg = readFileSync(path.join(roots.adoptapet, "import.cfg"), "utf8")
      .split(/\r\n/)
      .filter((line) => line.startsWith("#"));
    expect(cfg).toEqual(adoptapetColumns.map((column, index) => `#${index + 1}:${column}=${column}`));

    expect(await runs()).toEqual([
      {
        partner: "petfinder",
        ok: 1,
        pet_count: 4,
        error: null,
        unknown_breeds: JSON.stringify(["Tank: Bulldog (Dog) → Mixed Breed"]),
      },
      {
        partner: "adoptapet",
        ok: 1,
        pet_count: 3,
        error: null,
        unknown_breeds: JSON.stringify(["Tank: Bulldog (Dog) → Mixed Breed (Large)"]),
      },
    ]);

    // Rex goes home during the day: the next night's files no longer have him, so the partners remove him.
    await worker.db
      .prepare("update pets set adopted_email = 'rex@example.com', adopted_date = ? where id = ?")
      .bind(Date.parse("2026-11-24T20:00:00Z"), dog.id)
      .run();
    expect(await nightly("2026-11-25T10:30:00Z")).toMatchObject({ outcome: "ok" });
    expect(
      readCsv(petfinderFile())
        .map((row) => row.ID)
        .sort(),
    ).toEqual([cat, odd, held].map((pet) => pet.animalId).sort());
    expect(
      readCsv(adoptapetFile())
        .map((row) => row.Id)
        .sort(),
    ).toEqual([cat, odd].map((pet) => pet.animalId).sort());
    await worker.db.prepare("delete from syndication_runs").run();
  });

  it('leaves out a pet placed with a foster "not listed", held or not, from both partners\' files, the sitemap and the feeds', async () => {
    const fosterAccount = await createAccount(worker.db, { email: "quiet-foster@example.com" });
    const foster = await insertFoster(worker.db, fosterAccount.id, "active");
    const place = (petId: number, listed: boolean) =>
      worker.db
        .prepare(
          "insert into foster_placements (pet_id, foster_id, listed, started_at, created_at) values (?, ?, ?, ?, ?)",
        )
        .bind(petId, foster, listed ? 1 : 0, Date.now(), Date.now())
        .run();
    const heldAway = await insertPet(worker.db, {
      name: "Heldaway",
      species: "Cat",
      onHoldEmail: "keeper2@example.com",
      onHoldDate: new Date("2026-11-27T18:00:00Z"),
      onHoldUntil: new Date("2026-11-30T01:00:00Z"),
      listedAt: new Date("2026-11-27T12:00:00Z"),
    });
    const away = await insertPet(worker.db, {
      name: "Awayhome",
      species: "Cat",
      listedAt: new Date("2026-11-27T12:00:00Z"),
    });
    const heldShown = await insertPet(worker.db, {
      name: "Heldshown",
      species: "Dog",
      onHoldEmail: "keeper3@example.com",
      onHoldDate: new Date("2026-11-27T18:00:00Z"),
      onHoldUntil: new Date("2026-11-30T01:00:00Z"),
    });
    const shown = await insertPet(worker.db, {
      name: "Fostershown",
      species: "Dog",
      listedAt: new Date("2026-11-27T12:00:00Z"),
    });
    await place(heldAway.id, false);
    await place(away.id, false);
    await place(heldShown.id, true);
    await place(shown.id, true);

    expect(await nightly("2026-11-28T10:30:00Z")).toMatchObject({ outcome: "ok" });
    const petfinderIds = readCsv(petfinderFile()).map((row) => row.ID);
    const adoptapetIds = readCsv(adoptapetFile()).map((row) => row.Id);
    for (const hidden of [heldAway, away]) {
      expect(petfinderIds).not.toContain(hidden.animalId);
      expect(adoptapetIds).not.toContain(hidden.animalId);
    }
    // Placed and still listed: sent as before (held only where the format has a hold).
    expect(readCsv(petfinderFile()).find((row) => row.ID === heldShown.animalId)).toMatchObject({ Status: "H" });
    expect(petfinderIds).toContain(shown.animalId);
    expect(adoptapetIds).toContain(shown.animalId);

    const sitemap = (await text("/sitemap.xml")).body;
    const feeds = await Promise.all(
      ["/adopt/feed.xml", "/adopt/cat/feed.xml", "/adopt/dog/feed.xml"].map(async (url) => (await text(url)).body),
    );
    for (const hidden of [heldAway, away, heldShown]) {
      expect(sitemap).not.toContain(`/adopt/pet?pet_id=${hidden.id}<`);
      for (const feed of feeds) expect(feed).not.toContain(`pet_id=${hidden.id}<`);
    }
    expect(sitemap).toContain(`/adopt/pet?pet_id=${shown.id}<`);
    expect(feeds[0]).toContain(`pet_id=${shown.id}<`);
    await worker.db
      .prepare("update foster_placements set ended_at = ? where foster_id = ?")
      .bind(Date.now(), foster)
      .run();
    await worker.db.prepare("delete from syndication_runs").run();
  });

  it("sends every field of both files on one line and never as a formula, whatever staff typed", async () => {
    const typed = await insertPet(worker.db, {
      name: '=HYPERLINK("https://evil.example")\nRex',
      species: "Dog",
      breed: ["Boxer"],
      about: "-2+3 treats\r\na day",
    });
    expect(await nightly("2026-11-28T11:30:00Z")).toMatchObject({ outcome: "ok" });
    for (const [file, idColumn, nameColumn] of [
      [petfinderFile(), "ID", "AnimalName"],
      [adoptapetFile(), "Id", "Name"],
    ] as const) {
      const content = readFileSync(file, "utf8");
      for (const line of content.split("\r\n")) expect(line).not.toMatch(/[\r\n]/);
      const rows = readCsv(file);
      for (const row of rows) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
      expect(rows.find((row) => row[idColumn] === typed.animalId)?.[nameColumn]).toBe(
        `'=HYPERLINK("https://evil.example") Rex`,
      );
    }
    expect(readCsv(petfinderFile()).find((row) => row.ID === typed.animalId)?.Desc).toBe("'-2+3 treats&#10;a day");
    await worker.db.prepare("update pets set deleted_at = ? where id = ?").bind(Date.now(), typed.id).run();
    await worker.db.prepare("delete from syndication_runs").run();
  });

  it("logs a refused login and a dropped connection, runs the rest of the night's work, and sends the files the next night", async () => {
    const pet = await insertPet(worker.db, { name: "Later", species: "Dog", breed: ["Boxer"] });
    const before = { petfinder: statSync(petfinderFile()).mtimeMs, adoptapet: statSync(adoptapetFile()).mtimeMs };
    const account = await createAccount(worker.db, { email: "sleepy@example.com" });
    await worker.db
      .prepare(
        "insert into sessions (id_hash, user_id, persistent, expires_at, created_at) values ('expired-session', ?, 0, ?, ?)",
      )
      .bind(account.id, Date.parse("2026-11-01T00:00:00Z"), Date.parse("2026-10-31T00:00:00Z"))
      .run();
    misbehave.set(accounts.petfinder.user, "refuse");
    misbehave.set(accounts.adoptapet.user, "drop");

    expect(await nightly("2026-11-26T10:30:00Z")).toMatchObject({ outcome: "ok" });
    const failed = await runs();
    expect(failed).toEqual([
      expect.objectContaining({ partner: "petfinder", ok: 0, error: expect.stringMatching(/^login \(PASS\): 530 /) }),
      expect.objectContaining({ partner: "adoptapet", ok: 0, error: expect.stringMatching(/closed the connection/) }),
    ]);
    expect({ petfinder: statSync(petfinderFile()).mtimeMs, adoptapet: statSync(adoptapetFile()).mtimeMs }).toEqual(
      before,
    );
    // The steps after the uploads and before them ran: the expired session is gone.
    expect(
      await worker.db.prepare("select count(*) as n from sessions where id_hash = 'expired-session'").first(),
    ).toEqual({ n: 0 });

    misbehave.clear();
    expect(await nightly("2026-11-27T10:30:00Z")).toMatchObject({ outcome: "ok" });
    expect(readCsv(petfinderFile()).map((row) => row.ID)).toContain(pet.animalId);
    expect(readCsv(adoptapetFile()).map((row) => row.Id)).toContain(pet.animalId);
    expect((await runs()).slice(2)).toEqual([
      expect.objectContaining({ partner: "petfinder", ok: 1 }),
      expect.objectContaining({ partner: "adoptapet", ok: 1 }),
    ]);
  });
});

const site = "https://sequoia.test";
const text = async (url: string) => {
  const response = await worker.fetch(`http://localhost${url}`);
  return {
    status: response.status,
    type: response.headers.get("Content-Type") ?? "",
    body: await response.text(),
    headers: response.headers,
  };
};
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["url", "entry", "link"].includes(name),
});

describe("search engines", () => {
  it("/sitemap.xml lists the public pages and every listed pet with when it changed, never a held or adopted pet", async () => {
    const listed = await insertPet(worker.db, {
      name: "Mappy",
      species: "Dog",
      updatedAt: new Date("2026-11-20T12:00:00Z"),
      listedAt: new Date("2026-11-19T12:00:00Z"),
    });
    const held = await insertPet(worker.db, { name: "Hidden", onHoldEmail: "k@example.com", onHoldDate: new Date() });
    const gone = await insertPet(worker.db, { name: "Gone", adoptedEmail: "g@example.com", adoptedDate: new Date() });
    const { status, type, body } = await text("/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = xml.parse(body).urlset.url as { loc: string; lastmod?: string }[];
    const locs = urls.map((url) => url.loc);
    for (const page of ["/", "/adopt", "/adopt/cat", "/adopt/dog", "/match", "/foster", "/volunteer", "/donate"])
      expect(locs).toContain(site + page);
    expect(urls.find((url) => url.loc === `${site}/adopt/pet?pet_id=${listed.id}`)).toEqual({
      loc: `${site}/adopt/pet?pet_id=${listed.id}`,
      lastmod: "2026-11-20",
    });
    expect(locs).not.toContain(`${site}/adopt/pet?pet_id=${held.id}`);
    expect(locs).not.toContain(`${site}/adopt/pet?pet_id=${gone.id}`);
    expect(locs.some((loc) => /petadmin|favorite|on-hold|user-profile|applications/.test(loc))).toBe(false);
  });

  it("/robots.txt points at the sitemap and keeps staff and personal pages out", async () => {
    const { status, body } = await text("/robots.txt");
    expect(status).toBe(200);
    expect(body).toContain(`Sitemap: ${site}/sitemap.xml`);
    // In both languages (issue 39): the Spanish pages of the same tools and lists are just as private.
    for (const path of [
      "/petadmin",
      "/favorite",
      "/on-hold",
      "/adopted",
      "/applications",
      "/user-profile",
      "/adopt/apply",
      "/reset-password",
      "/join",
    ]) {
      expect(body).toContain(`Disallow: ${path}\n`);
      expect(body).toContain(`Disallow: /es${path}\n`);
    }
    expect(body).not.toMatch(/Disallow: (\/es)?\/adopt\n|Disallow: \/(es)?\n/);
  });

  it("every page has one canonical link: the site's address, the path, only the parameters that name the page", async () => {
    const pet = await insertPet(worker.db, { name: "Canon" });
    const canonicals = async (url: string) =>
      [...(await text(url)).body.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) =>
        match[1]!.replace(/&amp;/g, "&"),
      );
    expect(await canonicals("/")).toEqual([`${site}/`]);
    expect(await canonicals("/adopt/cat?sort=az&page=1")).toEqual([`${site}/adopt/cat`]);
    expect(await canonicals(`/adopt/pet?utm_source=x&pet_id=${pet.id}`)).toEqual([
      `${site}/adopt/pet?pet_id=${pet.id}`,
    ]);
    expect(await canonicals("/foster")).toEqual([`${site}/foster`]);
  });

  it("the home page describes the shelter as a schema.org AnimalShelter in JSON-LD the page's CSP allows", async () => {
    const { body, headers } = await text("/");
    const blocks = [...body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].filter((match) =>
      match[1]!.includes('type="application/ld+json"'),
    );
    expect(blocks).toHaveLength(1);
    // A data block is never run: the CSP's script-src (nonce only) leaves it alone, and no inline code is allowed for it.
    expect(headers.get("Content-Security-Policy")).not.toContain("unsafe-inline");
    const data = JSON.parse(blocks[0]![2]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AnimalShelter",
      name: "Sequoia Humane Society",
      url: `${site}/`,
      telephone: "+1-707-555-0142",
      address: {
        "@type": "PostalAddress",
        streetAddress: "4100 Redwood Way",
        addressLocality: "Eureka",
        addressRegion: "CA",
        postalCode: "95501",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    // schema.org OpeningHoursSpecification: a DayOfWeek URL and hh:mm times, one per open day (Monday closed).
    const hours = data.openingHoursSpecification as {
      "@type": string;
      dayOfWeek: string;
      opens: string;
      closes: string;
    }[];
    expect(hours.map((spec) => spec.dayOfWeek)).toEqual(
      ["Sunday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((day) => `https://schema.org/${day}`),
    );
    for (const spec of hours)
      expect(spec).toMatchObject({
        "@type": "OpeningHoursSpecification",
        opens: expect.stringMatching(/^\d{2}:\d{2}$/),
        closes: expect.stringMatching(/^\d{2}:\d{2}$/),
      });
  });
});

describe("feeds and sharing", () => {
  it("/adopt/feed.xml and each species' feed are valid Atom with the newly listed pets, newest first", async () => {
    const older = await insertPet(worker.db, {
      name: "Feedcat",
      species: "Cat",
      listedAt: new Date("2026-11-21T12:00:00Z"),
      images: ["feedcat-abc.jpg"],
    });
    const newer = await insertPet(worker.db, {
      name: "Feeddog",
      species: "Dog",
      listedAt: new Date("2026-11-22T12:00:00Z"),
      about: "Fetch <3 & naps",
    });
    const held = await insertPet(worker.db, {
      name: "Feedheld",
      onHoldEmail: "k@example.com",
      onHoldDate: new Date(),
      listedAt: new Date("2026-11-23T12:00:00Z"),
    });
    const read = async (url: string) => {
      const { status, type, body } = await text(url);
      expect(status).toBe(200);
      expect(type).toMatch(/^application\/atom\+xml/);
      expect(XMLValidator.validate(body)).toBe(true);
      const feed = xml.parse(body).feed as Record<string, unknown> & { entry?: Record<string, unknown>[] };
      // RFC 4287: the Atom namespace; a feed has id, title, updated, an author; each entry id, title, updated and a link.
      expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
      expect(feed).toMatchObject({
        id: `${site}${url}`,
        title: expect.any(String),
        updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        author: { name: "Sequoia Humane Society" },
      });
      for (const entry of feed.entry ?? []) {
        expect(entry).toMatchObject({
          id: expect.stringMatching(/^https:\/\/sequoia\.test\/adopt\/pet\?pet_id=\d+$/),
          title: expect.any(String),
          updated: expect.stringMatching(/Z$/),
        });
        expect((entry.link as { "@rel": string }[]).map((link) => link["@rel"])).toContain("alternate");
      }
      return feed.entry ?? [];
    };
    const all = await read("/adopt/feed.xml");
    const titles = all.map((entry) => entry.title);
    expect(titles.indexOf("Feeddog (Dog)")).toBeLessThan(titles.indexOf("Feedcat (Cat)"));
    expect(titles).not.toContain("Feedheld (Cat)");
    expect(all.find((entry) => entry.title === "Feeddog (Dog)")?.summary).toContain("Fetch <3 & naps");
    expect(
      (all.find((entry) => entry.title === "Feedcat (Cat)")?.link as { "@rel": string; "@href": string }[]).find(
        (link) => link["@rel"] === "enclosure",
      )?.["@href"],
    ).toBe(`${site}/photos/feedcat-abc-720w.jpg`);
    const cats = (await read("/adopt/cat/feed.xml")).map((entry) => entry.id);
    expect(cats).toContain(`${site}/adopt/pet?pet_id=${older.id}`);
    expect(cats).not.toContain(`${site}/adopt/pet?pet_id=${newer.id}`);
    expect(cats).not.toContain(`${site}/adopt/pet?pet_id=${held.id}`);
    expect((await read("/adopt/dog/feed.xml")).map((entry) => entry.id)).toContain(
      `${site}/adopt/pet?pet_id=${newer.id}`,
    );
    expect((await text("/adopt/hamster/feed.xml")).status).toBe(404);
  });

  it("a pet's og:image is its first photo cropped to 1200 × 630 by the Images binding", async () => {
    // A square red photo: cropped to fill (cover), the share image is red to its edges, with no bars.
    const photo = await sharp({
      create: { width: 900, height: 900, channels: 3, background: { r: 220, g: 20, b: 20 } },
    })
      .jpeg()
      .toBuffer();
    await worker.photos.put("sharey-abc.jpg", new Uint8Array(photo), { httpMetadata: { contentType: "image/jpeg" } });
    const pet = await insertPet(worker.db, { name: "Sharey", images: ["sharey-abc.jpg"] });
    const page = (await text(`/adopt/pet?pet_id=${pet.id}`)).body;
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(ogImage).toBe("http://localhost/photos/share/sharey-abc.jpg");
    const response = await worker.fetch(ogImage!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const image = sharp(Buffer.from(await response.arrayBuffer()));
    expect(await image.metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    for (const x of [2, 600, 1197]) {
      const at = (315 * 1200 + x) * 3;
      expect(data[at]).toBeGreaterThan(180);
      expect(data[at + 1]).toBeLessThan(70);
    }
    expect((await worker.fetch("http://localhost/photos/share/nothing-here.jpg")).status).toBe(404);
  });
});
