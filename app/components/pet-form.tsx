import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PetPhoto } from "#app/components/pet-photo";
import { Field, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useLiveValidation } from "#app/components/ui/live-validation";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { activeLevels, characteristicOptions, displayLabel } from "#app/lib/breeds";
import type { FieldConstraint, ServerField } from "#app/lib/form-constraint";
import { breedOptionsFor, lastTyped, matchesPrefix, newPetDefaults, petSpecies, photoLimits } from "#app/lib/pet-form";

/** The form's values as the page shows them: strings, and lists for the ticked boxes. */
export interface PetFormFields {
  name: string;
  animalId: string;
  ageMonths: string;
  weightLbs: string;
  sex: string;
  species: string;
  breed: string[];
  breedOther: string;
  activeLevel: string;
  characteristics: string[];
  characteristicsOther: string;
  adoptionFee: string;
  about: string;
}

/** Spec §3's defaults for a new pet. */
export const newPetFields: PetFormFields = {
  ...newPetDefaults,
  breed: [],
  characteristics: [],
  ageMonths: String(newPetDefaults.ageMonths),
  weightLbs: String(newPetDefaults.weightLbs),
  adoptionFee: String(newPetDefaults.adoptionFee),
  breedOther: "",
  characteristicsOther: "",
};

/** A saved pet's values in the form. */
export function petFields(pet: {
  name: string; animalId: string; ageMonths: number; weightLbs: number; sex: string; species: string; breed: string[];
  activeLevel: string; characteristics: string[]; adoptionFee: number; about: string;
}): PetFormFields {
  return {
    name: pet.name,
    animalId: pet.animalId,
    ageMonths: String(pet.ageMonths),
    weightLbs: String(pet.weightLbs),
    sex: pet.sex,
    species: pet.species,
    breed: pet.breed,
    breedOther: "",
    activeLevel: pet.activeLevel,
    characteristics: pet.characteristics,
    characteristicsOther: "",
    adoptionFee: String(pet.adoptionFee),
    about: pet.about,
  };
}

export interface PetFormReplyData {
  initialValue: Record<string, unknown>;
  error: Record<string, string[]>;
  message?: string;
}

/** The fields to show: what the staff member sent when the server sent the form back, else `initial`. */
export function shownFields(initial: PetFormFields, reply: PetFormReplyData | null | undefined): PetFormFields {
  const sent = reply?.initialValue;
  if (!sent || Object.keys(sent).length === 0) return initial;
  const text = (name: keyof PetFormFields) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const list = (name: keyof PetFormFields) => (Array.isArray(sent[name]) ? (sent[name] as unknown[]).filter((v): v is string => typeof v === "string") : []);
  return {
    name: text("name"),
    animalId: text("animalId"),
    ageMonths: text("ageMonths"),
    weightLbs: text("weightLbs"),
    sex: text("sex") || initial.sex,
    species: text("species") || initial.species,
    breed: list("breed"),
    breedOther: text("breedOther"),
    activeLevel: text("activeLevel") || initial.activeLevel,
    characteristics: list("characteristics"),
    characteristicsOther: text("characteristicsOther"),
    adoptionFee: text("adoptionFee"),
    about: text("about"),
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Several values: a box per known option plus free-typed ones, separated by commas. The typed text
 * suggests options by prefix: the browser's own list without JavaScript, the boxes filtered with it.
 */
function ValuesField({ formId, legend, name, otherName, options, chosen, typed, errors, otherLabel }: {
  formId: string;
  legend: string;
  name: string;
  otherName: string;
  options: readonly string[];
  chosen: readonly string[];
  typed: string;
  errors: string[];
  otherLabel: string;
}) {
  const [filter, setFilter] = useState("");
  const extra = chosen.filter((value) => !options.includes(value));
  const all = [...options, ...extra];
  const otherId = `${formId}-${otherName}`;
  const errorId = `${formId}-${name}-error`;
  return (
    <FieldGroup legend={legend} field={{ errorId, errors }} className="values-field">
      {all.length > 0 ? (
        <div className="values-field__options">
          {all.map((option) => (
            <label key={option} className="check chip-check" hidden={!matchesPrefix(option, lastTyped(filter)) || undefined}>
              <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} />
              <span>{displayLabel(option)}</span>
            </label>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={otherId}>{otherLabel}</label>
        <input id={otherId} name={otherName} defaultValue={typed} list={`${otherId}-options`} autoComplete="off"
          onChange={(event) => setFilter(event.currentTarget.value)} aria-describedby={`${otherId}-hint`} />
        <p id={`${otherId}-hint`} className="field__hint">Separate several with commas. Typing suggests matching ones.</p>
        <datalist id={`${otherId}-options`}>
          {options.map((option) => (
            <option key={option} value={displayLabel(option)} />
          ))}
        </datalist>
      </div>
    </FieldGroup>
  );
}

/** The pet's current photos, in order: move, or tick to remove. Without JavaScript, positions are typed. */
function CurrentPhotos({ formId, photos, petName }: { formId: string; photos: { key: string; url: string }[]; petName: string }) {
  const hydrated = useHydrated();
  const [order, setOrder] = useState(photos.map((photo) => photo.key));
  const byKey = new Map(photos.map((photo) => [photo.key, photo]));
  const move = (index: number, by: number) =>
    setOrder((keys) => {
      const next = [...keys];
      const [key] = next.splice(index, 1);
      next.splice(index + by, 0, key!);
      return next;
    });
  if (photos.length === 0) return <p>No photos yet: the site shows a placeholder.</p>;
  return (
    <ol className="photo-list">
      {order.map((key, index) => {
        const photo = byKey.get(key)!;
        const label = `Photo ${index + 1}`;
        return (
          <li key={key} className="photo-list__item">
            <PetPhoto src={photo.url} sizes="96px" width={96} height={72} alt={`${petName}, ${label.toLowerCase()}`} loading="lazy" />
            <input type="hidden" name="photoKey" value={key} />
            {hydrated ? (
              <>
                <input type="hidden" name="photoPosition" value={index + 1} />
                <span className="photo-list__actions">
                  <button type="button" className="button button--small" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${label.toLowerCase()} up`}>
                    ↑
                  </button>
                  <button type="button" className="button button--small" disabled={index === order.length - 1} onClick={() => move(index, 1)}
                    aria-label={`Move ${label.toLowerCase()} down`}>
                    ↓
                  </button>
                </span>
              </>
            ) : (
              <span className="field field--inline">
                <label htmlFor={`${formId}-position-${index}`}>Position of {label.toLowerCase()}</label>
                <input id={`${formId}-position-${index}`} name="photoPosition" type="number" min="1" max={photos.length} defaultValue={index + 1} inputMode="numeric" />
              </span>
            )}
            <label className="check">
              <input type="checkbox" name="removePhoto" value={key} />
              <span>Remove {label.toLowerCase()}</span>
            </label>
          </li>
        );
      })}
    </ol>
  );
}

interface Preview {
  name: string;
  size: number;
  url: string | null;
  problem: string | null;
}

/** New photos: previews and early warnings with JavaScript; the server checks them all again. */
function NewPhotos({ field, keptCount, onChosen }: { field: ServerField; keptCount: number; onChosen: (previews: Preview[]) => void }) {
  const [previews, setPreviews] = useState<Preview[]>([]);
  useEffect(() => () => previews.forEach((preview) => preview.url && URL.revokeObjectURL(preview.url)), [previews]);
  const room = photoLimits.perPet - keptCount;
  return (
    <Field label={`Add photos (.jpg, .jpeg or .png, up to ${megabytes(photoLimits.maxBytes)} each; ${room} more allowed)`} field={field}
      type="file" multiple accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        const next = files.map((file, index): Preview => {
          const problem = !/\.(jpe?g|png)$/i.test(file.name) || !/^image\/(jpeg|png)$/.test(file.type)
            ? "not a .jpg, .jpeg or .png image"
            : file.size > photoLimits.maxBytes
              ? `${megabytes(file.size)}, more than ${megabytes(photoLimits.maxBytes)}`
              : index >= room
                ? `more than ${photoLimits.perPet} photos for this pet`
                : null;
          return { name: file.name, size: file.size, url: problem ? null : URL.createObjectURL(file), problem };
        });
        setPreviews(next);
        onChosen(next);
      }}>
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label="Chosen photos">
          {previews.map((preview, index) => (
            <li key={`${preview.name}-${index}`}>
              {preview.url ? <img src={preview.url} width="96" height="72" alt={`Preview of ${preview.name}`} /> : null}
              <span>{preview.name} ({megabytes(preview.size)})</span>
              {preview.problem ? <span className="field__errors"> Will be refused: {preview.problem}.</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}

const loadPetCheck = () => import("#app/lib/validators/pet").then((checks) => checks.pet);

export function PetForm({ id, titleId, constraint, fields, reply, photos, petName, hidden, submitLabel, children }: {
  id: string;
  titleId: string;
  constraint: Record<string, FieldConstraint>;
  fields: PetFormFields;
  reply: PetFormReplyData | null | undefined;
  photos?: { key: string; url: string }[];
  petName?: string;
  hidden?: Record<string, string | number>;
  submitLabel: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [species, setSpecies] = useState(fields.species);
  const [breedsCleared, setBreedsCleared] = useState(0);
  const [chosen, setChosen] = useState<Preview[]>([]);
  const errors = useLiveValidation(formRef, reply?.error, loadPetCheck).fields;
  const field = (name: string): ServerField => {
    const value = fields[name as keyof PetFormFields];
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
    if (reply && Object.keys(reply.error).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [reply]);

  const uploading = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const uploadCount = chosen.filter((preview) => !preview.problem).length;
  const uploadBytes = chosen.reduce((sum, preview) => sum + (preview.problem ? 0 : preview.size), 0);
  const speciesOptions = petSpecies.map((value) => ({ value, label: value }));

  return (
    <Form method="post" encType="multipart/form-data" className="stack pet-form" id={id} ref={formRef} aria-labelledby={titleId}>
      {/* The first submit button is the one Enter uses: saving, not "Show breeds". */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <input type="hidden" name="formId" value={id} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert messages={reply?.message ? [reply.message] : []} />
      <Field label="Name" field={field("name")} />
      <Field label="Pet id" field={field("animalId")} />
      <div className="field-row field-row--3">
        <NumberField label="Age (months)" field={field("ageMonths")} step="1" />
        <NumberField label="Weight (lbs)" field={field("weightLbs")} step="0.1" />
        <NumberField label="Adoption fee ($)" field={field("adoptionFee")} step="1" />
      </div>
      <SelectField label="Sex" field={field("sex")} options={[{ value: "Male", label: "Male" }, { value: "Female", label: "Female" }]} />
      <div className="field">
        <label htmlFor={`${id}-species`}>Species</label>
        <select id={`${id}-species`} name="species" defaultValue={fields.species}
          onChange={(event) => {
            setSpecies(event.currentTarget.value);
            setBreedsCleared((count) => count + 1);
          }}>
          {speciesOptions.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
        <input type="hidden" name="breedsFor" value={species} />
        {hydrated ? null : (
          <button type="submit" name="intent" value="species" formNoValidate className="button button--small">
            Show breeds for this species
          </button>
        )}
      </div>
      <ValuesField key={`breed-${breedsCleared}`} formId={id} legend={`Breed${species === "Other" ? "" : ` (${species.toLowerCase()} breeds)`}`} name="breed" otherName="breedOther"
        options={breedOptionsFor(species)} chosen={breedsCleared ? [] : fields.breed} typed={breedsCleared ? "" : fields.breedOther}
        errors={[...(errors.breed ?? []), ...(errors.breedOther ?? [])]} otherLabel="Other breeds" />
      <SelectField label="Active level" field={field("activeLevel")} options={activeLevels.map((value) => ({ value, label: value }))} />
      <ValuesField formId={id} legend="Characteristics" name="characteristics" otherName="characteristicsOther" options={characteristicOptions}
        chosen={fields.characteristics} typed={fields.characteristicsOther} errors={[...(errors.characteristics ?? []), ...(errors.characteristicsOther ?? [])]}
        otherLabel="Other characteristics" />
      <fieldset className="values-field">
        <legend>Photos</legend>
        {photos ? <CurrentPhotos formId={id} photos={photos} petName={petName ?? "The pet"} /> : null}
        <NewPhotos field={field("newPhotos")} keptCount={photos?.length ?? 0} onChosen={setChosen} />
      </fieldset>
      <TextAreaField label="About" field={field("about")} rows={6} />
      {children}
      {uploading && uploadCount > 0 ? (
        <p className="upload-progress" role="status">
          <progress aria-label="Uploading photos" />
          Uploading {uploadCount} photo{uploadCount === 1 ? "" : "s"} ({megabytes(uploadBytes)})…
        </p>
      ) : null}
      <button type="submit" name="intent" value="save" className="button button--primary" disabled={uploading}>
        {submitLabel}
      </button>
    </Form>
  );
}


function NumberField({ label, field, step }: { label: string; field: ServerField; step: string }) {
  const { min, max } = field.constraint;
  return <Field label={label} field={field} type="number" inputMode={step === "1" ? "numeric" : "decimal"} step={step} min={min} max={max} />;
}
