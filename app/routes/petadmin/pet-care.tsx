import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CarePanel, careDoneOf } from "#app/components/care-panel";
import { shelter } from "#app/config/shelter";
import { dayIn } from "#app/lib/care/calendar";
import { careIntents, careSchemas, type CareIntent } from "#app/lib/care/care-schemas";
import { chipManufacturerOf } from "#app/lib/care/microchip";
import { overdueVaccinations, vaccineName, vaccinesFor } from "#app/lib/care/vaccinations";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import type { AdminPageHandle } from "#app/components/admin-page";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { readFormData, readId } from "#app/lib/http/request";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import { tryWrite } from "#app/lib/http/storage-error";
import { i18nOf } from "#app/locales/catalogs.server";
import {
  addCareNote,
  addVaccination,
  addWeight,
  careAnswersOfPet,
  careRecordOf,
  setChip,
  setFixed,
} from "#app/models/care.server";
import { getPet } from "#app/models/pets.server";
import type { Database } from "#app/db/client.server";
import { requireStaff } from "#app/services/auth.server";

/**
 * /petadmin/pets/:id/care: a pet's care record (issue 45, decision 067), its own short page so staff
 * on a phone add one entry without the whole pet form: a vaccination, spay/neuter, the microchip, a
 * weight, a medication or note. Linked from the pet's edit page ("Care record").
 */
export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): the page has its own back link, to the pet; its class. */
export const handle: AdminPageHandle = { adminBack: "none", adminPageClass: "care-page" };
export const shouldRevalidate = revalidateAfterConflict;

async function petOf(context: LoaderFunctionArgs["context"], id: string | undefined) {
  const petId = readId(id ?? "");
  const pet = petId ? await getPet(context.db, petId) : undefined;
  if (!pet) throw new Response("Pet not found", { status: 404 });
  return pet;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const pet = await petOf(context, params.id);
  const i18n = i18nOf(request);
  const name = pet.name;
  const [record, answers] = await Promise.all([careRecordOf(context.db, pet.id), careAnswersOfPet(context.db, pet.id)]);
  const today = dayIn(shelter.openingHours.timeZone, new Date());
  const overdue = new Set(overdueVaccinations(record.vaccinations, today).map((vaccination) => vaccination.id));
  const manufacturer = record.care.chipNumber ? chipManufacturerOf(record.care.chipNumber) : null;
  return {
    meta: {
      title: i18n._(msg`${name}'s care record`),
      description: i18n._(msg`Staff: vaccinations, spay or neuter, microchip, weight and notes of ${name}.`),
    },
    pet: { id: pet.id, name: pet.name, species: pet.species, sex: pet.sex },
    care: record.care,
    manufacturer,
    vaccinations: record.vaccinations.map((vaccination) => ({
      ...vaccination,
      name: vaccineName(vaccination),
      overdue: overdue.has(vaccination.id),
    })),
    weights: record.weights,
    adopterAnswers: answers.map((row) => ({
      email: row.email,
      answer: row.answer,
      createdAt: row.createdAt.toISOString(),
    })),
    notes: record.notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    vaccines: vaccinesFor(pet.species),
    today,
    done: careDoneOf(new URL(request.url).searchParams.get("done")),
    constraints: Object.fromEntries(
      careIntents.map((intent) => [intent, getZodConstraint(careSchemas[intent])]),
    ) as Record<CareIntent, ReturnType<typeof getZodConstraint>>,
  };
}

const isCareIntent = (intent: string): intent is CareIntent => (careIntents as string[]).includes(intent);

type Change = { petId: number; version: number; userId: number };

/**
 * The entry the form describes, checked by its schema: how to write it (with its history line, in
 * English as every history line is), or the reply that keeps what was typed and says what is wrong.
 */
function careEntry(db: Database, intent: CareIntent, formData: FormData) {
  const refused = (submission: { status?: string; reply: () => SubmissionResult<string[]> }) => ({
    reply: submission.reply(),
  });
  switch (intent) {
    case "vaccination": {
      const submission = parseWithZod(formData, { schema: careSchemas.vaccination });
      if (submission.status !== "success") return refused(submission);
      const v = submission.value;
      const given = `${vaccineName(v)} vaccination given ${v.givenOn}${v.nextDueOn ? `, next due ${v.nextDueOn}` : ""}`;
      return {
        kept: submission.reply(),
        write: (change: Change) => addVaccination(db, { ...change, summary: `Care: ${given}` }, v),
      };
    }
    case "fixed": {
      const submission = parseWithZod(formData, { schema: careSchemas.fixed });
      if (submission.status !== "success") return refused(submission);
      const v = submission.value;
      const words = { yes: "spayed or neutered", no: "not spayed or neutered", unknown: "spay or neuter unknown" }[
        v.fixed
      ];
      const when =
        v.fixed === "yes" && v.fixedOn
          ? ` on ${v.fixedOn}`
          : v.fixed !== "yes" && v.fixedDueOn
            ? `, due by ${v.fixedDueOn}`
            : "";
      const fixed = {
        fixed: v.fixed,
        fixedOn: v.fixed === "yes" ? v.fixedOn : null,
        fixedDueOn: v.fixed === "yes" ? null : v.fixedDueOn,
      };
      return {
        kept: submission.reply(),
        write: (change: Change) => setFixed(db, { ...change, summary: `Care: ${words}${when}` }, fixed),
      };
    }
    case "chip": {
      const submission = parseWithZod(formData, { schema: careSchemas.chip });
      if (submission.status !== "success") return refused(submission);
      const v = submission.value;
      const maker = chipManufacturerOf(v.chipNumber)?.name;
      return {
        kept: submission.reply(),
        write: (change: Change) =>
          setChip(
            db,
            { ...change, summary: `Care: microchip ${v.chipNumber} recorded${maker ? ` (${maker})` : ""}` },
            v,
          ),
      };
    }
    case "weight": {
      const submission = parseWithZod(formData, { schema: careSchemas.weight });
      if (submission.status !== "success") return refused(submission);
      const v = submission.value;
      return {
        kept: submission.reply(),
        write: (change: Change) =>
          addWeight(db, { ...change, summary: `Care: weighed ${v.weightLbs} lb on ${v.weighedOn}` }, v),
      };
    }
    case "note": {
      const submission = parseWithZod(formData, { schema: careSchemas.note });
      if (submission.status !== "success") return refused(submission);
      const v = submission.value;
      return {
        kept: submission.reply(),
        write: (change: Change) =>
          addCareNote(
            db,
            { ...change, summary: v.kind === "medication" ? "Care: medication added" : "Care: note added" },
            v,
          ),
      };
    }
  }
}

/** Each entry at the care record's version the page was made from; the server checks who asks. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  // Staff first, before the body is read (issue 22).
  await requireStaff(context, request, "read:pet");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (!isCareIntent(intent)) throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, "update:pet");
  const pet = await petOf(context, params.id);
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const version = Number(formData.get("version"));
  if (!Number.isInteger(version) || version < 0) throw new Response("Unknown version", { status: 400 });
  const here = localizedPath(`/petadmin/pets/${pet.id}/care`, locale);
  const entry = careEntry(context.db, intent, formData);
  if ("reply" in entry) return data({ intent, message: undefined, reply: entry.reply }, { status: 400 });
  const refuse = (message: string, status: number) => data({ intent, message, reply: entry.kept }, { status });
  return tryWrite(
    async () => {
      const outcome = await entry.write({ petId: pet.id, version, userId: staff.id });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict") {
        return refuse(
          i18n._(
            msg`Someone else changed this care record since you opened it. Here is what it is now: check it and try again.`,
          ),
          409,
        );
      }
      // "Spayed", "Vaccinations up to date", "Microchipped" show on the public page at its next request.
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(`${here}?done=${intent}`);
    },
    (message) => refuse(i18n._(message), 503),
  );
}

export default function PetCare() {
  const loaderData = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <CarePanel {...loaderData} answer={answer} />;
}
