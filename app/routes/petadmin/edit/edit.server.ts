import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { localeOfPath, localizedPath, localeOf } from "#app/lib/i18n/locale";
import { shelterTimeIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { emailField } from "#app/lib/accounts/account-schemas";
import { isHoldIntent } from "#app/lib/pets/hold-transitions";
import { decide, type PetDecision } from "#app/services/pet-decisions.server";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { matchesPhrase } from "#app/lib/pets/confirm-phrase";
import { petFieldsSchema } from "#app/lib/pets/pet-form-schema";
import { hasPermission, type Permission } from "#app/lib/accounts/permissions";
import { placementPanelOf } from "#app/models/foster-placements.server";
import { deletedPetKeptMs, petStatus } from "#app/lib/pets/pet-status";
import { missingForPublishing, type PublishField } from "#app/lib/pets/pet-publishing";
import { staysPanelOf } from "#app/models/pet-stays.server";
import type { Pet } from "#app/db/schema";
import { photoUrl } from "#app/lib/photos/photos";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import {
  adoptedLongAgo,
  setPublished,
  listBondChoices,
  listPetChanges,
  pagePetsForStaff,
  listRecentlyDeleted,
  restorePet,
} from "#app/models/pet-admin.server";
import { readStaffPetFilters, staffPetsPerPage } from "#app/lib/pets/staff-pet-filters";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";
import { savePetForm } from "#app/services/pet-save.server";
import { isUploadRequest } from "#app/lib/photos/upload-answer";
import { deletePhrase, doneTexts } from "./notices";
import { papersOfPet } from "#app/models/adoption-papers.server";
import { applicationHoldingPet } from "#app/models/applications.server";
import { contractPath, recordWalkIn } from "#app/services/adoption-papers.server";
import { maxScanBytes, scanMissing, scanTypes } from "#app/lib/papers/papers-schema";

/**
 * /petadmin/edit's loader and action: the list of pets, or one pet (`?pet_id=`); saving its form
 * (services/pet-save.server.ts), publishing, holds, adoption, delete and restore.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireStaff(context, request, "read:pet");
  const { searchParams: params, pathname } = new URL(request.url);
  const locale = localeOfPath(pathname);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Edit and delete pets`),
    description: i18n._(msg`Staff: find a pet to edit, hold, mark adopted or delete.`),
  };
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
      bond: {
        choices: await listBondChoices(context.db, { id: pet.id, published: pet.publishedAt !== null }),
        current: pet.bondedWith,
      },
      changes: (await listPetChanges(context.db, pet.id)).map((change) => ({
        ...change,
        createdAt: change.createdAt.toISOString(),
      })),
      stays: await staysPanelOf(context.db, pet.id),
      papers: await papersPanelOf(context.db, pet),
      fosterPanel: hasPermission(viewer.role, "read:fosters")
        ? { ...(await placementPanelOf(context.db, pet.id)), canPlace: hasPermission(viewer.role, "update:fosters") }
        : null,
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
  const permissions: Record<string, Permission> = {
    save: "update:pet",
    species: "update:pet",
    publish: "update:pet",
    unpublish: "update:pet",
    hold: "hold:pet",
    release: "hold:pet",
    extend: "hold:pet",
    adopt: "hold:pet",
    unadopt: "hold:pet",
    "walk-in-papers": "hold:pet",
    delete: "delete:pet",
    restore: "delete:pet",
  };
  const permission = Object.hasOwn(permissions, intent) ? permissions[intent] : undefined;
  if (!permission) throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, permission);
  const i18n = i18nOf(request);
  const locale = localeOf(request);

  if (intent === "restore") return restore(context, request, formData, staff.id);

  const petId = readId(String(formData.get("petId") ?? ""));
  const version = Number(formData.get("version"));
  const pet = petId ? await getPet(context.db, petId) : undefined;
  if (!pet || !Number.isInteger(version)) throw new Response("Pet not found", { status: 404 });
  const here = localizedPath(`/petadmin/edit?pet_id=${pet.id}`, locale);
  const name = pet.name;
  const refuse = (message: string, status = 400) => data({ intent, message, result: undefined }, { status });
  const conflict = () =>
    refuse(
      i18n._(msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`),
      409,
    );

  if (intent === "save" || intent === "species") {
    // The form's upload by XHR is told where to go instead of being redirected (lib/photos/upload-answer.ts).
    const upload = isUploadRequest(request);
    const outcome = await savePetForm(
      context,
      formData,
      staff.id,
      { pet, postedVersion: version },
      { photosStayChosen: upload, i18n },
    );
    if (outcome.kind === "saved")
      return upload ? data({ location: `${here}&done=saved` }) : redirect(`${here}&done=saved`);
    return data({ intent, message: undefined, result: undefined, reply: outcome.reply }, { status: outcome.status });
  }

  if (intent === "walk-in-papers") {
    // A walk-in's contract signed on paper (decision 070): its scan, stored as an e-signed contract is.
    const scan = formData.get("scan");
    if (
      !(scan instanceof File) ||
      scan.size === 0 ||
      scan.size > maxScanBytes ||
      !(scanTypes as readonly string[]).includes(scan.type)
    )
      return refuse(i18n._(scanMissing));
    return tryWrite(
      async () => {
        await recordWalkIn(context, pet, scan, staff.id);
        return redirect(`${here}&done=walk_in_papers`);
      },
      (message) => refuse(i18n._(message), 503),
    );
  }

  if (intent === "publish" || intent === "unpublish")
    return publish(context, request, pet, version, staff.id, intent === "publish");

  if (intent !== "delete" && !isHoldIntent(intent)) throw new Response("Unknown action", { status: 400 });
  let email = "";
  let result: SubmissionResult | undefined;
  // A draft is refused whatever was typed (decide says so before the email counts).
  if ((intent === "hold" || intent === "adopt") && pet.publishedAt !== null) {
    const submission = parseWithZod(formData, { schema: holdSchema });
    if (submission.status !== "success")
      return data({ intent, message: undefined, result: submission.reply() }, { status: 400 });
    result = submission.reply();
    email = submission.value.email;
  }
  if (intent === "delete") {
    const phrase = i18n._(deletePhrase);
    if (!matchesPhrase(String(formData.get("confirm") ?? ""), phrase))
      return refuse(i18n._(msg`Type "${phrase}" to delete ${name}.`));
  }
  // What each decision does (the write, the purge, who is told) is services/pet-decisions.server.ts's.
  const decision: PetDecision =
    intent === "hold" || intent === "adopt" ? { kind: intent, pet, version, email } : { kind: intent, pet, version };
  const outcome = await decide(context, decision, { staffId: staff.id, origin: new URL(request.url).origin, i18n });
  switch (outcome.kind) {
    case "done":
      return intent === "delete"
        ? redirect(localizedPath(`/petadmin/edit?deleted=${encodeURIComponent(pet.name)}`, locale))
        : redirect(`${here}&done=${outcome.notice}`);
    case "conflict":
      return conflict();
    case "refused":
      return refuse(outcome.message);
    case "missing":
      throw new Response("Pet not found", { status: 404 });
    case "unavailable":
      // The email typed for a hold stays in its field.
      return data({ intent, message: outcome.message, result }, { status: 503 });
  }
}

/**
 * Publish a draft, or take a listed pet back to draft (decision 052). Publish refuses, with a message
 * under each field, while what adopters need is missing; the form's own fields are then marked.
 */
async function publish(
  context: ActionFunctionArgs["context"],
  request: Request,
  pet: Pet,
  version: number,
  userId: number,
  published: boolean,
) {
  const intent = published ? "publish" : "unpublish";
  const i18n = i18nOf(request);
  const name = pet.name;
  const changedMeanwhile = i18n._(
    msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`,
  );
  const refuse = (message: string, status: number, error: Record<string, string[]> = {}) =>
    data({ intent, message, result: undefined, reply: { initialValue: {}, error, message: undefined } }, { status });
  if (pet.version !== version) return refuse(changedMeanwhile, 409);
  if (published) {
    const missing = missingForPublishing(pet);
    if (Object.keys(missing).length > 0) {
      return refuse(
        i18n._(msg`${name} is not published yet: adopters need what is marked in the form below.`),
        400,
        missing as Record<string, string[]>,
      );
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
      return redirect(
        localizedPath(
          `/petadmin/edit?pet_id=${pet.id}&done=${published ? "published" : "unpublished"}`,
          localeOf(request),
        ),
      );
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
  const refuse = (message: string, status: number) =>
    data({ intent: "restore", message, result: undefined }, { status });
  if (!pet || !Number.isInteger(version)) return refuse(gone, 404);
  return tryWrite(
    async () => {
      const outcome = await restorePet(context.db, pet.id, version, userId);
      if (outcome === "conflict")
        return refuse(
          i18n._(msg`Someone else changed this pet since you opened the list. Here it is as it is now: try again.`),
          409,
        );
      if (outcome === "missing") return refuse(gone, 404);
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(localizedPath(`/petadmin/edit?pet_id=${pet.id}&done=restored`, localeOf(request)));
    },
    (message) => refuse(i18n._(message), 503),
  );
}

/**
 * The "Newly adopted" panel's papers (decision 070): the application whose papers are out for this pet
 * (the panel points to it instead of adopting around it), and the walk-in contracts recorded here.
 */
async function papersPanelOf(db: Parameters<typeof papersOfPet>[0], pet: Pet) {
  const papers = await papersOfPet(db, pet.id);
  const holding = await applicationHoldingPet(db, pet.id);
  const out = holding ? papers.find((row) => row.applicationId === holding.id && row.closedAt === null) : undefined;
  return {
    applicationId: out && pet.adoptedEmail === null ? holding!.id : null,
    walkIns: papers
      .filter((row) => row.applicationId === null && row.fileKey)
      .map((row) => ({ id: row.id, download: contractPath(row.id), at: row.signedAt?.toISOString() ?? null })),
  };
}
