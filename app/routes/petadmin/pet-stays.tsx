import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import type { AdminPageHandle } from "#app/components/admin-page";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { StaysPanel, type StaysReply } from "#app/components/stays-panel";
import { shelter } from "#app/config/shelter";
import { intakeOutcomeMessages, intakeSchema, outcomeSchema } from "#app/lib/intake-outcome/intake-outcome-schema";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { pageMeta } from "#app/lib/i18n/meta";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import type { Permission } from "#app/lib/accounts/permissions";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { i18nOf } from "#app/locales/catalogs.server";
import { changeIntake, recordOutcome, recordReturn, staysPanelOf, undoOutcome } from "#app/models/pet-stays.server";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";

/**
 * A pet's intake and outcome (decision 064): the forms of its edit page's "Intake and outcome" panel
 * post here; a change goes back to the edit page with a notice, a form with errors is shown again on
 * this page (without JavaScript too), with what was typed.
 */

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.meta.title, loaderData.meta.description) : [];

/** The layout's chrome (components/admin-page.tsx): this page has its own back link, to the pet. */
export const handle: AdminPageHandle = { adminBack: "none" };

async function petOf(context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const id = readId(params.id ?? "");
  const pet = id ? await getPet(context.db, id) : undefined;
  if (!pet) throw new Response("Pet not found", { status: 404 });
  return pet;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const pet = await petOf(context, params);
  const i18n = i18nOf(request);
  const name = pet.name;
  return {
    meta: {
      title: i18n._(msg`${name}: intake and outcome`),
      description: i18n._(msg`Staff: how the pet came to us and how it left.`),
    },
    pet: {
      id: pet.id,
      name: pet.name,
      version: pet.version,
      onHold: pet.onHoldEmail !== null,
      adopted: pet.adoptedEmail !== null,
    },
    panel: await staysPanelOf(context.db, pet.id),
  };
}

const permissions: Record<string, Permission> = {
  intake: "update:pet",
  outcome: "hold:pet",
  undo: "hold:pet",
  return: "hold:pet",
};

const fieldNames = [
  "intakeType",
  "intakeOn",
  "intakeSource",
  "intakeNotes",
  "outcomeType",
  "outcomeOn",
  "outcomeDestination",
  "outcomeNotes",
];

function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // Staff first, before the body is read; the intent's own permission once it is known.
  await requireStaff(context, request, "read:pet");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const permission = Object.hasOwn(permissions, intent) ? permissions[intent] : undefined;
  if (!permission) throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, permission);
  const pet = await petOf(context, params);
  const version = Number(formData.get("version"));
  if (!Number.isInteger(version)) throw new Response("Pet not found", { status: 404 });
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const values = Object.fromEntries(fieldNames.map((field) => [field, String(formData.get(field) ?? "")]));
  const reply = (status: number, answer: Omit<StaysReply, "intent" | "values">) =>
    data({ intent, values, ...answer } satisfies StaysReply, { status });
  const refuse = (message: string, status = 409) => reply(status, { message });
  const conflict = () =>
    refuse(
      i18n._(msg`Someone else changed this pet since you opened it. Here is what it is now: check it and try again.`),
    );
  const today = shelterDayOf(Date.now(), shelter.openingHours.timeZone);
  const name = pet.name;
  const done = (notice: string) => {
    context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
    return redirect(localizedPath(`/petadmin/edit?pet_id=${pet.id}&stay=${notice}`, locale));
  };
  const failed = (message: string) => refuse(i18n._(message), 503);

  if (intent === "intake") {
    const parsed = intakeSchema.safeParse(values);
    if (!parsed.success) return reply(400, { errors: issuesOf(parsed.error.issues) });
    if (parsed.data.intakeOn > today) return reply(400, { errors: { intakeOn: [intakeOutcomeMessages.future] } });
    const stayId = readId(String(formData.get("stayId") ?? ""));
    return tryWrite(async () => {
      const outcome = await changeIntake(context.db, {
        petId: pet.id,
        version,
        userId: staff.id,
        stayId,
        intake: parsed.data,
      });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      return outcome === "conflict" ? conflict() : done("intake");
    }, failed);
  }

  if (intent === "undo") {
    return tryWrite(async () => {
      const outcome = await undoOutcome(context.db, { petId: pet.id, version, userId: staff.id });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      return outcome === "conflict" ? conflict() : done("undone");
    }, failed);
  }

  if (intent === "return") {
    // One click: the pet came back today (shelter time); staff change the new stay's intake after, if need be.
    if (!pet.adoptedEmail) return refuse(i18n._(msg`${name} is not marked adopted: there is no adoption to return.`));
    return tryWrite(async () => {
      const outcome = await recordReturn(context.db, {
        petId: pet.id,
        version,
        userId: staff.id,
        returnedOn: today,
      });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      return outcome === "conflict" ? conflict() : done("returned");
    }, failed);
  }

  const parsed = outcomeSchema.safeParse(values);
  if (!parsed.success) return reply(400, { errors: issuesOf(parsed.error.issues) });
  if (parsed.data.outcomeOn > today) return reply(400, { errors: { outcomeOn: [intakeOutcomeMessages.future] } });
  if (pet.onHoldEmail) return refuse(i18n._(msg`${name} is on hold: end the hold before recording how ${name} left.`));
  if (pet.adoptedEmail) return refuse(i18n._(msg`${name} is marked adopted: that is the outcome of this stay.`));
  if (pet.leftAt) return refuse(i18n._(msg`An outcome is already recorded for ${name}.`));
  const { stays } = await staysPanelOf(context.db, pet.id);
  const open = stays.find((stay) => stay.outcomeType === null);
  if (open && parsed.data.outcomeOn < open.intakeOn)
    return reply(400, { errors: { outcomeOn: [intakeOutcomeMessages.beforeIntake] } });
  if (!open) return refuse(i18n._(msg`${name} has no intake yet: save how ${name} came to us first.`));
  return tryWrite(async () => {
    const outcome = await recordOutcome(context.db, { petId: pet.id, version, userId: staff.id, outcome: parsed.data });
    if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
    return outcome === "conflict" ? conflict() : done("outcome");
  }, failed);
}

export default function PetStays() {
  const { pet, panel } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const href = useLocalePath();
  const name = pet.name;
  return (
    <>
      <p>
        <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>
          ‹ <Trans>Back to {name}</Trans>
        </Link>
      </p>
      <h1>
        <Trans>{name}: intake and outcome</Trans>
      </h1>
      <StaysPanel pet={pet} data={panel} reply={reply} />
    </>
  );
}
