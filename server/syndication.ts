import type { Database } from "#app/db/client.server";
import {
  adoptapetExport,
  partnerNames,
  partners,
  petfinderExport,
  type Partner,
  type PartnerExport,
  type SyndicatedPet,
} from "#app/lib/http/syndication";
import { listPetsForPartners } from "#app/models/pets.server";
import { recordSyndicationRun } from "#app/models/syndication-runs.server";
import type { AppConfig } from "#app/services/config.server";

export interface PartnerOutcome {
  partner: Partner;
  status: "sent" | "failed" | "not configured";
  petCount?: number;
  unknownBreeds?: string[];
  error?: string;
}

function exportFor(partner: Partner, pets: SyndicatedPet[], siteUrl: string, user: string): PartnerExport {
  // Petfinder names the file after the shelter's Petfinder id, which is its FTP account name.
  return partner === "petfinder"
    ? petfinderExport(pets, { siteUrl, fileName: `${user}.csv` })
    : adoptapetExport(pets, { siteUrl });
}

/**
 * The nightly partner uploads (decision 043): each partner set up and turned on gets the whole list
 * (a pet left out is removed by the partner), and each attempt is recorded for Pet Admin. A partner
 * that fails does not keep the other from getting its file; the failure is thrown at the end, so the
 * scheduled run logs the step as failed, and the next night simply sends the file again.
 */
export async function syndicatePets(
  db: Database,
  config: AppConfig,
  now: Date,
  options: { stepTimeoutMs?: number } = {},
) {
  const pets = (await listPetsForPartners(db)) as SyndicatedPet[];
  const outcomes: PartnerOutcome[] = [];
  for (const partner of partners) {
    const target = config.syndication[partner];
    if (!target) {
      outcomes.push({ partner, status: "not configured" });
      continue;
    }
    const startedMs = Date.now();
    // Times on the run's clock (the Cron event's scheduledTime), plus what the upload took.
    const finishedAt = () => new Date(now.getTime() + Math.max(0, Date.now() - startedMs));
    const exported = exportFor(partner, pets, config.siteUrl, target.user);
    if (exported.unknownBreeds.length > 0)
      console.warn(`${partnerNames[partner]}: breeds sent as the nearest`, exported.unknownBreeds);
    try {
      // Loaded only when a partner is set up: `cloudflare:sockets` exists on workerd, not in Node-run tests.
      const { uploadFiles } = await import("./ftp");
      await uploadFiles(target, exported.files, options);
      outcomes.push({ partner, status: "sent", petCount: exported.petCount, unknownBreeds: exported.unknownBreeds });
      await recordSyndicationRun(db, {
        partner,
        startedAt: now,
        finishedAt: finishedAt(),
        ok: true,
        petCount: exported.petCount,
        unknownBreeds: exported.unknownBreeds,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes.push({ partner, status: "failed", petCount: exported.petCount, error: message });
      await recordSyndicationRun(db, {
        partner,
        startedAt: now,
        finishedAt: finishedAt(),
        ok: false,
        petCount: exported.petCount,
        error: message,
        unknownBreeds: exported.unknownBreeds,
      });
    }
  }
  const failed = outcomes.filter((outcome) => outcome.status === "failed");
  if (failed.length > 0)
    throw new Error(
      `partner upload failed: ${failed.map((outcome) => `${partnerNames[outcome.partner]}: ${outcome.error}`).join("; ")}`,
    );
  return outcomes;
}
