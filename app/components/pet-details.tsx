import { CharacteristicTags } from "#app/components/pet-card";
import { displayList } from "#app/lib/breeds";

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

/** The Info table, Attributes (if any) and About of a pet (spec §2, Pet detail). */
export function PetDetails({ pet }: { pet: PetFacts }) {
  const rows: [string, string][] = [
    ["Pet ID", pet.animalId],
    ["Species", pet.species],
    ["Breed", displayList(pet.breed) || "Unknown"],
    ["Sex", pet.sex],
    ["Active level", pet.activeLevel],
    ["Weight", `${pet.weightLbs} lbs`],
    ["Age", `${pet.ageMonths} months`],
    ["Adoption fee", `$${pet.adoptionFee}`],
  ];
  return (
    <div className="pet-page__details">
      <section aria-labelledby="info-title">
        <h2 id="info-title">Info</h2>
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
      </section>
      <div>
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
