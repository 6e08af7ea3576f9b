import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { volunteerApplications } from "#app/db/schema";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** Two confirmed volunteer applications (decision 053): one waiting, one the coordinator has called. */
export const demoVolunteers = [
  {
    role: "social-media",
    name: "Avery Kim",
    email: "avery.kim@example.com",
    phone: "(707) 555-0181",
    availability: ["tuesday-evening", "saturday-morning", "sunday-morning"],
    interests: ["photography", "cats"],
    experience: "I take photos for my camera club and run its Instagram account.",
    age: "adult",
    note: "Happy to come in on weekends to photograph the new arrivals.",
    status: "new" as const,
    ago: 3 * hour,
  },
  {
    role: "community-outreach",
    name: "Jamie Ortega",
    email: "jamie.ortega@example.com",
    phone: "(707) 555-0182",
    availability: ["saturday-morning", "saturday-afternoon"],
    interests: ["events", "dogs"],
    experience: "Volunteered at the county fair's 4-H stand for three summers.",
    age: "minor-with-consent",
    guardianName: "Rosa Ortega",
    note: "",
    status: "contacted" as const,
    ago: 3 * day,
  },
];

/** The demo volunteer applications, confirmed, in the demo batch. */
export function demoVolunteerStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  return demoVolunteers.map(({ ago, status, ...fields }) =>
    db.insert(volunteerApplications).values({
      ...fields,
      status,
      confirmedAt: new Date(now - ago),
      statusChangedAt: new Date(now - (status === "new" ? ago : day)),
      version: status === "new" ? 2 : 3,
      createdAt: new Date(now - ago - 10 * 60 * 1000),
    }),
  );
}
