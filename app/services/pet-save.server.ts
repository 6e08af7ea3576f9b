import type { I18n } from "@lingui/core";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Pet } from "#app/db/schema";
import { displayList } from "#app/lib/pets/breeds";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import {
  petFieldsSchema,
  petFormSchema,
  type PetFormFieldName,
  type PetFormReply,
  type PetFormValues,
} from "#app/lib/pets/pet-form-schema";
import { missingForPublishing } from "#app/lib/pets/pet-publishing";
import { orderByPositions } from "#app/lib/photos/photos";
import { shelter } from "#app/config/shelter";
import { intakeOutcomeMessages, intakeSchema, type IntakeValues } from "#app/lib/intake-outcome/intake-outcome-schema";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { animalIdTaken, bondPartnerRefusal, changePet, createPet } from "#app/models/pet-admin.server";
import { checkPhotos, postedFiles, removePhotos, storePhotos } from "#app/services/pet-photos.server";

export type PetFormOutcome = { kind: "saved"; petId: number } | { kind: "reply"; status: number; reply: PetFormReply };

const photosAgain = /*i18n*/ "Choose the photos again: files are not kept when the form is sent back.";

/**
 * The form's fields as the schema names them (`breedsFor` follows the species and is not shown): the
 * ones the schema takes as arrays (the ticked boxes) are lists, the rest one value each.
 */
const constraint = getZodConstraint(petFieldsSchema);
const formFields = Object.keys(petFieldsSchema.shape).filter((name): name is PetFormFieldName => name !== "breedsFor");

/** What was posted, to show again when the form is sent back. */
function payloadOf(formData: FormData): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const name of formFields) {
    if (constraint[name]?.multiple) {
      payload[name] = formData.getAll(name).filter((value) => typeof value === "string");
    } else {
      const value = formData.get(name);
      if (typeof value === "string") payload[name] = value;
    }
  }
  return payload;
}

/**
 * The kept photos of an edited pet in the order the staff member gave: only the pet's own keys count
 * (anything else posted is ignored), positions sort them, photos the form left out stay at the end.
 */
export function orderPhotos(existing: readonly string[], formData: FormData): { kept: string[]; removed: string[] } {
  const keys = formData.getAll("photoKey").map(String);
  const positions = formData.getAll("photoPosition").map((value) => Number(value));
  const removeSet = new Set(
    formData
      .getAll("removePhoto")
      .map(String)
      .filter((key) => existing.includes(key)),
  );
  return {
    kept: orderByPositions(existing, keys, positions).filter((key) => !removeSet.has(key)),
    removed: [...removeSet],
  };
}

const labels: Record<keyof PetFormValues, string> = {
  name: "name",
  animalId: "pet id",
  ageMonths: "age",
  weightLbs: "weight",
  sex: "sex",
  species: "species",
  breed: "breed",
  activeLevel: "active level",
  characteristics: "characteristics",
  adoptionFee: "adoption fee",
  about: "about",
  bondedWith: "bonded pair",
};

/** "Edited age, breed; 2 photos added, 1 removed" for the history. */
function editSummary(pet: Pet, values: PetFormValues, added: number, removed: number, reordered: boolean): string {
  const changed = (Object.keys(labels) as (keyof PetFormValues)[]).filter((key) => {
    const before = pet[key];
    const after = values[key];
    return Array.isArray(before)
      ? displayList(before) !== displayList(after as string[]) || before.join() !== (after as string[]).join()
      : before !== after;
  });
  const parts: string[] = [];
  if (changed.length > 0) parts.push(`Edited ${changed.map((key) => labels[key]).join(", ")}`);
  const photos = (count: number) => `${count} photo${count === 1 ? "" : "s"}`;
  const photoParts = [
    added ? `${photos(added)} added` : "",
    removed ? `${added ? removed : photos(removed)} removed` : "",
    reordered && !added && !removed ? "photos reordered" : "",
  ].filter(Boolean);
  if (photoParts.length > 0) parts.push(photoParts.join(", "));
  return parts.length > 0 ? parts.join("; ") : "Saved without changes";
}

/**
 * Saving the Upload Pet and Edit pet forms, shared by their two routes (`/petadmin/create` and
 * `/petadmin/edit`): validates and saves the Upload Pet form (no `edit`) or the Edit pet form. Photos are checked,
 * then stored in R2, then the pet is written; whatever fails after the photos are stored removes them,
 * and photos taken off an edited pet are deleted only once the pet no longer names them. A saved pet's
 * cached pages are purged after the response (decision 034).
 */
export async function savePetForm(
  context: AppLoadContext,
  formData: FormData,
  userId: number,
  edit?: { pet: Pet; postedVersion: number },
  {
    photosStayChosen = false,
    i18n,
  }: {
    /** The page keeps the chosen files (the upload by XHR, decision 038): no "choose them again". */
    photosStayChosen?: boolean;
    /** The request's, for the photo checks' messages in the page's language (English without it). */
    i18n?: I18n;
  } = {},
): Promise<PetFormOutcome> {
  const existing = edit?.pet;
  // Translated here: the page's catalogue in the browser holds only what its own code shows (decision 059).
  const chooseAgain = i18n ? i18n._(photosAgain) : photosAgain;
  const files = postedFiles(formData, "newPhotos");
  const payload = payloadOf(formData);
  // The create form's intake fields come back with the rest, "Show breeds" included (decision 064).
  if (!edit) keepIntakeFields(formData, payload);
  const replyWith = (status: number, error: Record<string, string[]>, message?: string): PetFormOutcome => {
    const withPhotoNote =
      files.length > 0 && !error.newPhotos && !photosStayChosen ? { ...error, newPhotos: [chooseAgain] } : error;
    return { kind: "reply", status, reply: { initialValue: payload, error: withPhotoNote, message } };
  };

  if (formData.get("intent") === "species") {
    // Without JavaScript, "Show breeds" sends the form back for the chosen species, breeds cleared.
    const error: Record<string, string[]> = files.length > 0 ? { newPhotos: [chooseAgain] } : {};
    const reply = { initialValue: { ...payload, breed: [], breedOther: "" }, error };
    return { kind: "reply", status: 200, reply };
  }

  const submission = parseWithZod(formData, { schema: petFormSchema });
  // A new pet is never saved without how it came to us (decision 064): the create form asks.
  const intake = edit ? undefined : parseIntake(formData, payload);
  const photoOrder = existing ? orderPhotos(existing.images, formData) : { kept: [], removed: [] };
  const checked = await checkPhotos(files, photoOrder.kept.length, i18n);
  const errors: Record<string, string[]> = {};
  if (submission.status !== "success") {
    for (const [name, messages] of Object.entries(submission.error ?? {}))
      if (messages?.length) errors[name] = messages;
  }
  if (checked.errors.length > 0) errors.newPhotos = checked.errors;
  if (intake && "errors" in intake) Object.assign(errors, intake.errors);
  const values = submission.status === "success" ? submission.value : undefined;
  if (values && existing?.publishedAt) {
    // A published pet stays complete: what Publish asks for cannot be taken away by a save (decision 052).
    const images = [...photoOrder.kept, ...checked.photos.map(() => "new")];
    for (const [name, messages] of Object.entries(missingForPublishing({ ...values, images })))
      errors[name] ??= messages;
  }
  if (values && (await animalIdTaken(context.db, values.animalId, existing?.id))) {
    errors.animalId = [`Another pet already has the pet id ${values.animalId}.`];
  }
  const bondRefusal = values?.bondedWith
    ? await bondPartnerRefusal(
        context.db,
        values.bondedWith,
        existing ? { id: existing.id, published: existing.publishedAt !== null } : undefined,
      )
    : null;
  if (bondRefusal === "gone")
    errors.bondedWith = [
      "Choose another pet: this one cannot be its bonded partner (it is this pet, deleted or adopted).",
    ];
  if (bondRefusal === "draft")
    errors.bondedWith = [
      "Choose another pet: this one is a draft, and a published pet's bonded partner must be published too. Publish it first.",
    ];
  if (!values || Object.keys(errors).length > 0) {
    return replyWith(400, errors, "Some fields need attention: see the messages below.");
  }

  let keys: string[];
  try {
    keys = await storePhotos(context.photos, context.images, checked.photos);
  } catch (error) {
    console.error("photo upload failed", error);
    return replyWith(503, { newPhotos: ["The photos could not be stored. Nothing was saved: please try again."] });
  }

  try {
    if (!edit) {
      const created = await createPet(
        context.db,
        { ...values, images: keys },
        userId,
        intake && "value" in intake ? intake.value : undefined,
      );
      if (created === "duplicate") {
        await removePhotos(context.photos, keys);
        return replyWith(400, { animalId: [`Another pet already has the pet id ${values.animalId}.`] });
      }
      context.pages.purgeAfterSave(tagsForPetChange(created.id, [values.species]));
      return { kind: "saved", petId: created.id };
    }
    const { pet, postedVersion } = edit;
    const images = [...photoOrder.kept, ...keys];
    const reordered = photoOrder.kept.join() !== pet.images.filter((key) => photoOrder.kept.includes(key)).join();
    const summary = editSummary(pet, values, keys.length, photoOrder.removed.length, reordered);
    const outcome = await changePet(context.db, {
      petId: pet.id,
      version: postedVersion,
      userId,
      summary,
      set: { ...values, images },
    });
    if (outcome !== "changed") await removePhotos(context.photos, keys);
    if (outcome === "duplicate")
      return replyWith(400, { animalId: [`Another pet already has the pet id ${values.animalId}.`] });
    if (outcome === "conflict" || outcome === "missing") {
      return {
        kind: "reply",
        status: 409,
        reply: {
          initialValue: {},
          error: {},
          message:
            "Someone else changed this pet since you opened it, so your changes were not saved. The form now shows the pet as it is: make your changes again.",
        },
      };
    }
    context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species, values.species]));
    await removePhotos(context.photos, photoOrder.removed);
    return { kind: "saved", petId: pet.id };
  } catch (error) {
    console.error("pet not saved", error);
    await removePhotos(context.photos, keys);
    return replyWith(503, {}, "The pet could not be saved just now. Nothing was changed: please try again.");
  }
}

/**
 * The create form's intake fields (decision 064), checked as the pet's are: kept in the payload to be
 * shown again; a day after today (shelter time) is refused. A post that sends no intake type or day at
 * all (a script, not the form, which always shows both chosen) gets what the form would have chosen:
 * the shelter's most common type, today; so no pet is saved without an intake either way.
 */
function parseIntake(
  formData: FormData,
  payload: Record<string, unknown>,
): { value: IntakeValues } | { errors: Record<string, string[]> } {
  const today = shelterDayOf(Date.now(), shelter.openingHours.timeZone);
  keepIntakeFields(formData, payload, today);
  const parsed = intakeSchema.safeParse(
    Object.fromEntries(["intakeType", "intakeOn", "intakeSource", "intakeNotes"].map((name) => [name, payload[name]])),
  );
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    return { errors };
  }
  if (parsed.data.intakeOn > today) return { errors: { intakeOn: [intakeOutcomeMessages.future] } };
  return { value: parsed.data };
}

/** The intake fields as posted, into the payload shown again; what was not posted, as the form would have chosen it. */
function keepIntakeFields(
  formData: FormData,
  payload: Record<string, unknown>,
  today = shelterDayOf(Date.now(), shelter.openingHours.timeZone),
) {
  const chosen: Record<string, string> = {
    intakeType: shelter.intakes.defaultType,
    intakeOn: today,
    intakeSource: "",
    intakeNotes: "",
  };
  for (const name of ["intakeType", "intakeOn", "intakeSource", "intakeNotes"]) {
    const value = formData.get(name);
    payload[name] = typeof value === "string" ? value : chosen[name];
  }
}
