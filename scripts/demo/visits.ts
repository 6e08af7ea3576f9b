import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { adoptionApplications, applicationEvents, visits } from "#app/db/schema";
import { closeOfNextBusinessDay, localTimeToInstant } from "#app/lib/visits/business-hours";

const hour = 60 * 60 * 1000;
const zone = shelter.openingHours.timeZone;

function localDate(instant: Date) {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: zone })
    .format(instant)
    .split("-")
    .map(Number);
  return { year: year!, month: month!, day: day! };
}

/**
 * Demo visits (issue 24) so `npm start` shows a living Visits page: the demo adopter's approved
 * applications for Tucker and Jasper (both on hold for adopter@example.com in the demo pets), with a
 * visit booked today at 3 pm and on the next business day at 11:30 am, shelter time.
 */
export function demoVisitStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  const today = localTimeToInstant(localDate(new Date(now)), "15:00", zone);
  const nextDay = localTimeToInstant(
    localDate(closeOfNextBusinessDay(new Date(now), shelter.openingHours)),
    "11:30",
    zone,
  );
  const slot = shelter.visits.slotMinutes * 60 * 1000;
  const answers = JSON.stringify({
    fullName: "Alex Adopter",
    phone: "(707) 555-0188",
    street: "12 Elm Street",
    city: "Eureka",
    region: "CA",
    postalCode: "95501",
  });
  const statements: BatchItem<"sqlite">[] = [];
  for (const [pet, start] of [
    ["Tucker", today],
    ["Jasper", nextDay],
  ] as const) {
    const idOf = sql`(select a.id from adoption_applications a join pets p on p.id = a.pet_id where p.name = ${pet} and a.user_id = (select id from users where email = 'adopter@example.com'))`;
    statements.push(
      // Columns in the table's order: id, pet_id, user_id, status, answers, decline_reason, version, submitted_at, created_at, updated_at.
      db.insert(adoptionApplications).select(
        sql`select null, (select id from pets where name = ${pet}), (select id from users where email = 'adopter@example.com'), 'approved', ${answers}, null, 3, ${now - 30 * hour}, ${now - 30 * hour}, ${now - hour}
          where exists (select 1 from pets where name = ${pet} and on_hold_email = 'adopter@example.com') and exists (select 1 from users where email = 'adopter@example.com')`,
      ),
      ...(
        [
          ["submitted", 30 * hour],
          ["in_review", 26 * hour],
          ["approved", hour],
        ] as const
      ).map(([status, ago]) =>
        db
          .insert(applicationEvents)
          .select(sql`select null, ${idOf}, ${status}, null, ${now - ago} where ${idOf} is not null`),
      ),
      db
        .insert(visits)
        .select(
          sql`select null, ${idOf}, ${start.getTime()}, ${start.getTime() + slot}, 'booked', null, 1, ${now - hour}, ${now - hour} where ${idOf} is not null`,
        ),
    );
  }
  return statements;
}
