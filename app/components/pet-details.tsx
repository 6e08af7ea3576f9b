import { Trans, useLingui } from "@lingui/react/macro";
import { usePetWord } from "#app/components/pet-card";
import { CharacteristicTags } from "#app/components/pet-card-facts";
import { useLocale } from "#app/components/locale";
import { displayLabelIn, displayListIn } from "#app/lib/pets/breeds";
import { formatMoneyIn } from "#app/lib/i18n/intl";
import { formatAgeIn } from "#app/lib/pets/pet-age";
import { goodWithIn, weightInWordsIn } from "#app/lib/pets/pet-facts";

export interface PetFacts {
  animalId: string;
  name: string;
  species: string;
  breed: string[];
  sex: string;
  activeLevel: string;
  weightLbs: number;
  ageMonths: number;
  adoptionFee: number;
  characteristics: string[];
  about: string;
}

/** Label and value rows, each label a row header. */
function InfoTable({ rows }: { rows: [string, string][] }) {
  return (
    <table className="info-table">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Info table, Living with others, Attributes (if any) and About of a pet (spec §2, Pet detail). */
export function PetDetails({ pet }: { pet: PetFacts }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const word = usePetWord();
  // English keeps its "$150"; Spanish writes the amount the Spanish way ("150,00 US$").
  const fee = locale === "en" ? `$${pet.adoptionFee}` : formatMoneyIn(locale, Math.round(pet.adoptionFee * 100));
  const rows: [string, string][] = [
    [t`Pet ID`, pet.animalId],
    [t`Species`, word(pet.species)],
    [t`Breed`, displayListIn(i18n, pet.breed) || t`Unknown`],
    [t`Sex`, word(pet.sex)],
    [t`Active level`, displayLabelIn(i18n, pet.activeLevel)],
    [t`Weight`, weightInWordsIn(i18n, pet.weightLbs)],
    [t`Age`, formatAgeIn(i18n, pet.ageMonths)],
    [t`Adoption fee`, fee],
  ];
  const living = goodWithIn(i18n, pet.characteristics);
  const livingRows: [string, string][] = [
    [t`Children`, living.children],
    [t`Dogs`, living.dogs],
    [t`Cats`, living.cats],
  ];
  const name = pet.name;
  return (
    <div className="pet-page__details">
      <section aria-labelledby="info-title">
        <h2 id="info-title">
          <Trans>Info</Trans>
        </h2>
        <InfoTable rows={rows} />
      </section>
      <div>
        <section aria-labelledby="living-title">
          <h2 id="living-title">
            <Trans>Living with others</Trans>
          </h2>
          <InfoTable rows={livingRows} />
        </section>
        {pet.characteristics.length > 0 ? (
          <section aria-labelledby="attributes-title">
            <h2 id="attributes-title">
              <Trans>Attributes</Trans>
            </h2>
            <CharacteristicTags characteristics={pet.characteristics} />
          </section>
        ) : null}
        <section aria-labelledby="about-title">
          <h2 id="about-title">
            <Trans>About</Trans>
          </h2>
          {pet.about && locale !== "en" ? (
            // Staff write in English: the page says so, and screen readers read it as English.
            <>
              <p className="pet-page__about-language">
                <Trans>Written in English by the shelter staff.</Trans>
              </p>
              <p className="pet-page__about" lang="en">
                {pet.about}
              </p>
            </>
          ) : (
            <p className="pet-page__about">{pet.about || t`Ask us about ${name}: our staff know every animal well.`}</p>
          )}
        </section>
      </div>
    </div>
  );
}

export default PetDetails;
