import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { syndicationRuns } from "#app/db/schema";
import { partners, type Partner } from "#app/lib/http/syndication";

export type NewSyndicationRun = typeof syndicationRuns.$inferInsert;

export async function recordSyndicationRun(db: Database, run: NewSyndicationRun) {
  await db.insert(syndicationRuns).values(run);
}

export interface PartnerStatus {
  partner: Partner;
  /** The last upload that arrived: when, and how many pets its file held. */
  lastSuccess: { at: Date; petCount: number; unknownBreeds: string[] } | null;
  /** The last attempt's error, when the last attempt failed. */
  lastError: { at: Date; error: string } | null;
}

/** For Pet Admin: each partner's last good upload and, if the latest attempt failed, its error. */
export async function partnerStatuses(db: Database): Promise<PartnerStatus[]> {
  return Promise.all(
    partners.map(async (partner) => {
      const order = [desc(syndicationRuns.finishedAt), desc(syndicationRuns.id)];
      const [[latest], [success]] = await db.batch([
        db
          .select()
          .from(syndicationRuns)
          .where(eq(syndicationRuns.partner, partner))
          .orderBy(...order)
          .limit(1),
        db
          .select()
          .from(syndicationRuns)
          .where(and(eq(syndicationRuns.partner, partner), eq(syndicationRuns.ok, true)))
          .orderBy(...order)
          .limit(1),
      ]);
      return {
        partner,
        lastSuccess: success
          ? { at: success.finishedAt, petCount: success.petCount, unknownBreeds: success.unknownBreeds }
          : null,
        lastError: latest && !latest.ok ? { at: latest.finishedAt, error: latest.error ?? "unknown error" } : null,
      };
    }),
  );
}
