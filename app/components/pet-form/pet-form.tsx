import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BondedPetField } from "#app/components/bonded-pet-field";
import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useLiveValidation } from "#app/components/ui/live-validation";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useStartFromPage } from "#app/components/ui/use-start-from-page";
import { activeLevels, characteristicOptions, displayLabelIn } from "#app/lib/pets/breeds";
import type { FieldConstraint, ServerField } from "#app/lib/forms/form-constraint";
import { breedOptionsFor, petSpecies } from "#app/lib/pets/pet-fields";
import type { PetFormFieldName, PetFormFields, PetFormReply } from "#app/lib/pets/pet-form-schema";
import { shownFields } from "./form-values";
import { PhotoFields } from "./photo-fields";
import { UploadStatus } from "./upload-status";
import { usePhotoUpload, type Upload } from "./use-photo-upload";
import { speciesLabels } from "./species-labels";
import { ValuesField } from "./values-field";

/**
 * The Upload Pet / Edit pet form's layout: its fields in order, the photos, the upload's status and
 * the buttons. Its pieces sit beside it: the values it shows (form-values.ts), the breed and
 * characteristics boxes (values-field.tsx), the photos (photo-fields.tsx) and the upload by XHR
 * (use-photo-upload.ts, upload-status.tsx).
 */

const loadPetCheck = () => import("#app/lib/forms/validators/pet").then((checks) => checks.pet);

/** The fixed values the form offers, in the page's language (the values posted stay the stored English). */
const breedLegends: Record<string, MessageDescriptor> = {
  Cat: msg`Breed (cat breeds)`,
  Dog: msg`Breed (dog breeds)`,
  Other: msg`Breed`,
};
const activeLevelLabels: Record<(typeof activeLevels)[number], MessageDescriptor> = {
  "Very active": msg`Very active`,
  "Moderately active": msg`Moderately active`,
  "Quietly active": msg`Quietly active`,
};
const characteristicLabels: Record<string, MessageDescriptor> = {
  Bonded: msg`Bonded`,
  Shy: msg`Shy`,
  No_Cats: msg`No Cats`,
  No_Dogs: msg`No Dogs`,
  Single_Dog_Home: msg`Single Dog Home`,
  No_kids_under_10: msg`No kids under 10`,
};

interface PetFormProps {
  id: string;
  titleId: string;
  constraint: Record<string, FieldConstraint>;
  /** The values to show when nothing was sent back: the new pet's defaults or the saved pet's. */
  initial: PetFormFields;
  /** The action's reply (useActionData). */
  reply: PetFormReply | null | undefined;
  /**
   * The form starts again from `initial` on each new location (a save, a pet added, another page), and
   * also when this changes (a new version of the pet, as a conflict's reload brings).
   */
  resetKey?: string;
  photos?: { key: string; url: string }[];
  petName?: string;
  hidden?: Record<string, string | number>;
  submitLabel: string;
  children?: ReactNode;
  /**
   * Told when an upload by XHR comes back with the form's errors, which the page's own action data
   * never holds: the page's notices about an earlier save (such as "was added") then go.
   */
  onSentBack?: () => void;
}

/**
 * The pet form. With JavaScript, a save with new photos resizes them and sends the form by XHR with
 * its progress and a Cancel button (decision 038); every other submit is Remix's, and without
 * JavaScript the browser posts the originals as always.
 */
export function PetForm({ initial, reply: actionReply, resetKey = "", onSentBack, ...props }: PetFormProps) {
  const { reply, upload, start, cancel, preload } = usePhotoUpload(actionReply, onSentBack);
  const locationKey = useLocationKeyKeptByReplies(actionReply);
  return (
    <PetFormBody
      key={`${resetKey}-${locationKey}`}
      {...props}
      fields={shownFields(initial, reply)}
      reply={reply}
      upload={upload}
      onUpload={start}
      onCancel={cancel}
      onPhotosChosen={preload}
    />
  );
}

/**
 * The location's key, except at a location that a refused post brought (the form sent back with its
 * errors): there it stays the key the form started at, so the form is not mounted again. What was typed
 * while that reply was on its way stays in the fields; the fields otherwise hold what was sent, which
 * is what the reply shows. Without JavaScript, the page the server renders shows the reply's values.
 */
function useLocationKeyKeptByReplies(reply: PetFormReply | null | undefined) {
  const location = useLocation();
  const [startedAt, setStartedAt] = useState(location.key);
  if (!reply && startedAt !== location.key) setStartedAt(location.key);
  return reply ? startedAt : location.key;
}

function PetFormBody({
  id,
  titleId,
  constraint,
  fields,
  reply,
  photos,
  petName,
  hidden,
  submitLabel,
  children,
  upload,
  onUpload,
  onCancel,
  onPhotosChosen,
}: Omit<PetFormProps, "initial" | "resetKey"> & {
  fields: PetFormFields;
  upload: Upload | null;
  onUpload: (form: HTMLFormElement, submitter: HTMLButtonElement | null, files: File[]) => void;
  onCancel: () => void;
  onPhotosChosen: () => void;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const speciesRef = useRef<HTMLSelectElement>(null);
  const [species, setSpecies] = useState(fields.species);
  // The breed boxes start again (a new key) with no box ticked when the species changes.
  const [breedsCleared, setBreedsCleared] = useState(0);
  const [breedsTyped, setBreedsTyped] = useState("");
  const speciesChosen = (chosen: string, typed = "") => {
    setSpecies(chosen);
    setBreedsCleared((count) => count + 1);
    setBreedsTyped(typed);
  };
  // A species chosen before the scripts ran is in the select but not in `species` (issue 39): the
  // form takes it up as if chosen now, so the breed boxes and `breedsFor` follow the select. The
  // other species' boxes go, as on a change; words typed in "Other breeds" stay, as the person may
  // have typed them for the new species.
  useStartFromPage(() => {
    const chosen = speciesRef.current?.value;
    if (!chosen || chosen === species) return;
    const typed = formRef.current?.elements.namedItem("breedOther");
    speciesChosen(chosen, typed instanceof HTMLInputElement ? typed.value : "");
  });
  const errors = useLiveValidation(formRef, reply?.error, loadPetCheck).fields;
  // A field's name is one of the schema's (or the photos', which the schema leaves to the server).
  const field = (name: PetFormFieldName | "newPhotos"): ServerField => {
    const value = name === "newPhotos" ? undefined : fields[name];
    return {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: errors[name] ?? [],
      defaultValue: typeof value === "string" ? value : undefined,
      constraint: constraint[name] ?? {},
    };
  };
  useEffect(() => {
    if (reply && Object.keys(reply.error).length > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [reply]);
  // Cancel goes away with the upload: the keyboard lands on the button that sends the form again.
  useEffect(() => {
    if (upload?.phase === "cancelled") submitRef.current?.focus();
  }, [upload?.phase]);

  const submitting = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const uploading = upload?.phase === "preparing" || upload?.phase === "sending" || upload?.phase === "saving";
  const speciesOptions = petSpecies.map((value) => ({ value, label: i18n._(speciesLabels[value]) }));
  const breedLegend = Object.hasOwn(breedLegends, species) ? i18n._(breedLegends[species]!) : t`Breed`;
  const characteristicLabel = (value: string) =>
    Object.hasOwn(characteristicLabels, value) ? i18n._(characteristicLabels[value]!) : undefined;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="stack pet-form"
      id={id}
      ref={formRef}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        // Enter in a field while photos are on their way sends nothing more.
        if (uploading) return event.preventDefault();
        const { submitter } = event.nativeEvent as Partial<SubmitEvent>;
        const button = submitter instanceof HTMLButtonElement ? submitter : null;
        const input = event.currentTarget.elements.namedItem("newPhotos");
        const files = input instanceof HTMLInputElement ? [...(input.files ?? [])] : [];
        // Only a save with new photos goes by XHR; "Show breeds" and saves without photos are Remix's,
        // and so is every submit of a browser that does not say which button sent it.
        if (files.length === 0 || button?.value !== "save") return;
        event.preventDefault();
        onUpload(event.currentTarget, button, files);
      }}
    >
      {/* The first submit button is the one Enter uses: saving, not "Show breeds". */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <input type="hidden" name="formId" value={id} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert messages={reply?.message ? [reply.message] : []} />
      <Field label={t`Name`} field={field("name")} />
      <Field label={t`Pet id`} field={field("animalId")} />
      <div className="field-row field-row--3">
        <NumberField label={t`Age (months)`} field={field("ageMonths")} step="1" />
        <NumberField label={t`Weight (lbs)`} field={field("weightLbs")} step="0.1" />
        <NumberField label={t`Adoption fee ($)`} field={field("adoptionFee")} step="1" />
      </div>
      <SelectField
        label={t`Sex`}
        field={field("sex")}
        placeholder={t`Not given yet`}
        options={[
          { value: "Male", label: t`Male` },
          { value: "Female", label: t`Female` },
        ]}
      />
      <div className="field">
        <label htmlFor={`${id}-species`}>
          <Trans>Species</Trans>
        </label>
        <select
          id={`${id}-species`}
          name="species"
          defaultValue={fields.species}
          ref={speciesRef}
          onChange={(event) => speciesChosen(event.currentTarget.value)}
        >
          {speciesOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <input type="hidden" name="breedsFor" value={species} />
        {hydrated ? null : (
          <button type="submit" name="intent" value="species" formNoValidate className="button button--small">
            <Trans>Show breeds for this species</Trans>
          </button>
        )}
      </div>
      <ValuesField
        key={`breed-${breedsCleared}`}
        formId={id}
        legend={breedLegend}
        name="breed"
        otherName="breedOther"
        options={breedOptionsFor(species)}
        chosen={breedsCleared ? [] : fields.breed}
        typed={breedsCleared ? breedsTyped : fields.breedOther}
        startFilter={breedsTyped}
        errors={[...(errors.breed ?? []), ...(errors.breedOther ?? [])]}
        otherLabel={t`Other breeds`}
        labelOf={(value) => displayLabelIn(i18n, value)}
      />
      <SelectField
        label={t`Active level`}
        field={field("activeLevel")}
        placeholder={t`Not given yet`}
        options={activeLevels.map((value) => ({ value, label: i18n._(activeLevelLabels[value]) }))}
      />
      <ValuesField
        formId={id}
        legend={t`Characteristics`}
        name="characteristics"
        labelOf={characteristicLabel}
        otherName="characteristicsOther"
        options={characteristicOptions}
        chosen={fields.characteristics}
        typed={fields.characteristicsOther}
        errors={[...(errors.characteristics ?? []), ...(errors.characteristicsOther ?? [])]}
        otherLabel={t`Other characteristics`}
      />
      <BondedPetField field={field("bondedWith")} />
      <PhotoFields formId={id} field={field("newPhotos")} photos={photos} petName={petName} onChosen={onPhotosChosen} />
      <TextAreaField label={t`About`} field={field("about")} rows={6} />
      {children}
      <UploadStatus id={id} upload={upload} submitLabel={submitLabel} onCancel={onCancel} />
      <button
        type="submit"
        name="intent"
        value="save"
        className="button button--primary"
        disabled={submitting || uploading}
        ref={submitRef}
      >
        {submitLabel}
      </button>
    </Form>
  );
}

function NumberField({ label, field, step }: { label: string; field: ServerField; step: string }) {
  const { min, max } = field.constraint;
  return (
    <Field
      label={label}
      field={field}
      type="number"
      inputMode={step === "1" ? "numeric" : "decimal"}
      step={step}
      min={min}
      max={max}
    />
  );
}
