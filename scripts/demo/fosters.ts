import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { fosterApplications, fosterNotes, fosterPlacements, petChanges, users } from "#app/db/schema";
import type { FosterStatus } from "#app/lib/foster/foster";

const day = 24 * 60 * 60 * 1000;

const baseAnswers = {
  region: "CA",
  ownership: "I own it",
  landlordAllowsPets: "Not applicable",
  adults: "2",
  children: "0",
  otherPetsNeutered: "All of them",
  otherPetsVaccinated: "All of them",
  transport: "I have a car",
  agree: "on",
};

/**
 * Foster homes (decision 053): two approved fosters, one of them active (Robin Hale has Juniper, with
 * an approved note on Juniper's page), and one application waiting (it names Cleo, whom no test uses).
 */
export const demoFosters: {
  person: { email: string; firstName: string; lastName: string };
  status: FosterStatus;
  ago: number;
  pet?: string;
  answers: Record<string, string>;
}[] = [
  {
    person: { email: "robin.hale@example.com", firstName: "Robin", lastName: "Hale" },
    status: "active",
    ago: 40 * day,
    answers: {
      street: "88 Cedar St",
      city: "Eureka",
      postalCode: "95501",
      otherPets: "One old dog, 11 years",
      canTake: "cats,bottle-babies,medical",
      dogPlaces: "0",
      catPlaces: "4",
      vetName: "Humboldt Bay Veterinary",
    },
  },
  {
    person: { email: "kai.mendes@example.com", firstName: "Kai", lastName: "Mendes" },
    status: "approved",
    ago: 20 * day,
    answers: {
      street: "5 Ridge Rd",
      city: "McKinleyville",
      postalCode: "95519",
      otherPets: "",
      otherPetsNeutered: "I have no other pets",
      otherPetsVaccinated: "I have no other pets",
      canTake: "dogs,behaviour",
      dogPlaces: "2",
      catPlaces: "0",
      awayFrom: "2026-12-20",
      awayUntil: "2027-01-03",
    },
  },
  {
    person: { email: "noor.haddad@example.com", firstName: "Noor", lastName: "Haddad" },
    status: "applied",
    ago: 1 * day,
    pet: "Cleo",
    answers: {
      street: "301 F St",
      city: "Eureka",
      postalCode: "95501",
      ownership: "I rent it",
      landlordAllowsPets: "Yes, in writing",
      otherPets: "",
      otherPetsNeutered: "I have no other pets",
      otherPetsVaccinated: "I have no other pets",
      canTake: "cats",
      dogPlaces: "0",
      catPlaces: "1",
      transport: "I can get a lift",
    },
  },
];

/** The active demo foster's pet (a cat no test names) and what Robin wrote about her, approved by staff. */
export const demoPlacement = {
  fosterEmail: "robin.hale@example.com",
  fosterName: "Robin Hale",
  pet: "Juniper",
  startedAgo: 10 * day,
  note: "Juniper is fully litter-trained, sleeps at the foot of the bed, and has learned to share the sunny window with our old dog. She gets shy around loud visitors but comes out for treats.",
};

/** The statements that add the demo fosters, in the demo batch (after the pets, whose names they use). */
export function demoFosterStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  const fosters = demoFosters.flatMap(({ person, status, ago, pet, answers }): BatchItem<"sqlite">[] => {
    const joined = new Date(now - ago - 5 * day);
    const sent = new Date(now - ago);
    return [
      db
        .insert(users)
        .values({ ...person, emailConfirmedAt: joined, createdAt: joined, updatedAt: joined })
        .onConflictDoNothing(),
      db.insert(fosterApplications).values({
        userId: sql`(select id from users where email = ${person.email})`,
        petId: pet ? sql`(select id from pets where name = ${pet})` : null,
        status,
        answers: {
          ...baseAnswers,
          fullName: `${person.firstName} ${person.lastName}`,
          phone: "(707) 555-0150",
          ...answers,
        },
        submittedAt: sent,
        statusChangedAt: status === "applied" ? sent : new Date(now - ago + 2 * day),
        version: status === "applied" ? 1 : 2,
        createdAt: sent,
        updatedAt: sent,
      }),
    ];
  });
  return [...fosters, ...demoPlacementStatements(db, now)];
}

function demoPlacementStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  const { fosterEmail, fosterName, pet, startedAgo, note } = demoPlacement;
  const started = new Date(now - startedAgo);
  const petId = sql`(select id from pets where name = ${pet})`;
  return [
    db.insert(fosterPlacements).values({
      petId,
      fosterId: sql`(select f.id from foster_applications f join users u on u.id = f.user_id where u.email = ${fosterEmail})`,
      listed: true,
      startedAt: started,
      createdAt: started,
    }),
    db.insert(petChanges).values({
      petId,
      userId: null,
      summary: `Placed with foster ${fosterName} (still listed for adoption)`,
      createdAt: started,
    }),
    db.insert(fosterNotes).values({
      placementId: sql`(select id from foster_placements where pet_id = ${petId} and ended_at is null)`,
      text: note,
      status: "approved",
      decidedAt: new Date(now - startedAgo + 3 * day),
      createdAt: new Date(now - startedAgo + 2 * day),
    }),
  ];
}
