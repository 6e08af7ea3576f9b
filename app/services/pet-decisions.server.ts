import type { AppLoadContext } from "@remix-run/cloudflare";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { shelter } from "#app/config/shelter";
import type { ApplicationStatus, Pet } from "#app/db/schema";
import { applicationStatusMessage } from "#app/lib/applications/application-emails";
import { openStatuses } from "#app/lib/applications/application-questions";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { holdEndedMessage, holdStartedMessage } from "#app/lib/email/emails";
import { holdTransition, type HoldIntent } from "#app/lib/pets/hold-transitions";
import { localizedPath, type Locale } from "#app/lib/i18n/locale";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { tryWrite } from "#app/lib/http/storage-error";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { decideWithPet, moveApplication, type Application } from "#app/models/applications.server";
import { changeHold, deletePet, languageOfAddress } from "#app/models/holds.server";
import { applicantsToTell, tellOtherApplicants, type OtherApplicants } from "#app/services/adoption-closes.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { adoptionEmailWithCare, careRecordEmail } from "#app/services/care-record.server";
import { tellCancelledVisits, visitsToTell, type VisitsToTell } from "#app/services/visit-cancels.server";
import { goHomeText, papersComplete, papersOfApplication } from "#app/services/adoption-papers.server";

/**
 * What happens when staff decide about a pet: an adoption application reviewed, approved, declined or
 * marked adopted (the inbox), and a pet held, released, extended, adopted, unadopted or deleted (its
 * edit page). Every decision runs the same protocol, here and nowhere else:
 *
 * 1. refuse what the pet or application as read does not allow (no write);
 * 2. read who will have to be told (other applicants, booked visits): the write changes them;
 * 3. one conditional write at the version the page showed (decision 014): all or nothing, "conflict"
 *    if anyone changed the pet or the application meanwhile;
 * 4. purge the cached public pages that show the pet (decision 034);
 * 5. tell people after the response has gone (ctx.waitUntil): emails in each reader's language
 *    (decision 057), cancelled visits (decision 048), the other applicants (issue 24).
 *
 * A route parses its form, checks the permission, calls `decide` and maps the outcome to HTTP.
 *
 * To add a decision (an intake or outcome record, a checkout…): add its shape to `PetDecision`, write
 * one documented function `(context, decision, scope) => Promise<DecisionOutcome>` that follows the
 * steps above, and add it to `handlers` (TypeScript insists on each kind having one).
 */

/** Who decides and where: the staff member, the site's origin (for links in emails) and the page's language (for refusals). */
export interface DecisionScope {
  staffId: number;
  origin: string;
  /** The language of the page that asked: refusal and failure messages are in it. */
  i18n: I18n;
}

/** A decision from an adoption application's page. `version` is the application's, as the page showed it. */
interface ApplicationDecisionBase {
  application: Application;
  version: number;
}

/** A decision from a pet's page. `version` is the pet's, as the page showed it. */
interface PetDecisionBase {
  pet: Pet;
  version: number;
}

export type PetDecision =
  | ({ kind: "review" } & ApplicationDecisionBase)
  | ({ kind: "approve"; now?: Date } & ApplicationDecisionBase)
  | ({ kind: "decline"; reason: string } & ApplicationDecisionBase)
  | ({ kind: "adopt-applicant"; now?: Date } & ApplicationDecisionBase)
  | ({ kind: "hold" | "adopt"; email: string } & PetDecisionBase)
  | ({ kind: "release" | "extend" | "unadopt" } & PetDecisionBase)
  | ({ kind: "delete" } & PetDecisionBase);

export type PetDecisionKind = PetDecision["kind"];

/**
 * What came of a decision:
 * - `done`: written, pages purged, people being told; `notice` names what happened (the `?done=` of the
 *   page the route redirects to: "approved", "held", "deleted", …);
 * - `conflict`: someone changed the pet or the application since the page was read: nothing written;
 * - `refused`: not allowed for the pet or application as they are (`message`, in the page's language);
 * - `missing`: the pet is gone (deleted for good meanwhile);
 * - `unavailable`: D1 failed; nothing was lost (`message`, in the page's language).
 */
export type DecisionOutcome =
  | { kind: "done"; notice: string }
  | { kind: "conflict" }
  | { kind: "refused"; message: string }
  | { kind: "missing" }
  | { kind: "unavailable"; message: string };

type Handler<K extends PetDecisionKind> = (
  context: AppLoadContext,
  decision: Extract<PetDecision, { kind: K }>,
  scope: DecisionScope,
) => Promise<DecisionOutcome>;

const done = (notice: string): DecisionOutcome => ({ kind: "done", notice });
const conflict: DecisionOutcome = { kind: "conflict" };
const refused = (message: string): DecisionOutcome => ({ kind: "refused", message });

/** Runs one decision through the whole protocol (see the top of this file). */
export async function decide(
  context: AppLoadContext,
  decision: PetDecision,
  scope: DecisionScope,
): Promise<DecisionOutcome> {
  const handler = handlers[decision.kind] as Handler<PetDecisionKind>;
  return tryWrite(
    () => handler(context, decision, scope),
    (message): DecisionOutcome => ({ kind: "unavailable", message: scope.i18n._(message) }),
  );
}

// ---- Adoption applications (the inbox) ----

/** The pet of an application is held for its applicant (and not adopted), as read with it. */
function holdsPet({ pet, applicant }: Application) {
  return pet.adoptedEmail === null && pet.onHoldEmail?.toLowerCase() === applicant.email.toLowerCase();
}

/** Emails the applicant the application's new status, in their language (users.language, decision 057). */
function emailApplicant(
  context: AppLoadContext,
  origin: string,
  application: Application,
  status: ApplicationStatus,
  reason?: string,
  heldUntil?: Date,
) {
  const { applicant, pet } = application;
  const locale = accountLocale(applicant.language);
  // Adopted with adoption papers: the go-home e-mail (the contract, the receipt, the first-week guide; decision 070).
  const goHome =
    status === "adopted" ? goHomeText(context, application.application.id, pet.name, locale, origin) : null;
  const link = `${origin}${localizedPath("/applications", locale)}`;
  // Approved: straight to the page that books the visit, with the hold's end (issue 40).
  const hold = heldUntil
    ? {
        until: heldUntil,
        visitLink: `${origin}${localizedPath(`/applications/${application.application.id}/visit`, locale)}`,
      }
    : undefined;
  // Adopted: with the pet's care record (issue 45).
  const message = async () =>
    applicationStatusMessage(
      applicant.email,
      applicant.firstName,
      pet.name,
      status,
      link,
      i18nFor(locale),
      reason,
      hold,
      await goHome?.catch((error: unknown) => {
        console.error("could not add the papers to the adoption e-mail", error);
        return null;
      }),
    );
  sendAfterResponse(
    context,
    message().then((email) => adoptionEmailWithCare(context.db, pet.id, status, email, i18nFor(locale), origin)),
  );
}

function tellVisitsLater(context: AppLoadContext, visits: VisitsToTell, origin: string) {
  context.cloudflare.ctx.waitUntil(
    tellCancelledVisits(context, visits, origin).catch((error: unknown) =>
      console.error("could not tell of cancelled visits", error),
    ),
  );
}

function tellOthersLater(
  context: AppLoadContext,
  others: OtherApplicants,
  pet: { id: number; name: string; species: string },
  origin: string,
) {
  context.cloudflare.ctx.waitUntil(
    tellOtherApplicants(context, others, pet, origin).catch((error: unknown) =>
      console.error("could not tell the other applicants", error),
    ),
  );
}

const purgePet = (context: AppLoadContext, pet: { id: number; species: string }) =>
  context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));

/** Start review (submitted → in review): refused if the pet is already adopted; the applicant is emailed. */
const review: Handler<"review"> = async (context, { application, version }, { staffId, origin, i18n }) => {
  const { pet } = application;
  const name = pet.name;
  const adopter = pet.adoptedEmail;
  if (adopter) return refused(i18n._(msg`${name} is newly adopted by ${adopter}: decline this application instead.`));
  const outcome = await moveApplication(context.db, {
    application,
    version,
    from: ["submitted"],
    to: "in_review",
    userId: staffId,
    petMust: "not-adopted",
  });
  if (outcome === "conflict") return conflict;
  emailApplicant(context, origin, application, "in_review");
  return done("in_review");
};

/**
 * Decline with a reason the applicant reads. Declining an approved application ends its hold in the same
 * write (decision 032) and cancels its booked visit (decision 048): the pet's pages are purged and the
 * visit's adopter told.
 */
const decline: Handler<"decline"> = async (context, { application, version, reason }, { staffId, origin }) => {
  const { pet } = application;
  const status = application.application.status;
  const endsHold = status === "approved" && holdsPet(application);
  const visits = status === "approved" ? await visitsToTell(context, pet.id) : [];
  const outcome = endsHold
    ? await decideWithPet(context.db, { application, version, to: "declined", userId: staffId, declineReason: reason })
    : await moveApplication(context.db, {
        application,
        version,
        from: status === "approved" ? ["approved"] : openStatuses,
        to: "declined",
        userId: staffId,
        declineReason: reason,
        petMust: "present",
      });
  if (outcome === "conflict") return conflict;
  if (endsHold) purgePet(context, pet);
  emailApplicant(context, origin, application, "declined", reason);
  tellVisitsLater(context, visits, origin);
  return done("declined");
};

/** Why Approve or Mark adopted is refused for the pet as it is now, or null. */
function takenRefusal(i18n: I18n, kind: "approve" | "adopt-applicant", application: Application): string | null {
  const { pet } = application;
  const { name } = pet;
  const email = pet.adoptedEmail ?? pet.onHoldEmail ?? "";
  if (kind === "approve") {
    if (pet.adoptedEmail)
      return i18n._(
        msg`${name} is newly adopted by ${email}. Remove that on the pet's page first, or decline this application.`,
      );
    if (pet.onHoldEmail)
      return i18n._(
        msg`${name} is already on hold for ${email}. Remove that on the pet's page first, or decline this application.`,
      );
  }
  // Marking adopted ends this application's own hold, as the pet page does: never another adopter's.
  if (kind === "adopt-applicant" && application.application.status === "approved" && !holdsPet(application)) {
    if (pet.adoptedEmail)
      return i18n._(
        msg`${name} is newly adopted by ${email}, not on hold for this applicant: it cannot be marked adopted from this application.`,
      );
    if (pet.onHoldEmail)
      return i18n._(
        msg`${name} is already on hold for ${email}, not on hold for this applicant: it cannot be marked adopted from this application.`,
      );
    return i18n._(
      msg`${name} is not on hold, not on hold for this applicant: it cannot be marked adopted from this application.`,
    );
  }
  return null;
}

/**
 * Approve (the pet goes on hold for the applicant until the close of the next business day) or mark the
 * approved applicant adopted (every other application for the pet closes and its applicants are told,
 * kindly, with pets that match them: issue 24). Both take the pet off the public lists: its pages are purged.
 */
async function approveOrAdopt(
  context: AppLoadContext,
  decision: Extract<PetDecision, { kind: "approve" | "adopt-applicant" }>,
  { staffId, origin, i18n }: DecisionScope,
): Promise<DecisionOutcome> {
  const { application, version } = decision;
  const { pet } = application;
  const taken = takenRefusal(i18n, decision.kind, application);
  if (taken) return refused(taken);
  // Papers sent: the pet goes home once the contract is signed and the fee paid (decision 070).
  if (decision.kind === "adopt-applicant") {
    const papers = await papersOfApplication(context.db, application.application.id);
    if (papers && !papersComplete(papers)) {
      const name = pet.name;
      return refused(
        i18n._(
          msg`The adoption papers for ${name} are not complete: the contract must be signed and the fee paid first.`,
        ),
      );
    }
  }
  const to = decision.kind === "approve" ? "approved" : "adopted";
  const now = decision.now ?? new Date();
  const others = to === "adopted" ? await applicantsToTell(context, pet.id, application.application.id) : [];
  const visits = to === "adopted" ? await visitsToTell(context, pet.id) : [];
  const outcome = await decideWithPet(context.db, { application, version, to, userId: staffId, now });
  if (outcome === "conflict") return conflict;
  tellVisitsLater(context, visits, origin);
  tellOthersLater(context, others, pet, origin);
  // The pet left the public lists: visitors see that on their next request (decision 034).
  purgePet(context, pet);
  // The hold ends where every hold set at `now` ends (models/pet-admin, decision 030).
  emailApplicant(
    context,
    origin,
    application,
    to,
    undefined,
    to === "approved" ? closeOfNextBusinessDay(now, shelter.openingHours) : undefined,
  );
  return done(to);
}

// ---- A pet's page ----

const holdNotices: Record<HoldIntent, string> = {
  hold: "held",
  release: "released",
  extend: "extended",
  adopt: "adopted",
  unadopt: "unadopted",
};

/**
 * Hold, release, extend, mark adopted or unmark (spec §4), from the pet's page. A draft is neither held
 * nor adopted. The change, its history row and the application holding the pet (if one does) are one
 * batch (decisions 014 and 040). Adopting tells the other applicants; adopting or releasing cancels the
 * holder's booked visit; the holder whose application moved, a released holder and a new holder are emailed.
 */
async function changeHoldOf(
  context: AppLoadContext,
  decision: Extract<PetDecision, { kind: HoldIntent }>,
  { staffId, origin, i18n }: DecisionScope,
): Promise<DecisionOutcome> {
  const { pet, version, kind: intent } = decision;
  const name = pet.name;
  if ((intent === "hold" || intent === "adopt") && pet.publishedAt === null) {
    return refused(i18n._(msg`${name} is a draft: publish ${name} before holding it or marking it adopted.`));
  }
  const email = "email" in decision ? decision.email : "";
  const change = holdTransition(pet, intent, email, i18n);
  if ("refusal" in change) return refused(change.refusal);
  const { set, summary } = change;
  const others = intent === "adopt" ? await applicantsToTell(context, pet.id, null) : [];
  // Ending the hold or adopting cancels the holder's booked visit in the same batch (decision 048).
  const visits = intent === "adopt" || intent === "release" ? await visitsToTell(context, pet.id) : [];
  const { outcome, moved } = await changeHold(context.db, {
    petId: pet.id,
    version,
    userId: staffId,
    summary,
    set,
    intent,
  });
  if (outcome === "conflict") return conflict;
  purgePet(context, pet);
  tellVisitsLater(context, visits, origin);
  // Newly adopted: the other applicants for this pet are told, with pets that match them (issue 24).
  tellOthersLater(context, others, pet, origin);
  // Each email in its reader's language (users.language; an address without an account: English).
  const petLink = (locale: Locale) => `${origin}${localizedPath(`/adopt/pet?pet_id=${pet.id}`, locale)}`;
  if (moved) {
    const locale = accountLocale(moved.language);
    // Adopted: with the pet's care record (issue 45).
    const message = applicationStatusMessage(
      moved.email,
      moved.firstName,
      pet.name,
      moved.to,
      `${origin}${localizedPath("/applications", locale)}`,
      i18nFor(locale),
    );
    sendAfterResponse(context, adoptionEmailWithCare(context.db, pet.id, moved.to, message, i18nFor(locale), origin));
  } else if (intent === "release" && pet.onHoldEmail) {
    // "End hold now" tells the holder as the scheduled end does (the mailer sends only to proven addresses, decision 041).
    const locale = accountLocale(await languageOfAddress(context.db, pet.onHoldEmail));
    sendAfterResponse(
      context,
      holdEndedMessage(pet.onHoldEmail, pet.name, pet.onHoldUntil ?? new Date(), petLink(locale), i18nFor(locale)),
    );
  } else if (intent === "hold" && set.onHoldDate) {
    // A hold set by hand tells its holder, as an approval does: until when, and our opening hours.
    const until = closeOfNextBusinessDay(set.onHoldDate, shelter.openingHours);
    const locale = accountLocale(await languageOfAddress(context.db, email));
    sendAfterResponse(context, holdStartedMessage(email, pet.name, until, petLink(locale), i18nFor(locale)));
  }
  // Marked adopted with no application of theirs: the adopter still takes the care record home (issue 45).
  if (intent === "adopt" && moved?.to !== "adopted") {
    const locale = accountLocale(await languageOfAddress(context.db, email));
    sendAfterResponse(context, careRecordEmail(context.db, pet, email, i18nFor(locale), origin));
  }
  return done(holdNotices[intent]);
}

/**
 * Delete (decision 042): kept 30 days in "Recently deleted", photos and history included; the nightly
 * run removes it for good after that. Its hold ends and its booked visit is cancelled in the same write;
 * the adopter is told, as when declined (issue 39).
 */
const remove: Handler<"delete"> = async (context, { pet, version }, { staffId, origin }) => {
  const visits = await visitsToTell(context, pet.id);
  const { outcome, moved } = await deletePet(context.db, pet.id, version, staffId);
  if (outcome === "conflict") return conflict;
  if (outcome === "missing") return { kind: "missing" };
  purgePet(context, pet);
  tellVisitsLater(context, visits, origin);
  if (moved) {
    const adopterLocale = accountLocale(moved.language);
    sendAfterResponse(
      context,
      applicationStatusMessage(
        moved.email,
        moved.firstName,
        pet.name,
        moved.to,
        `${origin}${localizedPath("/applications", adopterLocale)}`,
        i18nFor(adopterLocale),
      ),
    );
  }
  return done("deleted");
};

/** One handler per kind of decision: a new kind added to `PetDecision` must be given one here. */
const handlers: { [K in PetDecisionKind]: Handler<K> } = {
  review,
  approve: approveOrAdopt,
  decline,
  "adopt-applicant": approveOrAdopt,
  hold: changeHoldOf,
  release: changeHoldOf,
  extend: changeHoldOf,
  adopt: changeHoldOf,
  unadopt: changeHoldOf,
  delete: remove,
};
