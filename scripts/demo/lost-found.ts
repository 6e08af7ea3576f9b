import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { lostFoundReports } from "#app/db/schema";
import { shelter } from "#app/config/shelter";
import { localDay } from "#app/lib/lost-found/matching";
import { openUntilFrom } from "#app/lib/lost-found/report";

const day = 24 * 60 * 60 * 1000;

/**
 * Two confirmed lost and found reports (decision 066), cats so they stay apart from the e2e's dogs:
 * the board and a report's page have content (the bench weighs both, `/lost-found/1`).
 */
export const demoLostFoundReports = [
  {
    kind: "lost" as const,
    species: "cat",
    sex: "female",
    size: "small",
    colours: ["tabby", "white"],
    description:
      "Mia, a small grey tabby with white paws and a pink collar. Shy with strangers; she may hide under porches.",
    place: "fortuna",
    crossStreets: "Main St and 12th St",
    reporterName: "Dana Whitfield",
    reporterEmail: "dana.whitfield@example.com",
    ago: 2 * day,
  },
  {
    kind: "found" as const,
    species: "cat",
    sex: "male",
    size: "medium",
    colours: ["black"],
    description: "A friendly black cat with a notched left ear, no collar, waiting by our back door every morning.",
    place: "mckinleyville",
    crossStreets: "",
    reporterName: "Lee Navarro",
    reporterEmail: "lee.navarro@example.com",
    ago: 5 * day,
  },
];

/** The demo reports, confirmed and open, in the demo batch. */
export function demoLostFoundStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  return demoLostFoundReports.map(({ ago, ...fields }) =>
    db.insert(lostFoundReports).values({
      ...fields,
      date: localDay(new Date(now - ago), shelter.openingHours.timeZone),
      language: "en",
      confirmedAt: new Date(now - ago),
      openUntil: openUntilFrom(new Date(now - ago)),
      createdAt: new Date(now - ago - 10 * 60 * 1000),
    }),
  );
}
