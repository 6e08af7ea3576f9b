import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { localeOfPath, localizedPath } from "#app/lib/locale";
import { shelterTimeIn } from "#app/lib/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { shelter } from "#app/config/shelter";
import { emailField } from "#app/lib/account-schemas";
import { closeOfNextBusinessDay } from "#app/lib/business-hours";
import { holdTransition, isHoldIntent } from "#app/lib/hold-transitions";
import { tagsForPetChange } from "#app/lib/page-tags";
import { matchesPhrase } from "#app/lib/confirm-phrase";
import { petFieldsSchema } from "#app/lib/pet-form-schema";
import { hasPermission, type Permission } from "#app/lib/permissions";
import { placementPanelOf } from "#app/models/foster-placements.server";
import { deletedPetKeptMs, petStatus } from "#app/lib/pet-status";
import { missingForPublishing, type PublishField } from "#app/lib/pet-publishing";
import type { Pet } from "#app/db/schema";
import { photoUrl } from "#app/lib/photos";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { changeHold, deletePet, languageOfAddress } from "#app/models/holds.server";
import { applicantsToTell, tellOtherApplicants } from "#app/services/adoption-closes.server";
import { applicationStatusMessage } from "#app/lib/application-emails";
import { holdEndedMessage, holdStartedMessage } from "#app/lib/emails";
import { sendAfterResponse } from "#app/services/notify.server";
import { adoptionEmailWithCare, careRecordEmail } from "#app/services/care-record.server";
import { adoptedLongAgo, setPublished, listBondChoices, listPetChanges, pagePetsForStaff, listRecentlyDeleted, restorePet } from "#app/models/pet-admin.server";
import { readStaffPetFilters, staffPetsPerPage } from "#app/lib/staff-pet-filters";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";
import { savePetForm } from "#app/services/pet-save.server";
import { isUploadRequest } from "#app/lib/upload-answer";
import { tellCancelledVisits, visitsToTell } from "#app/services/visit-cancels.server";
import type { Locale } from "#app/lib/locale";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { deletePhrase, doneTexts } from "./notices";

/**
 * /petadmin/edit's loader and action: the list of pets, or one pet (`?pet_id=`); saving its form
 * (services/pet-save.server.ts), publishing, holds, adoption, delete and restore.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireStaff(context, request, "read:pet");
  const { searchParams: params, pathname } = new URL(request.url);
  const locale = localeOfPath(pathname);
  const i18n = i18nOf(request);
  const meta = { title: i18n._(msg`Edit and delete pets`), description: i18n._(msg`Staff: find a pet to edit, hold, mark adopted or delete.`) };
  const petId = readId(params.get("pet_id"));
  if (params.has("pet_id")) {
    const pet = petId ? await getPet(context.db, petId) : undefined;
    if (!pet) throw new Response("Pet not found", { status: 404 });
    return {
      view: "pet" as const,
      meta,
      tab: params.get("tab") === "description" ? ("description" as const) : ("edit" as const),
      done: doneOf(params.get("done")),
      pet: {
        ...pet,
        photos: pet.images.map(photoUrl),
        photoItems: pet.images.map((key) => ({ key, url: photoUrl(key) })),
        onHoldDate: pet.onHoldDate?.toISOString() ?? null,
        onHoldUntil: pet.onHoldUntil ? shelterTimeIn(locale, pet.onHoldUntil) : null,
        adoptedDate: pet.adoptedDate?.toISOString() ?? null,
        publishedAt: pet.publishedAt?.toISOString() ?? null,
      },
      status: petStatus(pet),
      missing: Object.keys(missingForPublishing(pet)) as PublishField[],
      constraint: getZodConstraint(petFieldsSchema),
      bond: { choices: await listBondChoices(context.db, { id: pet.id, published: pet.publishedAt !== null }), current: pet.bondedWith },
      changes: (await listPetChanges(context.db, pet.id)).map((change) => ({ ...change, createdAt: change.createdAt.toISOString() })),
      fosterPanel: hasPermission(viewer.role, "read:fosters") ? { ...(await placementPanelOf(context.db, pet.id)), canPlace: hasPermission(viewer.role, "update:fosters") } : null,
    };
  }
  const filters = readStaffPetFilters(params);
  const { pets, total } = await pagePetsForStaff(context.db, filters);
  return {
    view: "list" as const,
    meta,
    filters,
    total,
    totalPages: Math.ceil(total / staffPetsPerPage),
    deleted: params.get("deleted"),
    recentlyDeleted: (await listRecentlyDeleted(context.db)).map(({ deletedAt, ...pet }) => ({
      ...pet,
      deletedAt: deletedAt.toISOString(),
      goneOn: new Date(deletedAt.getTime() + deletedPetKeptMs).toISOString(),
    })),
    pets: pets.map(({ onHoldUntil, ...pet }) => ({
      ...pet,
      onHoldUntil: onHoldUntil ? shelterTimeIn(locale, onHoldUntil) : null,
    })),
    suggestions: await adoptedLongAgo(context.db),
  };
}


const holdSchema = z.object({ email: emailField });
/** The `done` notice to show: own keys only, so `?done=__proto__` cannot put an object on the page. */
const doneOf = (done: string | null) => (done !== null && Object.hasOwn(doneTexts, done) ? done : null);

/**
 * Hold, release, mark adopted, unmark, delete (spec §4). Each names the permission it needs, and
 * each applies only to the version of the pet the form was made from: a change another staff member
 * made meanwhile is never overwritten.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Staff first, before the body is read (issue 22); the intent's own permission once it is known.
  await requireStaff(context, request, "read:pet");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const permissions: Record<string, Permission> = { save: "update:pet", species: "update:pet", publish: "update:pet", unpublish: "update:pet", hold: "hold:pet", release: "hold:pet", extend: "hold:pet", adopt: "hold:pet", unadopt: "hold:pet", delete: "delete:pet", restore: "delete:pet" };
  const permission = Object.hasOwn(permissions, intent) ? permissions[intent] : undefined;
  if (!permission) throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, permission);
  const i18n = i18nOf(request);
  const locale = localeOfPath(new URL(request.url).pathname);

  if (intent === "restore") return restore(context, request, formData, staff.id);

  const petId = readId(String(formData.get("petId") ?? ""));
  const version = Number(formData.get("version"));
  const pet = petId ? await getPet(context.db, petId) : undefined;
  if (!pet || !Number.isInteger(version)) throw new Response("Pet not found", { status: 404 });
  const here = localizedPath(`/petadmin/edit?pet_id=${pet.id}`, locale);
  const name = pet.name;
  const refuse = (message: string, status = 400) => data({ intent, message, result: undefined }, { status });
  const conflict = () =>
    refuse(i18n._(msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`), 409);

  if (intent === "save" || intent === "species") {
    // The form's upload by XHR is told where to go instead of being redirected (lib/upload-answer.ts).
    const upload = isUploadRequest(request);
    const outcome = await savePetForm(context, formData, staff.id, { pet, postedVersion: version }, { photosStayChosen: upload, i18n });
    if (outcome.kind === "saved") return upload ? data({ location: `${here}&done=saved` }) : redirect(`${here}&done=saved`);
    return data({ intent, message: undefined, result: undefined, reply: outcome.reply }, { status: outcome.status });
  }

  if (intent === "publish" || intent === "unpublish") return publish(context, request, pet, version, staff.id, intent === "publish");

  if ((intent === "hold" || intent === "adopt") && pet.publishedAt === null) {
    return refuse(i18n._(msg`${name} is a draft: publish ${name} before holding it or marking it adopted.`));
  }

  if (intent === "delete") {
    const phrase = i18n._(deletePhrase);
    if (!matchesPhrase(String(formData.get("confirm") ?? ""), phrase)) return refuse(i18n._(msg`Type "${phrase}" to delete ${name}.`));
    return tryWrite(
      async () => {
        // Kept 30 days in "Recently deleted", photos and history included (decision 042); the
        // nightly run removes it for good after that. Its hold ends and its booked visit is
        // cancelled in the same write; the adopter is told, as when declined (issue 39).
        const visits = await visitsToTell(context, pet.id);
        const { outcome, moved } = await deletePet(context.db, pet.id, version, staff.id);
        if (outcome === "conflict") return conflict();
        if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
        context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
        const origin = new URL(request.url).origin;
        context.cloudflare.ctx.waitUntil(tellCancelledVisits(context, visits, origin).catch((error: unknown) => console.error("could not tell of cancelled visits", error)));
        if (moved) {
          const adopterLocale = accountLocale(moved.language);
          sendAfterResponse(context, applicationStatusMessage(moved.email, moved.firstName, pet.name, moved.to, `${origin}${localizedPath("/applications", adopterLocale)}`, i18nFor(adopterLocale)));
        }
        return redirect(localizedPath(`/petadmin/edit?deleted=${encodeURIComponent(pet.name)}`, locale));
      },
      (message) => refuse(i18n._(message), 503),
    );
  }

  if (!isHoldIntent(intent)) throw new Response("Unknown action", { status: 400 });
  let email = "";
  let result: SubmissionResult | undefined;
  if (intent === "hold" || intent === "adopt") {
    const submission = parseWithZod(formData, { schema: holdSchema });
    if (submission.status !== "success") return data({ intent, message: undefined, result: submission.reply() }, { status: 400 });
    result = submission.reply();
    email = submission.value.email;
  }
  const change = holdTransition(pet, intent, email, i18n);
  if ("refusal" in change) return refuse(change.refusal);
  const { set, summary } = change;
  const done = { hold: "held", release: "released", extend: "extended", adopt: "adopted", unadopt: "unadopted" }[intent];
  return tryWrite(
    async () => {
      // The change, its history row and the application holding the pet (if one does) are one batch
      // (decisions 014 and 040): all or nothing.
      const others = intent === "adopt" ? await applicantsToTell(context, pet.id, null) : [];
      // Ending the hold or adopting cancels the holder's booked visit in the same batch (decision 048).
      const visits = intent === "adopt" || intent === "release" ? await visitsToTell(context, pet.id) : [];
      const { outcome, moved } = await changeHold(context.db, { petId: pet.id, version, userId: staff.id, summary, set, intent });
      if (outcome === "conflict") return conflict();
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      const origin = new URL(request.url).origin;
      context.cloudflare.ctx.waitUntil(tellCancelledVisits(context, visits, origin).catch((error: unknown) => console.error("could not tell of cancelled visits", error)));
      // Newly adopted: the other applicants for this pet are told, with pets that match them (issue 24).
      context.cloudflare.ctx.waitUntil(tellOtherApplicants(context, others, pet, origin).catch((error: unknown) => console.error("could not tell the other applicants", error)));
      // Each email in its reader's language (users.language; an address without an account: English).
      const petLink = (locale: Locale) => `${origin}${localizedPath(`/adopt/pet?pet_id=${pet.id}`, locale)}`;
      if (moved) {
        const locale = accountLocale(moved.language);
        sendAfterResponse(context, adoptionEmailWithCare(context.db, pet.id, moved.to, applicationStatusMessage(moved.email, moved.firstName, pet.name, moved.to, `${origin}${localizedPath("/applications", locale)}`, i18nFor(locale)), i18nFor(locale), origin));
      } else if (intent === "release" && pet.onHoldEmail) {
        // "End hold now" tells the holder as the scheduled end does (the mailer sends only to proven addresses, decision 041).
        const locale = accountLocale(await languageOfAddress(context.db, pet.onHoldEmail));
        sendAfterResponse(context, holdEndedMessage(pet.onHoldEmail, pet.name, pet.onHoldUntil ?? new Date(), petLink(locale), i18nFor(locale)));
      } else if (intent === "hold" && set.onHoldDate) {
        // A hold set by hand tells its holder, as an approval does: until when, and our opening hours.
        const until = closeOfNextBusinessDay(set.onHoldDate, shelter.openingHours);
        const locale = accountLocale(await languageOfAddress(context.db, email));
        sendAfterResponse(context, holdStartedMessage(email, pet.name, until, petLink(locale), i18nFor(locale)));
      }
      // Marked adopted with no application of theirs: the adopter still takes the care record home (issue 45).
      if (intent === "adopt" && moved?.to !== "adopted") sendAfterResponse(context, careRecordEmail(context.db, pet, email, i18nFor(accountLocale(await languageOfAddress(context.db, email))), origin));
      return redirect(`${here}&done=${done}`);
    },
    // The email typed for a hold stays in its field.
    (message) => data({ intent, message: i18n._(message), result }, { status: 503 }),
  );
}

/**
 * Publish a draft, or take a listed pet back to draft (decision 052). Publish refuses, with a message
 * under each field, while what adopters need is missing; the form's own fields are then marked.
 */
async function publish(context: ActionFunctionArgs["context"], request: Request, pet: Pet, version: number, userId: number, published: boolean) {
  const intent = published ? "publish" : "unpublish";
  const i18n = i18nOf(request);
  const name = pet.name;
  const changedMeanwhile = i18n._(msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`);
  const refuse = (message: string, status: number, error: Record<string, string[]> = {}) =>
    data({ intent, message, result: undefined, reply: { initialValue: {}, error, message: undefined } }, { status });
  if (pet.version !== version) return refuse(changedMeanwhile, 409);
  if (published) {
    const missing = missingForPublishing(pet);
    if (Object.keys(missing).length > 0) {
      return refuse(i18n._(msg`${name} is not published yet: adopters need what is marked in the form below.`), 400, missing as Record<string, string[]>);
    }
  } else if (petStatus(pet) !== "listed") {
    const message =
      petStatus(pet) === "draft"
        ? msg`${name} is already a draft: only a listed pet goes back to draft.`
        : msg`${name} is on hold or adopted: only a listed pet goes back to draft.`;
    return refuse(i18n._(message), 409);
  }
  return tryWrite(
    async () => {
      const outcome = await setPublished(context.db, { petId: pet.id, version, userId, published });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict") return refuse(changedMeanwhile, 409);
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(localizedPath(`/petadmin/edit?pet_id=${pet.id}&done=${published ? "published" : "unpublished"}`, localeOfPath(new URL(request.url).pathname)));
    },
    (message) => refuse(i18n._(message), 503),
  );
}

/** Restore from "Recently deleted" (decision 042): the pet comes back as it was, at the version listed. */
async function restore(context: ActionFunctionArgs["context"], request: Request, formData: FormData, userId: number) {
  const i18n = i18nOf(request);
  const gone = i18n._(msg`This pet is no longer in Recently deleted: it was restored or removed for good.`);
  const petId = readId(String(formData.get("petId") ?? ""));
  const version = Number(formData.get("version"));
  const pet = petId ? (await listRecentlyDeleted(context.db)).find((deleted) => deleted.id === petId) : undefined;
  const refuse = (message: string, status: number) => data({ intent: "restore", message, result: undefined }, { status });
  if (!pet || !Number.isInteger(version)) return refuse(gone, 404);
  return tryWrite(
    async () => {
      const outcome = await restorePet(context.db, pet.id, version, userId);
      if (outcome === "conflict") return refuse(i18n._(msg`Someone else changed this pet since you opened the list. Here it is as it is now: try again.`), 409);
      if (outcome === "missing") return refuse(gone, 404);
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(localizedPath(`/petadmin/edit?pet_id=${pet.id}&done=restored`, localeOfPath(new URL(request.url).pathname)));
    },
    (message) => refuse(i18n._(message), 503),
  );
}
