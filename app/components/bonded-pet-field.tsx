import { Trans, useLingui } from "@lingui/react/macro";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors } from "#app/components/ui/field";
import type { ServerField } from "#app/lib/forms/form-constraint";
import { speciesLabel } from "./pet-form/species-labels";

/** What the create and edit pages' loaders send for this field: the pets to choose from, and the saved partner. */
export interface BondChoices {
  choices: { id: number; name: string; animalId: string; species: string }[];
  current: number | null;
}

/**
 * The pet this one must go home with (decision 055). Its own file so that the pet form only includes
 * it; the page's loader sends `bond` (the choices and the saved partner). The value the server sent
 * back with errors wins over the saved one.
 */
export function BondedPetField({ field }: { field: ServerField }) {
  const { bond } = useLoaderData() as { bond?: BondChoices };
  const answer = useActionData() as { reply?: { initialValue?: Record<string, unknown> } } | undefined;
  const { t } = useLingui();
  if (!bond) return null;
  const sent = answer?.reply?.initialValue?.bondedWith;
  const chosen = typeof sent === "string" ? sent : (field.defaultValue ?? (bond.current ? String(bond.current) : ""));
  const hintId = `${field.id}-hint`;
  const invalid = field.errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={field.id}>
        <Trans>Bonded with (goes home together with)</Trans>
      </label>
      <p id={hintId} className="field__hint">
        <Trans>Both pets are updated: each names the other. Tick &quot;Bonded&quot; under Characteristics too.</Trans>
      </p>
      <select
        id={field.id}
        name={field.name}
        defaultValue={chosen}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${field.errorId} ${hintId}` : hintId}
      >
        <option value="">
          <Trans>No bonded partner</Trans>
        </option>
        {bond.choices.map((pet) => (
          <option
            key={pet.id}
            value={String(pet.id)}
          >{`${pet.name} (${speciesLabel(t, pet.species)}, ${pet.animalId})`}</option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
