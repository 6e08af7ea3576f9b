import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { petChanges, pets, queuedEmails, users } from "#app/db/schema";
import { applicationStatusMessage } from "#app/lib/applications/application-emails";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { holdEndedMessage, savedLocale, type EmailLanguages } from "#app/lib/email/emails";
import type { HoldIntent } from "#app/lib/pets/hold-transitions";
import { localizedPath } from "#app/lib/i18n/locale";
import { applicationHoldingPet, holdingApplicationMoves, type HoldingApplication } from "./applications.server";
import { changePet, type ChangeOutcome, type PetChange } from "./pet-admin.server";
import {
  cancelVisitsOfClosedApplications,
  closeOtherApplications,
  closePapersOfClosedApplications,
} from "./adoption-closes.server";

/** The language saved on the account of an address, if it has one (its emails are written in it). */
export async function languageOfAddress(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row?.language;
}

/** Holds ended a run at most; the next run (hourly) takes the rest. */
const holdsPerRun = 200;

/**
 * Gives an end to holds that have none (set before holds had ends): the close of the next business
 * day after they were set, as for a new hold (decision 030).
 */
export async function giveEndsToOpenHolds(db: Database, now: Date): Promise<number> {
  const open = await db
    .select({ id: pets.id, onHoldDate: pets.onHoldDate })
    .from(pets)
    .where(and(isNotNull(pets.onHoldEmail), isNull(pets.onHoldUntil)))
    .limit(holdsPerRun);
  const [first, ...rest] = open.map(({ id, onHoldDate }) =>
    db
      .update(pets)
      .set({ onHoldUntil: closeOfNextBusinessDay(onHoldDate ?? now, shelter.openingHours) })
      .where(and(eq(pets.id, id), isNull(pets.onHoldUntil))),
  );
  if (first) await db.batch([first, ...rest]);
  return open.length;
}

/**
 * Ends every hold whose end has passed. Each hold ends in one D1 batch: the pet is listed again, its
 * history says so, the application that made the hold (if one did) moves to "hold ended" with its
 * history row, and the holder's email is queued (an account's confirmed address only). The update
 * names the hold it ends (holder and end time) and the application read as holding it (or that none
 * does), and is a no-op once done; every later statement requires the one before to have changed a
 * row: running twice, or two runs at once, ends each hold once and queues one email. Returns the
 * pets listed again, whose cached pages the caller purges (decision 034).
 */
export async function endDueHolds(
  db: Database,
  now: Date,
  siteUrl: string,
  languages: EmailLanguages,
): Promise<{ ended: number; failed: number; endedPets: { id: number; species: string }[] }> {
  const due = await db
    .select({ id: pets.id, name: pets.name, species: pets.species, email: pets.onHoldEmail, until: pets.onHoldUntil })
    .from(pets)
    // Deleting a pet ends its hold (issue 39); one deleted before that waits: restored, it ends on the next run.
    .where(and(isNotNull(pets.onHoldEmail), lte(pets.onHoldUntil, now), isNull(pets.deletedAt)))
    .orderBy(asc(pets.onHoldUntil))
    .limit(holdsPerRun);
  let failed = 0;
  const endedPets: { id: number; species: string }[] = [];
  for (const hold of due) {
    if (!hold.email || !hold.until) continue;
    try {
      const holding = await applicationHoldingPet(db, hold.id);
      // In the holder's language (users.language; a hold for an address without an account: English).
      const locale = savedLocale(holding ? holding.language : await languageOfAddress(db, hold.email));
      const i18n = languages(locale);
      const email = holding
        ? applicationStatusMessage(
            holding.email,
            holding.firstName,
            hold.name,
            "hold_ended",
            `${siteUrl}${localizedPath("/applications", locale)}`,
            i18n,
          )
        : holdEndedMessage(
            hold.email,
            hold.name,
            hold.until,
            `${siteUrl}${localizedPath(`/adopt/pet?pet_id=${hold.id}`, locale)}`,
            i18n,
          );
      const application = holdingApplicationMoves(db, hold.id, holding, "hold_ended", null);
      const [changed] = await db.batch([
        db
          .update(pets)
          .set({
            onHoldEmail: null,
            onHoldDate: null,
            onHoldUntil: null,
            listedAt: now,
            version: sql`${pets.version} + 1`,
          })
          .where(
            and(
              eq(pets.id, hold.id),
              eq(pets.onHoldEmail, hold.email),
              eq(pets.onHoldUntil, hold.until),
              lte(pets.onHoldUntil, now),
              application.onlyIf,
            ),
          )
          .returning({ id: pets.id }),
        db
          .insert(petChanges)
          .select(
            sql`select null as id, ${hold.id} as pet_id, null as user_id, ${`Hold ended (was ${hold.email})`} as summary, ${now.getTime()} as created_at where changes() > 0`,
          ),
        ...application.then,
        // changes() here counts the history row just written, so the email goes with it or not at all; the
        // mailer sends it only to a proven address (decision 041).
        db
          .insert(queuedEmails)
          .select(
            sql`select null as id, ${email.to} as "to", ${email.subject} as subject, ${email.text} as text, null as headers, 0 as attempts, null as sent_at, ${now.getTime()} as created_at, null as attachments where changes() > 0`,
          ),
        // Its booked visit, if any, goes with the application (decision 048). A visit keeps the hold
        // until its end, so the visit of a hold this run ends has passed: nobody needs telling.
        cancelVisitsOfClosedApplications(db, hold.id, now),
        // Its adoption papers close with it, dated (decision 070): no signing or paying after the hold.
        closePapersOfClosedApplications(db, hold.id, now),
      ]);
      if (changed.length > 0) endedPets.push({ id: hold.id, species: hold.species });
    } catch (error) {
      // One hold's failure leaves that hold as it was (the batch is all or nothing); the next run retries it.
      failed += 1;
      console.error("could not end the hold of pet", hold.id, error);
    }
  }
  return { ended: endedPets.length, failed, endedPets };
}

/**
 * A staff change of a pet's hold or adoption mark from its edit page (spec §4), with the application
 * that holds the pet, if one does (approved and held are one state, decision 040): ending the hold
 * moves that application to "hold ended", marking its holder adopted moves it to "adopted", in the
 * same batch as the pet's change and history row (marking someone else adopted ends its hold too). `holding` is what the caller read; the write
 * requires that it is still so. Returns the outcome and the application moved, for its email.
 */
export async function changeHold(
  db: Database,
  change: { petId: number; version: number; userId: number; summary: string; set: PetChange; intent: HoldIntent },
): Promise<{ outcome: ChangeOutcome; moved?: HoldingApplication & { to: "hold_ended" | "adopted" } }> {
  const { intent, ...rest } = change;
  const holding = await applicationHoldingPet(db, change.petId);
  // Newly adopted takes priority over a hold (spec §4): the holder's application is adopted if the
  // holder is the adopter, and its hold has ended if someone else is.
  const adoptsHolder = holding !== undefined && change.set.adoptedEmail?.toLowerCase() === holding.email.toLowerCase();
  const to =
    intent === "release" ? "hold_ended" : intent === "adopt" ? (adoptsHolder ? "adopted" : "hold_ended") : null;
  const application = holdingApplicationMoves(db, change.petId, holding, to, change.userId);
  // Newly adopted: every other application for the pet ends as "pet no longer available" in the same batch (issue 24).
  // The holder's own application moves as above (adopted, or hold ended when someone else adopts).
  const closes = intent === "adopt" ? closeOtherApplications(db, change.petId, holding?.id ?? null, change.userId) : [];
  // The moved application's booked visit is cancelled in the same batch (decision 048).
  // Its papers close with the time (decision 070).
  const now = new Date();
  const visitGoes = to
    ? [cancelVisitsOfClosedApplications(db, change.petId, now), closePapersOfClosedApplications(db, change.petId, now)]
    : [];
  const outcome = await changePet(db, {
    ...rest,
    onlyIf: application.onlyIf,
    alongside: [...application.then, ...closes, ...visitGoes],
  });
  return { outcome, moved: outcome === "changed" && holding && to ? { ...holding, to } : undefined };
}

/**
 * Deletes a pet at the version read, as a change (decision 042): it is marked deleted with a history
 * row, hidden everywhere but "Recently deleted", and its rows and photos stay until the nightly run
 * removes them for good after 30 days (`purgeDeletedPets`). In the same batch (issue 39) its hold
 * ends, the application holding it moves to "hold ended" with its history row (one state, decision
 * 040) and that application's booked visit is cancelled (decision 048): a deleted pet is never
 * booked, moved to or reminded about. Returns the outcome and the application moved, for its email.
 */
export async function deletePet(
  db: Database,
  petId: number,
  version: number,
  userId: number,
): Promise<{ outcome: Exclude<ChangeOutcome, "duplicate">; moved?: HoldingApplication & { to: "hold_ended" } }> {
  const holding = await applicationHoldingPet(db, petId);
  const application = holdingApplicationMoves(db, petId, holding, "hold_ended", userId);
  const outcome = await changePet(db, {
    petId,
    version,
    userId,
    summary: "Deleted",
    set: { deletedAt: new Date(), onHoldEmail: null, onHoldDate: null, onHoldUntil: null },
    onlyIf: application.onlyIf,
    alongside: [
      ...application.then,
      cancelVisitsOfClosedApplications(db, petId),
      closePapersOfClosedApplications(db, petId, new Date()),
    ],
  });
  // Only the shelter id's unique index says "duplicate", and a delete does not change the id.
  const result = outcome === "duplicate" ? "conflict" : outcome;
  return { outcome: result, moved: result === "changed" && holding ? { ...holding, to: "hold_ended" } : undefined };
}
