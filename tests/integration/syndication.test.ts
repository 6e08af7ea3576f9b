import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import FtpSrv from "ftp-srv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptapetColumns, petfinderColumns } from "#app/lib/syndication";
import { crons } from "#server/scheduled";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { insertPet } from "../builders/pets";
import { createAccount } from "../builders/accounts";

/**
 * The nightly partner uploads (decision 043) from the production bundle on workerd, over its TCP
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
  ftp = new FtpSrv({ url: "ftp://127.0.0.1:0", pasv_url: "127.0.0.1", pasv_min: 30000, pasv_max: 60000, anonymous: false, log: quietLog() });
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
const readCsv = (file: string) => parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const runs = async () =>
  (await worker.db.prepare("select partner, ok, pet_count, error, unknown_breeds from syndication_runs order by id").all<{ partner: string; ok: number; pet_count: number; error: string | null; unknown_breeds: string }>()).results;
const nightly = (at: string) => worker.scheduled(crons.nightly, new Date(at));

describe("the nightly partner uploads", () => {
  it("send both partners' files with exactly the listed pets, held ones only where the format has a hold, and drop a pet adopted since", async () => {
    const cat = await insertPet(worker.db, { name: "Biscuit", species: "Cat", breed: ["Domestic_Medium_Hair"], ageMonths: 4, weightLbs: 6, sex: "Male", characteristics: ["No_Dogs"], images: ["biscuit-abc.jpg", "biscuit-def.jpg"], about: "Purrs.\nLoves laps, \"a lot\"." });
    const dog = await insertPet(worker.db, { name: "Rex", species: "Dog", breed: ["Mix", "Labrador"], ageMonths: 40, weightLbs: 70, sex: "Male", characteristics: ["No_kids_under_10", "No_Cats"], adoptionFee: 150 });
    const odd = await insertPet(worker.db, { name: "Tank", species: "Dog", breed: ["Bulldog"], ageMonths: 130, weightLbs: 110, sex: "Female" });
    const held = await insertPet(worker.db, { name: "Waits", species: "Cat", onHoldEmail: "keeper@example.com", onHoldDate: new Date("2026-11-23T18:00:00Z"), onHoldUntil: new Date("2026-11-26T01:00:00Z") });
    await insertPet(worker.db, { name: "Home", species: "Dog", adoptedEmail: "home@example.com", adoptedDate: new Date("2026-11-20T18:00:00Z") });

    expect(await nightly("2026-11-24T10:30:00Z")).toMatchObject({ outcome: "ok" });

    const petfinder = readCsv(petfinderFile());
    expect(Object.keys(petfinder[0]!)).toEqual([...petfinderColumns]);
    expect(petfinder.map((row) => row.ID).sort()).toEqual([cat, dog, odd, held].map((pet) => pet.animalId).sort());
    const byId = (id: string) => petfinder.find((row) => row.ID === id)!;
    expect(byId(cat.animalId)).toMatchObject({
      AnimalName: "Biscuit", Type: "Cat", PrimaryBreed: "Domestic Medium Hair", Sex: "M", Size: "S", Age: "Baby", Status: "A",
      NoDogs: "1", NoCats: "", NoKids: "", Mix: "", Desc: 'Purrs.&#10;Loves laps, "a lot".',
      photo1: "https://sequoia.test/photos/biscuit-abc-720w.jpg", photo2: "https://sequoia.test/photos/biscuit-def-720w.jpg", photo3: "",
    });
    expect(byId(dog.animalId)).toMatchObject({ PrimaryBreed: "Labrador Retriever", Mix: "1", Size: "L", Age: "Adult", NoKids: "1", NoCats: "1", NoDogs: "", adoption_fee: "150.00" });
    expect(byId(odd.animalId)).toMatchObject({ PrimaryBreed: "Mixed Breed", Size: "XL", Age: "Senior", Sex: "F" });
    expect(byId(held.animalId)).toMatchObject({ Status: "H" });

    const adoptapet = readCsv(adoptapetFile());
    expect(Object.keys(adoptapet[0]!)).toEqual([...adoptapetColumns]);
    expect(adoptapet.map((row) => row.Id).sort()).toEqual([cat, dog, odd].map((pet) => pet.animalId).sort());
    expect(adoptapet.find((row) => row.Id === dog.animalId)).toMatchObject({ Animal: "Dog", Breed: "Labrador Retriever", Purebred: "0", Size: "L", GoodWKids: "0", GoodWCats: "0", GoodWDogs: "", Status: "Available" });
    expect(adoptapet.find((row) => row.Id === odd.animalId)).toMatchObject({ Breed: "Mixed Breed (Large)", Purebred: "1" });
    expect(adoptapet.find((row) => row.Id === cat.animalId)).toMatchObject({ Breed: "Domestic Mediumhair", Size: "", Description: 'Purrs.<br>Loves laps, "a lot".' });
    // import.cfg declares each pets.csv column in order, as Adopt-a-Pet reads it.
    const cfg = readFileSync(path.join(roots.adoptapet, "import.cfg"), "utf8").split(/\r\n/).filter((line) => line.startsWith("#"));
    expect(cfg).toEqual(adoptapetColumns.map((column, index) => `#${index + 1}:${column}=${column}`));

    expect(await runs()).toEqual([
      { partner: "petfinder", ok: 1, pet_count: 4, error: null, unknown_breeds: JSON.stringify(["Tank: Bulldog (Dog) → Mixed Breed"]) },
      { partner: "adoptapet", ok: 1, pet_count: 3, error: null, unknown_breeds: JSON.stringify(["Tank: Bulldog (Dog) → Mixed Breed (Large)"]) },
    ]);

    // Rex goes home during the day: the next night's files no longer have him, so the partners remove him.
    await worker.db.prepare("update pets set adopted_email = 'rex@example.com', adopted_date = ? where id = ?").bind(Date.parse("2026-11-24T20:00:00Z"), dog.id).run();
    expect(await nightly("2026-11-25T10:30:00Z")).toMatchObject({ outcome: "ok" });
    expect(readCsv(petfinderFile()).map((row) => row.ID).sort()).toEqual([cat, odd, held].map((pet) => pet.animalId).sort());
    expect(readCsv(adoptapetFile()).map((row) => row.Id).sort()).toEqual([cat, odd].map((pet) => pet.animalId).sort());
    await worker.db.prepare("delete from syndication_runs").run();
  });

  it("logs a refused login and a dropped connection, runs the rest of the night's work, and sends the files the next night", async () => {
    const pet = await insertPet(worker.db, { name: "Later", species: "Dog", breed: ["Boxer"] });
    const before = { petfinder: statSync(petfinderFile()).mtimeMs, adoptapet: statSync(adoptapetFile()).mtimeMs };
    const account = await createAccount(worker.db, { email: "sleepy@example.com" });
    await worker.db.prepare("insert into sessions (id_hash, user_id, persistent, expires_at, created_at) values ('expired-session', ?, 0, ?, ?)").bind(account.id, Date.parse("2026-11-01T00:00:00Z"), Date.parse("2026-10-31T00:00:00Z")).run();
    misbehave.set(accounts.petfinder.user, "refuse");
    misbehave.set(accounts.adoptapet.user, "drop");

    expect(await nightly("2026-11-26T10:30:00Z")).toMatchObject({ outcome: "ok" });
    const failed = await runs();
    expect(failed).toEqual([
      expect.objectContaining({ partner: "petfinder", ok: 0, error: expect.stringMatching(/^login \(PASS\): 530 /) }),
      expect.objectContaining({ partner: "adoptapet", ok: 0, error: expect.stringMatching(/closed the connection/) }),
    ]);
    expect({ petfinder: statSync(petfinderFile()).mtimeMs, adoptapet: statSync(adoptapetFile()).mtimeMs }).toEqual(before);
    // The steps after the uploads and before them ran: the expired session is gone.
    expect(await worker.db.prepare("select count(*) as n from sessions where id_hash = 'expired-session'").first()).toEqual({ n: 0 });

    misbehave.clear();
    expect(await nightly("2026-11-27T10:30:00Z")).toMatchObject({ outcome: "ok" });
    expect(readCsv(petfinderFile()).map((row) => row.ID)).toContain(pet.animalId);
    expect(readCsv(adoptapetFile()).map((row) => row.Id)).toContain(pet.animalId);
    expect((await runs()).slice(2)).toEqual([expect.objectContaining({ partner: "petfinder", ok: 1 }), expect.objectContaining({ partner: "adoptapet", ok: 1 })]);
  });
});
