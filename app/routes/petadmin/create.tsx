import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { useState } from "react";
import { newPetFields } from "#app/components/pet-form/form-values";
import { PetForm } from "#app/components/pet-form/pet-form";
import { routeMeta } from "#app/lib/i18n/meta";
import { petFieldsSchema } from "#app/lib/pets/pet-form-schema";
import { readFormData } from "#app/lib/http/request";
import { isUploadRequest } from "#app/lib/photos/upload-answer";
import { IntakeFields } from "#app/components/intake-fields";
import { shelter } from "#app/config/shelter";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { getPet } from "#app/models/pets.server";
import { listBondChoices } from "#app/models/pet-admin.server";
import { savePetForm } from "#app/services/pet-save.server";
import { requireStaff } from "#app/services/auth.server";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "create:pet");
  const createdId = Number(new URL(request.url).searchParams.get("created"));
  const created = Number.isInteger(createdId) && createdId > 0 ? await getPet(context.db, createdId) : undefined;
  const i18n = i18nOf(request);
  return {
    meta: {
      title: i18n._(msg`Upload a pet`),
      description: i18n._(msg`Staff: add a pet with its photos to the adoption lists.`),
    },
    constraint: getZodConstraint(petFieldsSchema),
    created: created ? { id: created.id, name: created.name } : null,
    bond: { choices: await listBondChoices(context.db), current: null },
    // How the pet came to us (decision 064): today in shelter time and the shelter's most common type, chosen.
    intake: { today: shelterDayOf(Date.now(), shelter.openingHours.timeZone), type: shelter.intakes.defaultType },
  };
}

/**
 * Upload Pet (spec §2): on success the page comes back clean, naming and linking the new pet. The
 * form's upload by XHR is told where to go instead of being redirected (lib/photos/upload-answer.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context, request, "create:pet");
  const formData = await readFormData(request);
  const upload = isUploadRequest(request);
  const outcome = await savePetForm(context, formData, staff.id, undefined, {
    photosStayChosen: upload,
    i18n: i18nOf(request),
  });
  if (outcome.kind === "saved") {
    const location = localizedPath(`/petadmin/create?created=${outcome.petId}`, localeOf(request));
    return upload ? data({ location }) : redirect(location);
  }
  return data({ reply: outcome.reply }, { status: outcome.status });
}

export default function CreatePet() {
  const { constraint, created, intake } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  // An upload by XHR sent back with errors is no action data of this page: it says so here, so the
  // notice about the pet added before goes as it does after a post without photos.
  const [sentBackAt, setSentBackAt] = useState<string | null>(null);
  const { t } = useLingui();
  const href = useLocalePath();
  const name = created?.name;
  return (
    <>
      <h1 id="create-title">
        <Trans>Upload a pet</Trans>
      </h1>
      {created && !reply && sentBackAt !== location.key ? (
        <p className="notice notice--success" role="status">
          <Trans>
            {name} was added. It is a draft: only staff see it until you publish it.{" "}
            <Link to={href(`/adopt/pet?pet_id=${created.id}`)}>Preview {name}&apos;s public page</Link> or{" "}
            <Link to={href(`/petadmin/edit?pet_id=${created.id}`)}>edit and publish {name}</Link>.
          </Trans>
        </p>
      ) : null}
      <PetForm
        id="create-pet"
        titleId="create-title"
        constraint={constraint}
        initial={newPetFields}
        reply={reply}
        submitLabel={t`Upload pet`}
        onSentBack={() => setSentBackAt(location.key)}
      >
        <IntakeFields
          prefix="create-intake"
          legend={t`How did this pet come to us?`}
          today={intake.today}
          errors={reply?.error ?? {}}
          values={{
            intakeType: String(reply?.initialValue?.intakeType ?? intake.type),
            intakeOn: String(reply?.initialValue?.intakeOn ?? intake.today),
            intakeSource: String(reply?.initialValue?.intakeSource ?? ""),
            intakeNotes: String(reply?.initialValue?.intakeNotes ?? ""),
          }}
        />
      </PetForm>
    </>
  );
}
