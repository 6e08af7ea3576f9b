import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createDb } from "#app/db/client.server";
import { shelter } from "#app/config/shelter";
import { pets, petStays } from "#app/db/schema";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import {
  derivativeContentType,
  derivativeKey,
  derivativeQuality,
  derivatives,
  type Derivative,
} from "#app/lib/photos/photos";
import { demoInboxStatements } from "./inbox";
import { demoVolunteerStatements } from "./volunteers";
import { demoLostFoundStatements } from "./lost-found";
import { demoFosterStatements } from "./fosters";
import { demoVisitStatements } from "./visits";
import { demoPets, type DemoPet } from "./pets";
import { renderDemoPhoto } from "./photos";

const cacheDir = path.resolve(import.meta.dirname, "../../.cache/demo-photos");
const day = 24 * 60 * 60 * 1000;

/** Rendering all photos takes seconds; keep them on disk so later loads (and test runs) reuse them. */
async function cached(name: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const file = path.join(cacheDir, name);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    const bytes = await make();
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, bytes);
    return bytes;
  }
}

/** The resized copies an upload gets from the Images binding, made here by sharp (the same library). */
async function renderDerivative(original: Uint8Array, { width, format }: Derivative): Promise<Uint8Array> {
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  const quality = derivativeQuality[format];
  // The demo photos are flat drawings: the quickest AVIF effort keeps loading the demo data in seconds, not
  // minutes, and the JPEG fallback (which phones that read AVIF or WebP never load) skips mozjpeg's slower search.
  const encoded =
    format === "avif"
      ? resized.avif({ quality, effort: 0 })
      : format === "webp"
        ? resized.webp({ quality })
        : resized.jpeg({ quality });
  return new Uint8Array(await encoded.toBuffer());
}

async function inChunks<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(work));
  }
}

function petRow(pet: DemoPet, now: number) {
  const arrived = new Date(now - pet.arrivedDaysAgo * day);
  return {
    animalId: pet.animalId,
    name: pet.name,
    species: pet.species,
    breed: pet.breed,
    ageMonths: pet.ageMonths,
    weightLbs: pet.weightLbs,
    sex: pet.sex,
    activeLevel: pet.activeLevel,
    adoptionFee: pet.adoptionFee,
    about: pet.about,
    characteristics: pet.characteristics,
    images: pet.photos.map((photo) => photo.key),
    onHoldEmail: pet.onHold?.email ?? null,
    onHoldDate: pet.onHold ? new Date(now - pet.onHold.daysAgo * day) : null,
    onHoldUntil: pet.onHold
      ? closeOfNextBusinessDay(new Date(now - pet.onHold.daysAgo * day), shelter.openingHours)
      : null,
    adoptedEmail: pet.adopted?.email ?? null,
    adoptedDate: pet.adopted ? new Date(now - pet.adopted.daysAgo * day) : null,
    listedAt: pet.onHold || pet.adopted ? null : arrived,
    createdAt: arrived,
    // The demo pets are published; a pet staff create is a draft until published (decision 052).
    publishedAt: arrived,
    updatedAt: arrived,
  };
}

export interface DemoLoadResult {
  loaded: boolean;
  pets: number;
  photos: number;
}

/**
 * Loads the demo pets and their photos when the database has no pets; otherwise leaves everything as
 * it is. Photos (with their resized copies) go to R2 first and the pets in one atomic batch, so an interrupted load is simply
 * repeated (photo keys are deterministic and are overwritten).
 */
export async function loadDemoData(bindings: { DB: D1Database; PHOTOS: R2Bucket }): Promise<DemoLoadResult> {
  const db = createDb(bindings.DB);
  const [existing] = await db.select({ total: count() }).from(pets);
  if ((existing?.total ?? 0) > 0) return { loaded: false, pets: existing?.total ?? 0, photos: 0 };

  const demo = demoPets();
  const photos = demo.flatMap((pet) => pet.photos);
  await inChunks(photos, 6, async (photo) => {
    const bytes = await cached(photo.key, () => renderDemoPhoto(photo));
    await bindings.PHOTOS.put(photo.key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
    await Promise.all(
      derivatives.map(async (derivative) => {
        const key = derivativeKey(photo.key, derivative);
        const copy = await cached(key, () => renderDerivative(bytes, derivative));
        await bindings.PHOTOS.put(key, copy, {
          httpMetadata: { contentType: derivativeContentType[derivative.format] },
        });
      }),
    );
  });

  const now = Date.now();
  const [first, ...rest] = demo.map((pet) => db.insert(pets).values(petRow(pet, now)));
  // Each pet of a bonded pair names the other by its id, known once both rows are in (decision 055).
  const bonds = demo.flatMap((pet) => {
    const partner = demo.find((candidate) => candidate.name === pet.bondedWith);
    if (!partner) return [];
    return [
      db
        .update(pets)
        .set({ bondedWith: sql`(select partner.id from pets partner where partner.animal_id = ${partner.animalId})` })
        .where(eq(pets.animalId, pet.animalId)),
    ];
  });
  // Each demo pet's stay (decision 064): it came in the day it arrived; an adopted one left by adoption.
  const stays = db.insert(petStays).select(
    sql`select null, id, species, case id % 6 when 0 then 'relinquished' when 1 then 'transfer_in_state' when 2 then 'born_in_care' else 'stray' end,
      date(created_at / 1000, 'unixepoch', '-8 hours'), age, '', '',
      case when adopted_email is not null then 'adoption' end,
      case when adopted_email is not null then max(date(created_at / 1000, 'unixepoch', '-8 hours'), date(adopted_date / 1000, 'unixepoch', '-8 hours')) end,
      '', '', ${now}, ${now}
    from pets`,
  );
  if (first)
    await db.batch([
      first,
      ...rest,
      ...bonds,
      stays,
      ...demoInboxStatements(db, now),
      ...demoVolunteerStatements(db, now),
      ...demoLostFoundStatements(db, now),
      ...demoFosterStatements(db, now),
      ...demoVisitStatements(db, now),
    ]);
  return { loaded: true, pets: demo.length, photos: photos.length };
}

/**
 * Pets beyond the demo's, for the benchmark's larger data set: copies of the listed demo pets under
 * new names and animal ids, sharing the demo photos already in R2 (so only D1 grows).
 */
export function benchPets(count: number): DemoPet[] {
  const listed = demoPets().filter((pet) => !pet.onHold && !pet.adopted);
  return Array.from({ length: count }, (_, index) => {
    const model = listed[index % listed.length] as DemoPet;
    const round = Math.floor(index / listed.length) + 2;
    return {
      ...model,
      animalId: `SEQ-B-${String(index + 1).padStart(5, "0")}`,
      name: `${model.name} ${round}`,
      arrivedDaysAgo: model.arrivedDaysAgo + round * 70,
    };
  });
}

/** Adds generated pets until the database holds `total` pets (none when it already has as many). */
export async function growPetsTo(bindings: { DB: D1Database }, total: number): Promise<number> {
  const db = createDb(bindings.DB);
  const [existing] = await db.select({ total: count() }).from(pets);
  const missing = total - (existing?.total ?? 0);
  if (missing <= 0) return 0;
  const now = Date.now();
  const inserts = benchPets(missing).map((pet) => db.insert(pets).values(petRow(pet, now)));
  for (let start = 0; start < inserts.length; start += 50) {
    const [first, ...rest] = inserts.slice(start, start + 50);
    if (first) await db.batch([first, ...rest]);
  }
  return missing;
}
