import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useLocale } from "#app/components/locale";
import { PetPhoto } from "#app/components/pet-photo";
import { Field } from "#app/components/ui/field";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useStartFromPage } from "#app/components/ui/use-start-from-page";
import type { ServerField } from "#app/lib/forms/form-constraint";
import { photoLimits } from "#app/lib/pets/pet-fields";
import { orderByPositions } from "#app/lib/photos/photos";
import { megabytes } from "#app/lib/photos/upload-sizes";

/**
 * The pet form's Photos: the pet's current ones (kept, moved or removed) and the new ones chosen.
 * Posted as `photoKey`/`photoPosition`/`removePhoto` and `newPhotos` (services/pet-save.server.ts).
 */
export function PhotoFields({
  formId,
  field,
  photos,
  petName,
  onChosen,
}: {
  formId: string;
  field: ServerField;
  /** The saved pet's photos; none on a new pet's form. */
  photos?: { key: string; url: string }[];
  petName?: string;
  onChosen: () => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="values-field">
      <legend>
        <Trans>Photos</Trans>
      </legend>
      {photos ? <CurrentPhotos formId={formId} photos={photos} petName={petName ?? t`The pet`} /> : null}
      <NewPhotos field={field} keptCount={photos?.length ?? 0} onChosen={onChosen} />
    </fieldset>
  );
}

/** The pet's current photos, in order: move, or tick to remove. Without JavaScript, positions are typed. */
function CurrentPhotos({
  formId,
  photos,
  petName,
}: {
  formId: string;
  photos: { key: string; url: string }[];
  petName: string;
}) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  const [order, setOrder] = useState(photos.map((photo) => photo.key));
  // Positions typed before the scripts ran (the page without JavaScript asks for numbers) become the
  // order the arrows then start from, as the server would have saved them (issue 39).
  useStartFromPage(() => {
    const keys = photos.map((photo) => photo.key);
    const typed = keys.map((_, index) => document.getElementById(`${formId}-position-${index}`));
    if (!typed.every((input) => input instanceof HTMLInputElement)) return;
    const positions = typed.map((input) => Number((input as HTMLInputElement).value));
    if (positions.some((position, index) => position !== index + 1)) setOrder(orderByPositions(keys, keys, positions));
  });
  const byKey = new Map(photos.map((photo) => [photo.key, photo]));
  const move = (index: number, by: number) =>
    setOrder((keys) => {
      const next = [...keys];
      const [key] = next.splice(index, 1);
      next.splice(index + by, 0, key!);
      return next;
    });
  if (photos.length === 0)
    return (
      <p>
        <Trans>No photos yet: the site shows a placeholder.</Trans>
      </p>
    );
  return (
    <ol className="photo-list">
      {order.map((key, index) => {
        const photo = byKey.get(key)!;
        const number = index + 1;
        return (
          <li key={key} className="photo-list__item">
            <PetPhoto
              src={photo.url}
              sizes="96px"
              width={96}
              height={72}
              alt={t`${petName}, photo ${number}`}
              loading="lazy"
            />
            <input type="hidden" name="photoKey" value={key} />
            {hydrated ? (
              <>
                <input type="hidden" name="photoPosition" value={index + 1} />
                <span className="photo-list__actions">
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t`Move photo ${number} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === order.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t`Move photo ${number} down`}
                  >
                    ↓
                  </button>
                </span>
              </>
            ) : (
              <span className="field field--inline">
                <label htmlFor={`${formId}-position-${index}`}>
                  <Trans>Position of photo {number}</Trans>
                </label>
                <input
                  id={`${formId}-position-${index}`}
                  name="photoPosition"
                  type="number"
                  min="1"
                  max={photos.length}
                  defaultValue={index + 1}
                  inputMode="numeric"
                />
              </span>
            )}
            <label className="check">
              <input type="checkbox" name="removePhoto" value={key} />
              <span>{t`Remove photo ${number}`}</span>
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
  const { t } = useLingui();
  const locale = useLocale();
  const room = photoLimits.perPet - keptCount;
  const perPet = photoLimits.perPet;
  const maxSize = megabytes(photoLimits.maxBytes, locale);
  const show = (files: File[]) => {
    const next = files.map((file, index): Preview => {
      const problem =
        !/\.(jpe?g|png)$/i.test(file.name) || !/^image\/(jpeg|png)$/.test(file.type)
          ? t`not a .jpg, .jpeg or .png image`
          : index >= room
            ? t`more than ${perPet} photos for this pet`
            : null;
      // Photos are made smaller before sending (decision 038); only one the browser cannot read stays this large.
      const note =
        !problem && file.size > photoLimits.maxBytes
          ? t`more than ${maxSize}: it is made smaller before sending`
          : null;
      return { name: file.name, size: file.size, url: problem ? null : URL.createObjectURL(file), problem, note };
    });
    setPreviews(next);
    onChosen();
  };
  // Photos chosen before the scripts ran are shown and checked as if chosen now (issue 39).
  useStartFromPage(() => {
    const input = document.getElementById(field.id);
    if (input instanceof HTMLInputElement && input.files && input.files.length > 0) show([...input.files]);
  });
  return (
    <Field
      label={t`Add photos (.jpg, .jpeg or .png, up to ${maxSize} each; ${room} more allowed)`}
      field={field}
      type="file"
      multiple
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      onChange={(event) => show([...(event.currentTarget.files ?? [])])}
    >
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label={t`Chosen photos`}>
          {previews.map((preview, index) => (
            <li key={`${preview.name}-${index}`}>
              {preview.url ? (
                <img src={preview.url} width="96" height="72" alt={t`Preview of ${preview.name}`} />
              ) : null}
              <span>
                {preview.name} ({megabytes(preview.size, locale)})
              </span>
              {preview.problem ? (
                <span className="field__errors">
                  {" "}
                  <Trans>Will be refused: {preview.problem}.</Trans>
                </span>
              ) : null}
              {preview.note ? (
                <span className="field__hint"> {preview.note[0]!.toUpperCase() + preview.note.slice(1)}.</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
