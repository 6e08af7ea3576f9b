import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import {
  adoptionApplications,
  applicationEvents,
  contactMessages,
  inboxNotes,
  users,
  type ApplicationStatus,
} from "#app/db/schema";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

interface DemoApplication {
  person: { email: string; firstName: string; lastName: string };
  pet: string;
  /** Each status with how long ago it was reached; the last is the application's status now. */
  history: [ApplicationStatus, number][];
  declineReason?: string;
  note?: string;
  answers: Record<string, string>;
}

const baseAnswers = {
  street: "210 Harbor Lane",
  city: "Eureka",
  region: "CA",
  postalCode: "95501",
  landlordAllowsPets: "Not applicable",
  adults: "2",
  children: "0",
  otherPetsNeutered: "I have no other pets",
  otherPetsVaccinated: "I have no other pets",
  hoursAlone: "4",
  vetName: "Humboldt Bay Veterinary",
  vetPhone: "(707) 555-0170",
};

/**
 * Applications in every state a shelter sees (decision 032), matching the demo pets' holds and
 * adoptions: Ruby is on hold for Jordan and Duke was adopted by Sam, each through their application.
 */
export const demoApplications: DemoApplication[] = [
  {
    person: { email: "casey.morgan@example.com", firstName: "Casey", lastName: "Morgan" },
    pet: "Buddy",
    history: [["submitted", 2 * hour]],
    answers: {
      housing: "House",
      ownership: "I own it",
      yard: "Fully fenced yard",
      sleepsWhere: "A bed in the living room",
      exercise: "Morning runs and a big yard",
      experience: "Two labs over fifteen years",
      reason: "Buddy's energy matches our running routine.",
    },
  },
  {
    person: { email: "riley.chen@example.com", firstName: "Riley", lastName: "Chen" },
    pet: "Daisy",
    history: [
      ["submitted", 2 * day],
      ["in_review", 1 * day],
    ],
    note: "Called the landlord: pets up to 60 lbs are allowed.",
    answers: {
      housing: "Apartment",
      ownership: "I rent it",
      landlordAllowsPets: "Yes, in writing",
      yard: "No yard",
      sleepsWhere: "In a crate in the bedroom",
      exercise: "Three walks a day and the dog park",
      experience: "Fostered dogs for the shelter last year",
      reason: "Daisy was calm and sweet when we met her.",
    },
  },
  {
    person: { email: "jordan.lee@example.com", firstName: "Jordan", lastName: "Lee" },
    pet: "Ruby",
    history: [
      ["submitted", 3 * day],
      ["in_review", 2 * day],
      ["approved", 1 * hour],
    ],
    answers: {
      housing: "House",
      ownership: "I own it",
      yard: "Partly fenced yard",
      children: "1",
      childrenAges: "9",
      sleepsWhere: "In our daughter's room",
      exercise: "Walks before school and after work",
      experience: "Grew up with dogs",
      reason: "Ruby loved playing with our daughter.",
    },
  },
  {
    person: { email: "taylor.brooks@example.com", firstName: "Taylor", lastName: "Brooks" },
    pet: "Cooper",
    history: [
      ["submitted", 5 * day],
      ["declined", 4 * day],
    ],
    declineReason:
      "Cooper needs a home where someone is around most of the day; ten hours alone would be hard for him. Please look at our calmer dogs, or call us to talk it over.",
    answers: {
      housing: "Condo",
      ownership: "I own it",
      yard: "No yard",
      hoursAlone: "10",
      sleepsWhere: "On the sofa",
      exercise: "Weekend hikes",
      experience: "First dog",
      reason: "He looks like the dog I had as a child.",
    },
  },
  {
    person: { email: "morgan.diaz@example.com", firstName: "Morgan", lastName: "Diaz" },
    pet: "Maple",
    history: [
      ["submitted", 6 * day],
      ["withdrawn", 5 * day],
    ],
    answers: {
      housing: "House",
      ownership: "I live with family",
      yard: "Yard without a fence",
      sleepsWhere: "In my room",
      exercise: "Long walks",
      experience: "Family dogs",
      reason: "Maple is so gentle.",
    },
  },
  {
    person: { email: "sam.rivera@example.com", firstName: "Sam", lastName: "Rivera" },
    pet: "Duke",
    history: [
      ["submitted", 12 * day],
      ["in_review", 11 * day],
      ["approved", 10 * day],
      ["adopted", 8 * day],
    ],
    answers: {
      housing: "House",
      ownership: "I own it",
      yard: "Fully fenced yard",
      sleepsWhere: "His own bed by the fire",
      exercise: "Daily beach walks",
      experience: "Three dogs over the years",
      reason: "Duke and our old dog got along at once.",
    },
  },
];

export const demoMessages = [
  {
    name: "Priya Nair",
    email: "priya.nair@example.com",
    message: "Hello! Do you need fosters for kittens this spring? We have a spare room and lots of time.",
    ago: 1 * hour,
    handled: false,
  },
  {
    name: "Tom Becker",
    email: "tom.becker@example.com",
    message: "I found a small brown dog near the Samoa Bridge this morning. Can I bring her in to check for a chip?",
    ago: 1 * day,
    handled: false,
  },
  {
    name: "Lena Ortiz",
    email: "lena.ortiz@example.com",
    message: "Our company would like to volunteer as a group for a Saturday. Who should I talk to?",
    ago: 6 * day,
    handled: true,
  },
];

/**
 * The statements that add the demo inbox (applicants, applications with their history, a note and
 * contact messages), run in the same batch as the demo pets so both are there or neither.
 */
export function demoInboxStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  const idOf = (pet: string, email: string) =>
    sql`(select id from adoption_applications where pet_id = (select id from pets where name = ${pet}) and user_id = (select id from users where email = ${email}))`;
  const statements: BatchItem<"sqlite">[] = [];
  for (const application of demoApplications) {
    const { person, pet, history } = application;
    const [, submittedAgo] = history[0]!;
    const [status, changedAgo] = history.at(-1)!;
    const answers = {
      ...baseAnswers,
      fullName: `${person.firstName} ${person.lastName}`,
      phone: "(707) 555-0123",
      ...application.answers,
    };
    const joined = new Date(now - 30 * day);
    statements.push(
      db
        .insert(users)
        .values({ ...person, emailConfirmedAt: joined, createdAt: joined, updatedAt: joined })
        .onConflictDoNothing(),
      // Columns in the table's order: id, pet_id, user_id, status, answers, decline_reason, version, submitted_at, created_at, updated_at.
      db.insert(adoptionApplications).select(
        sql`select null, (select id from pets where name = ${pet}), (select id from users where email = ${person.email}), ${status}, ${JSON.stringify(answers)},
          ${application.declineReason ?? null}, ${history.length}, ${now - submittedAgo}, ${now - submittedAgo}, ${now - changedAgo}`,
      ),
      ...history.map(([eventStatus, ago]) =>
        db
          .insert(applicationEvents)
          .select(sql`select null, ${idOf(pet, person.email)}, ${eventStatus}, null, ${now - ago}`),
      ),
    );
    if (application.note) {
      statements.push(
        db
          .insert(inboxNotes)
          .select(
            sql`select null, 'application', ${idOf(pet, person.email)}, (select id from users where email = 'staff@example.com'), ${application.note}, ${now - hour}, null, null, null, null`,
          ),
      );
    }
  }
  for (const message of demoMessages) {
    const { ago, handled, ...fields } = message;
    statements.push(
      db
        .insert(contactMessages)
        .values({ ...fields, handledAt: handled ? new Date(now - ago + day) : null, createdAt: new Date(now - ago) }),
    );
  }
  return statements;
}
