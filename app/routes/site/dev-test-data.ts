import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { shelter } from "#app/config/shelter";
import { hashPassword } from "#app/lib/accounts/crypto";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { activeLevels, catBreeds, dogBreeds } from "#app/lib/pets/breeds";
import { petSexes } from "#app/lib/pets/pet-fields";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { checkIns } from "#app/lib/care/follow-ups";
import {
  deleteTestAdopters,
  deleteTestPets,
  insertTestFollowUp,
  insertTestPet,
  moveTestVisit,
  testAdoptionPapers,
  testCareAnswers,
  testPetIdPrefix,
} from "#app/models/test-data.server";
import { createUser } from "#app/models/users.server";

/**
 * The end-to-end tests' own data (issue 41, decision 036 amended 2026-11-28): POST /dev/test-data
 * with a JSON body makes a listed pet (with its intake stay) or a confirmed adopter, or removes what a
 * test made, through this server's own D1 connection; and what only the clock or the hourly run would
 * do to a test's rows (a care follow-up sent, a booked visit's time come), and a read of what a test's
 * rows stored that no page shows (a care answer's photo key, the adoption papers' hashes). Every one
 * touches only rows the tests made: pets whose shelter id starts SEQ-T-, adopters own.…@example.com. A 404 unless the server runs in development AND
 * was started for the e2e run (`E2E_TEST_DATA = "on"`, scripts/serve.ts --e2e): production never has it,
 * nor does `npm start`. Bad input is a 400. Used by tests/e2e/own-data.ts.
 */

const email = z.string().trim().toLowerCase().email().max(200);
const name = z.string().trim().min(1).max(40);
const ids = z.array(z.number().int().positive()).max(50);
const id = z.number().int().positive();

const body = z.discriminatedUnion("make", [
  z.object({
    make: z.literal("pet"),
    species: z.enum(["Cat", "Dog"]).default("Cat"),
    /** Given names get a unique token added ("Aaron" → "Aaron qwerty"). */
    name: name.default("Pip"),
    sex: z.enum(petSexes).default("Female"),
    ageMonths: z.number().int().min(0).max(300).default(24),
    adoptionFee: z.number().int().min(0).max(10_000).default(75),
    activeLevel: z.enum(activeLevels).default("Moderately active"),
    about: z.string().trim().max(2000).optional(),
    /** On hold for this e-mail since now, until the close of the next business day (decision 030). */
    heldFor: email.optional(),
    /** Adopted today by this e-mail: off the lists, its stay closed by adoption (decision 064). */
    adoptedBy: email.optional(),
    /** With `adoptedBy`: adopted this many days ago (its stay closed that day), not today. */
    adoptedDaysAgo: z.number().int().min(0).max(365).default(0),
  }),
  z.object({
    make: z.literal("adopter"),
    firstName: name.default("Robin"),
    lastName: name.default("Owner"),
    language: z.enum(["en", "es"]).default("en"),
    /** Part of the e-mail address, so a leftover says which run made it ("js", "no-js"). */
    tag: z
      .string()
      .regex(/^[a-z0-9-]{1,20}$/)
      .default("e2e"),
  }),
  z.object({ make: z.literal("removal"), pets: ids.default([]), adopters: ids.default([]) }),
  /** A check-in e-mail to `email` about a test pet, recorded as the hourly run records one it sent. */
  z.object({ make: z.literal("follow-up"), pet: id, email, kind: z.enum(checkIns) }),
  /** A test application's booked visit moved to start at `startsAt` (ms), as the clock brings it. */
  z.object({
    make: z.literal("visit-time"),
    application: id,
    startsAt: z
      .number()
      .int()
      .refine((at) => Math.abs(at - Date.now()) < 30 * 24 * 60 * 60 * 1000, "within 30 days of now"),
  }),
  /** Reads: a test pet's care answers (with the photo key), a test application's stored papers. */
  z.object({ make: z.literal("read-care-answers"), pet: id }),
  z.object({ make: z.literal("read-adoption-papers"), application: id }),
]);

/** A short random token for names and ids (letters only: the staff search matches a name's start). */
function token(length = 6) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => letters[byte % 26]).join("");
}

const notFound = () => new Response("Not found", { status: 404 });

/** GET is no way in: the same 404 the site gives any address it does not have. */
export function loader() {
  return notFound();
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.config.testData) return notFound();
  const parsed = body.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.slice(0, 5) }, { status: 400 });
  const input = parsed.data;
  const db = context.db;

  if (input.make === "removal") {
    return Response.json({
      pets: await deleteTestPets(db, input.pets),
      adopters: await deleteTestAdopters(db, input.adopters),
    });
  }

  if (input.make === "follow-up") {
    const shelterToday = shelterDayOf(new Date(), shelter.openingHours.timeZone);
    const created = await insertTestFollowUp(db, {
      petId: input.pet,
      email: input.email,
      kind: input.kind,
      item: "",
      dueOn: shelterToday,
    });
    return created ? Response.json(created) : Response.json({ error: "no test pet of that id" }, { status: 404 });
  }

  if (input.make === "visit-time") {
    const visits = await moveTestVisit(db, input.application, new Date(input.startsAt));
    if (visits.length === 0) return Response.json({ error: "no test application's visit" }, { status: 404 });
    return Response.json({ visits });
  }

  if (input.make === "read-care-answers") return Response.json({ answers: await testCareAnswers(db, input.pet) });

  if (input.make === "read-adoption-papers") {
    return Response.json({ papers: await testAdoptionPapers(db, input.application) });
  }

  if (input.make === "adopter") {
    const unique = token();
    const password = `own-data-${token(10)}-7`;
    const user = await createUser(db, {
      email: `own.${unique}.${input.tag}@example.com`,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(password),
      emailConfirmedAt: new Date(),
      language: input.language,
    });
    if (!user) return Response.json({ error: "the address is taken; try again" }, { status: 409 });
    const { id, email: address, firstName, lastName } = user;
    return Response.json({ id, email: address, password, firstName, lastName });
  }

  const unique = token();
  const petName = `${input.name} ${unique}`;
  const animalId = `${testPetIdPrefix}${unique.toUpperCase()}`;
  const now = new Date();
  const { timeZone } = shelter.openingHours;
  // It came in a year ago: newest-first lists show it after every demo pet, so it never pushes a demo
  // pet off a first page that another test reads, and it is no "new pet" for the alerts.
  const arrived = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
  const heldFor = input.heldFor ?? null;
  const adoptedBy = input.adoptedBy ?? null;
  const adoptedAt = new Date(now.getTime() - input.adoptedDaysAgo * 24 * 60 * 60 * 1000);
  const { id } = await insertTestPet(
    db,
    {
      animalId,
      name: petName,
      species: input.species,
      breed: [input.species === "Cat" ? catBreeds[2] : dogBreeds[0]],
      ageMonths: input.ageMonths,
      weightLbs: input.species === "Cat" ? 9.5 : 24,
      sex: input.sex,
      activeLevel: input.activeLevel,
      adoptionFee: input.adoptionFee,
      about: input.about ?? `${petName} is a test's own pet: friendly, curious and ready for a home.`,
      // A held or adopted pet is off the lists (listed_at null, as the demo's held and adopted pets).
      listedAt: heldFor || adoptedBy ? null : arrived,
      createdAt: arrived,
      updatedAt: now,
      publishedAt: arrived,
      onHoldEmail: heldFor,
      onHoldDate: heldFor ? now : null,
      onHoldUntil: heldFor ? closeOfNextBusinessDay(now, shelter.openingHours) : null,
      adoptedEmail: adoptedBy,
      adoptedDate: adoptedBy ? adoptedAt : null,
    },
    { intakeType: "stray", intakeOn: shelterDayOf(arrived, timeZone), intakeSource: "", intakeNotes: "" },
    adoptedBy ? shelterDayOf(adoptedAt, timeZone) : null,
  );
  return Response.json({ id, name: petName, species: input.species, animalId });
}
