import { CharacteristicTags } from "#app/components/pet-card";
import { displayList } from "#app/lib/breeds";
import { ageInWords, goodWith, weightInWords } from "#app/lib/pet-facts";

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
  const rows: [string, string][] = [
    ["Pet ID", pet.animalId],
    ["Species", pet.species],
    ["Breed", displayList(pet.breed) || "Unknown"],
    ["Sex", pet.sex],
    ["Active level", pet.activeLevel],
    ["Weight", weightInWords(pet.weightLbs)],
    ["Age", ageInWords(pet.ageMonths)],
    ["Adoption fee", `$${pet.adoptionFee}`],
  ];
  const living = goodWith(pet.characteristics);
  const livingRows: [string, string][] = [
    ["Children", living.children],
    ["Dogs", living.dogs],
    ["Cats", living.cats],
  ];
  return (
    <div className="pet-page__details">
      <section aria-labelledby="info-title">
        <h2 id="info-title">Info</h2>
        <InfoTable rows={rows} />
      </section>
      <div>
        <section aria-labelledby="living-title">
          <h2 id="living-title">Living with others</h2>
          <InfoTable rows={livingRows} />
        </section>
        {pet.characteristics.length > 0 ? (
          <section aria-labelledby="attributes-title">
            <h2 id="attributes-title">Attributes</h2>
            <CharacteristicTags characteristics={pet.characteristics} />
          </section>
        ) : null}
        <section aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <p className="pet-page__about">{pet.about || `Ask us about ${pet.name}: our staff know every animal well.`}</p>
        </section>
      </div>
    </div>
  );
}
