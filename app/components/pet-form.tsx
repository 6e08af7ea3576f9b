import { Form, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PetPhoto } from "#app/components/pet-photo";
import { BondedPetField } from "#app/components/bonded-pet-field";
import { Field, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useLiveValidation } from "#app/components/ui/live-validation";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { activeLevels, characteristicOptions, displayLabel } from "#app/lib/breeds";
import type { FieldConstraint, ServerField } from "#app/lib/form-constraint";
import { breedOptionsFor, lastTyped, matchesPrefix, newPetDefaults, petSpecies, photoLimits, type PetFormReply } from "#app/lib/pet-form";
import { megabytes, sentText } from "#app/lib/upload-sizes";
import type { UploadAnswer } from "#app/lib/upload-answer";

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

/**
 * A new pet's form: empty but for the species (spec §3's defaults of 0 months, 0 lbs, a very active
 * male went public as facts; decision 052). What is left empty is asked for at Publish.
 */
export const newPetFields: PetFormFields = {
  ...newPetDefaults,
  breed: [],
  characteristics: [],
  breedOther: "",
  characteristicsOther: "",
};

/** A count stored as 0 for "not given yet" (a draft's age or weight) shows as an empty field. */
const givenNumber = (value: number) => (value > 0 ? String(value) : "");

/** A saved pet's values in the form. */
export function petFields(pet: {
  name: string; animalId: string; ageMonths: number; weightLbs: number; sex: string; species: string; breed: string[];
  activeLevel: string; characteristics: string[]; adoptionFee: number; about: string;
}): PetFormFields {
  return {
    name: pet.name,
    animalId: pet.animalId,
    ageMonths: givenNumber(pet.ageMonths),
    weightLbs: givenNumber(pet.weightLbs),
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

/** The fields to show: what the staff member sent when the server sent the form back, else `initial`. */
export function shownFields(initial: PetFormFields, reply: PetFormReply | null | undefined): PetFormFields {
  const sent = reply?.initialValue;
  if (!sent || Object.keys(sent).length === 0) return initial;
  const text = (name: keyof PetFormFields) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const list = (name: keyof PetFormFields) => (Array.isArray(sent[name]) ? (sent[name] as unknown[]).filter((v): v is string => typeof v === "string") : []);
  return {
    name: text("name"),
    animalId: text("animalId"),
    ageMonths: text("ageMonths"),
    weightLbs: text("weightLbs"),
    sex: text("sex"),
    species: text("species") || initial.species,
    breed: list("breed"),
    breedOther: text("breedOther"),
    activeLevel: text("activeLevel"),
    characteristics: list("characteristics"),
    characteristicsOther: text("characteristicsOther"),
    adoptionFee: text("adoptionFee"),
    about: text("about"),
  };
}

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
  note: string | null;
}

/** New photos: previews and early warnings with JavaScript; the server checks them all again. */
function NewPhotos({ field, keptCount, onChosen }: { field: ServerField; keptCount: number; onChosen: () => void }) {
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
            : index >= room
              ? `more than ${photoLimits.perPet} photos for this pet`
              : null;
          // Photos are made smaller before sending (decision 038); only one the browser cannot read stays this large.
          const note = !problem && file.size > photoLimits.maxBytes ? `more than ${megabytes(photoLimits.maxBytes)}: it is made smaller before sending` : null;
          return { name: file.name, size: file.size, url: problem ? null : URL.createObjectURL(file), problem, note };
        });
        setPreviews(next);
        onChosen();
      }}>
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label="Chosen photos">
          {previews.map((preview, index) => (
            <li key={`${preview.name}-${index}`}>
              {preview.url ? <img src={preview.url} width="96" height="72" alt={`Preview of ${preview.name}`} /> : null}
              <span>{preview.name} ({megabytes(preview.size)})</span>
              {preview.problem ? <span className="field__errors"> Will be refused: {preview.problem}.</span> : null}
              {preview.note ? <span className="field__hint"> {preview.note[0]!.toUpperCase() + preview.note.slice(1)}.</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}

const loadPetCheck = () => import("#app/lib/validators/pet").then((checks) => checks.pet);
/** Resizing and the upload by XHR, loaded when photos are chosen (decision 038). */
const loadUploader = () => import("#app/lib/photo-upload");

/** Where the upload by XHR is; `at` is the location it started from, so a later page never shows it. */
type Upload = { at: string } & (
  | { phase: "preparing"; done: number; total: number }
  | { phase: "sending"; loaded: number; total: number; said: number }
  | { phase: "saving"; total: number }
  | { phase: "cancelled" }
  | { phase: "failed"; message: string }
);

/** Status texts are said at most this often while photos are sent (a screen reader reads each one). */
const sayEveryMs = 1_000;

interface PetFormProps {
  id: string;
  titleId: string;
  constraint: Record<string, FieldConstraint>;
  /** The values to show when nothing was sent back: the new pet's defaults or the saved pet's. */
  initial: PetFormFields;
  /** The action's reply (useActionData). */
  reply: PetFormReply | null | undefined;
  /** Changes when the form should start again from `initial` (a new location, a new version of the pet). */
  resetKey: string;
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
export function PetForm({ initial, reply: actionReply, resetKey, onSentBack, ...props }: PetFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [sentBack, setSentBack] = useState<{ reply: PetFormReply; at: string; conflict: boolean } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  // An upload's reply is shown like the action's, until the next navigation brings a reply of its own;
  // a conflict's stays on the page reloaded to show the pet as it is now.
  const reloadedAfter = (location.state as { petFormConflictAfter?: unknown } | null)?.petFormConflictAfter;
  const reply = sentBack && (sentBack.at === location.key || (sentBack.conflict && sentBack.at === reloadedAfter)) ? sentBack.reply : actionReply;
  const current = upload?.at === location.key ? upload : null;

  const start = async (form: HTMLFormElement, submitter: HTMLButtonElement | null, files: File[]) => {
    const at = location.key;
    const abort = new AbortController();
    running.current = abort;
    const show = (next: Upload | null) => {
      if (!abort.signal.aborted) setUpload(next);
    };
    show({ at, phase: "preparing", done: 0, total: files.length });
    let uploader: Awaited<ReturnType<typeof loadUploader>>;
    try {
      uploader = await loadUploader();
    } catch {
      // Without the uploader the form goes as Remix sends it: the originals, no progress.
      show(null);
      if (!abort.signal.aborted) submit(submitter ?? form);
      return;
    }
    // The photos' bytes until the browser reports the whole body's.
    let total = 0;
    let said = { at: 0, bytes: 0 };
    try {
      const sent = await uploader.uploadForm(form, submitter, files, {
        signal: abort.signal,
        onPrepared: (done) => show({ at, phase: "preparing", done, total: files.length }),
        onSending: (photoBytes) => {
          total = photoBytes;
          show({ at, phase: "sending", loaded: 0, total, said: 0 });
        },
        onProgress: (loaded, bodyBytes) => {
          total = bodyBytes || total;
          const now = performance.now();
          if (now - said.at >= sayEveryMs || loaded >= total) said = { at: now, bytes: loaded };
          show({ at, phase: "sending", loaded, total, said: said.bytes });
        },
        onSent: () => show({ at, phase: "saving", total }),
      });
      const answer = sent.answer as UploadAnswer<PetFormReply> | null;
      if (answer && "location" in answer) {
        // Saved: "Saving…" stays until the page it leads to is there (`at` then no longer matches).
        navigate(answer.location);
      } else if (answer && "reply" in answer) {
        show(null);
        const conflict = sent.status === 409;
        setSentBack({ reply: answer.reply, at, conflict });
        onSentBack?.();
        // Someone else changed the pet meanwhile: load the page again to show it as it is now, as
        // revalidateAfterConflict does for Remix's own submits. (A same-address navigation runs the
        // loaders, and costs the public pages nothing that useRevalidator would.)
        if (conflict) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { petFormConflictAfter: at } });
      } else if (sent.url && new URL(sent.url).pathname !== new URL(form.action).pathname) {
        // Sent elsewhere (signed out meanwhile: the sign-in page): go there, as a post without JavaScript would.
        const there = new URL(sent.url);
        navigate(`${there.pathname}${there.search}`);
      } else {
        show({
          at,
          phase: "failed",
          message:
            sent.status === 413
              ? `These photos are too large to send at once, so nothing was saved. A pet can have at most ${photoLimits.perPet} photos: choose fewer or smaller ones and try again.`
              : `The upload did not go through (the server answered ${sent.status}). Please try again.`,
        });
      }
    } catch {
      // Cancelled: `cancel` has said so already. Otherwise the connection broke off.
      show({
        at,
        phase: "failed",
        message: "The connection broke off before the server answered, so the pet may not have been saved. Check the list of pets, or try again.",
      });
    } finally {
      if (running.current === abort) running.current = null;
    }
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setUpload({ at: location.key, phase: "cancelled" });
  };

  return (
    <PetFormBody key={resetKey} {...props} fields={shownFields(initial, reply)} reply={reply} upload={current} onUpload={start} onCancel={cancel}
      onPhotosChosen={() => void loadUploader().catch(() => undefined)} />
  );
}

function PetFormBody({ id, titleId, constraint, fields, reply, photos, petName, hidden, submitLabel, children, upload, onUpload, onCancel, onPhotosChosen }: Omit<PetFormProps, "initial" | "resetKey"> & {
  fields: PetFormFields;
  upload: Upload | null;
  onUpload: (form: HTMLFormElement, submitter: HTMLButtonElement | null, files: File[]) => void;
  onCancel: () => void;
  onPhotosChosen: () => void;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [species, setSpecies] = useState(fields.species);
  const [breedsCleared, setBreedsCleared] = useState(0);
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
  // Cancel goes away with the upload: the keyboard lands on the button that sends the form again.
  useEffect(() => {
    if (upload?.phase === "cancelled") submitRef.current?.focus();
  }, [upload?.phase]);

  const submitting = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const uploading = upload?.phase === "preparing" || upload?.phase === "sending" || upload?.phase === "saving";
  const speciesOptions = petSpecies.map((value) => ({ value, label: value }));

  return (
    <Form method="post" encType="multipart/form-data" className="stack pet-form" id={id} ref={formRef} aria-labelledby={titleId}
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
      }}>
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
      <SelectField label="Sex" field={field("sex")} placeholder="Not given yet" options={[{ value: "Male", label: "Male" }, { value: "Female", label: "Female" }]} />
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
      <SelectField label="Active level" field={field("activeLevel")} placeholder="Not given yet" options={activeLevels.map((value) => ({ value, label: value }))} />
      <ValuesField formId={id} legend="Characteristics" name="characteristics" otherName="characteristicsOther" options={characteristicOptions}
        chosen={fields.characteristics} typed={fields.characteristicsOther} errors={[...(errors.characteristics ?? []), ...(errors.characteristicsOther ?? [])]}
        otherLabel="Other characteristics" />
      <BondedPetField field={field("bondedWith")} />
      <fieldset className="values-field">
        <legend>Photos</legend>
        {photos ? <CurrentPhotos formId={id} photos={photos} petName={petName ?? "The pet"} /> : null}
        <NewPhotos field={field("newPhotos")} keptCount={photos?.length ?? 0} onChosen={onPhotosChosen} />
      </fieldset>
      <TextAreaField label="About" field={field("about")} rows={6} />
      {children}
      <UploadStatus id={id} upload={upload} submitLabel={submitLabel} onCancel={onCancel} />
      <button type="submit" name="intent" value="save" className="button button--primary" disabled={submitting || uploading} ref={submitRef}>
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * The upload's progress in bytes, said as "1.2 MB of 3.4 MB sent" (at most every second), with
 * Cancel until everything is sent; then what became of it. The live region is always there, so that
 * screen readers announce what appears in it (a polite region, not role=status: the page's own status
 * notices, such as "was added", stay the only ones).
 */
function UploadStatus({ id, upload, submitLabel, onCancel }: { id: string; upload: Upload | null; submitLabel: string; onCancel: () => void }) {
  const progressId = `${id}-upload-progress`;
  const statusId = `${id}-upload-status`;
  let text = "";
  if (upload?.phase === "preparing") text = `Preparing photo ${Math.min(upload.done + 1, upload.total)} of ${upload.total}…`;
  if (upload?.phase === "sending") text = sentText(upload.said, upload.total);
  if (upload?.phase === "saving") text = `${sentText(upload.total, upload.total)}. Saving…`;
  if (upload?.phase === "cancelled") text = `Upload cancelled: nothing was saved. What you typed and the photos you chose are still here; press ${submitLabel} to send them.`;
  return (
    <div className="upload-status">
      {upload?.phase === "preparing" || upload?.phase === "sending" || upload?.phase === "saving" ? (
        <div className="upload-progress">
          <label htmlFor={progressId}>Upload progress</label>
          {upload.phase === "preparing" ? (
            <progress id={progressId} aria-describedby={statusId} />
          ) : (
            <progress id={progressId} aria-describedby={statusId} value={upload.phase === "sending" ? upload.loaded : upload.total} max={upload.total} />
          )}
          {upload.phase !== "saving" ? (
            <button type="button" className="button button--small" onClick={onCancel}>
              Cancel upload
            </button>
          ) : null}
        </div>
      ) : null}
      <p id={statusId} aria-live="polite" aria-atomic="true" className={upload?.phase === "cancelled" ? "notice notice--info" : text ? "upload-status__text" : "visually-hidden"}>
        {text}
      </p>
      {upload?.phase === "failed" ? (
        <p className="notice notice--error" role="alert">
          {upload.message}
        </p>
      ) : null}
    </div>
  );
}

function NumberField({ label, field, step }: { label: string; field: ServerField; step: string }) {
  const { min, max } = field.constraint;
  return <Field label={label} field={field} type="number" inputMode={step === "1" ? "numeric" : "decimal"} step={step} min={min} max={max} />;
}
