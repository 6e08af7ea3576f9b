import { Trans, useLingui } from "@lingui/react/macro";
import { usePetWord } from "#app/components/pet-card";
import { displayLabelIn, displayListIn } from "#app/lib/pets/breeds";
import { formatAgeIn } from "#app/lib/pets/pet-age";
import { tagColour } from "#app/lib/pets/tag-colours";

export function CharacteristicTags({ characteristics }: { characteristics: string[] }) {
  const { t, i18n } = useLingui();
  if (characteristics.length === 0) {
    return (
      <p className="tags tags--none">
        <Trans>No notes yet</Trans>
      </p>
    );
  }
  return (
    <ul className="tags" aria-label={t`Characteristics`}>
      {characteristics.map((characteristic) => (
        <li key={characteristic} className={`tag tag--${tagColour(characteristic)}`}>
          {displayLabelIn(i18n, characteristic)}
        </li>
      ))}
    </ul>
  );
}

export interface PetCardFactsProps {
  /** The pet's id: names the part on the page (components/static-view.tsx). */
  petId: number;
  breed: string[];
  species: string;
  sex: string;
  ageMonths: number;
  inFosterHome: boolean;
  characteristics: string[];
}

/**
 * A card's facts, in the page's language: breed, sex and age, the foster badge, the characteristics.
 * Plain text, so a static part of the card (components/pet-card.tsx, decision 061).
 */
export default function PetCardFacts({
  breed,
  species,
  sex,
  ageMonths,
  inFosterHome,
  characteristics,
}: PetCardFactsProps) {
  const { i18n } = useLingui();
  const word = usePetWord();
  return (
    <>
      <p className="pet-card__breed">{displayListIn(i18n, breed) || word(species)}</p>
      <p className="pet-card__facts">{`${word(sex)} · ${formatAgeIn(i18n, ageMonths)}`}</p>
      {inFosterHome ? (
        <p className="pet-card__facts">
          <span className="badge badge--status">
            <Trans>In a foster home</Trans>
          </span>
        </p>
      ) : null}
      <CharacteristicTags characteristics={characteristics} />
    </>
  );
}
