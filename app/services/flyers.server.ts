import { renderSVG } from "uqr";
import { displayLabel, displayList } from "#app/lib/pets/breeds";
import { formatAge } from "#app/lib/pets/pet-age";
import { sizeOf } from "#app/lib/pets/pet-sizes";
import { petStatus } from "#app/lib/pets/pet-status";
import { photoSources, photoUrl } from "#app/lib/photos/photos";
import { getPet } from "#app/models/pets.server";
import type { Database } from "#app/db/client.server";

/** At most this many flyers in one print. */
export const maxFlyers = 40;

export interface Flyer {
  id: number;
  name: string;
  animalId: string;
  photo: string | null;
  facts: { label: string; value: string }[];
  about: string;
  traits: string[];
  onHold: boolean;
  petUrl: string;
  /** The QR code of `petUrl` as SVG markup, made here on the server (uqr): the browser never loads the library. */
  qrSvg: string;
  /** The pet's fixed values as stored, for a flyer in another language (the route words them). */
  stored: {
    species: string;
    breed: string[];
    sex: string;
    ageMonths: number;
    weightLbs: number;
    activeLevel: string;
    adoptionFee: number;
    characteristics: string[];
    about: string;
  };
}

/**
 * The kennel card and flyer of each pet asked for (decision 043): listed and held pets only; an
 * adopted, draft or missing one is left out. The QR code leads to the pet's page on the site's own
 * address, in the flyer's language (`petPath` turns the English path into the flyer's language's).
 */
export async function flyersFor(
  db: Database,
  ids: number[],
  siteUrl: string,
  petPath: (path: string) => string = (path) => path,
): Promise<Flyer[]> {
  const flyers: Flyer[] = [];
  for (const id of ids.slice(0, maxFlyers)) {
    const pet = await getPet(db, id);
    if (!pet) continue;
    const status = petStatus(pet);
    if (status === "adopted" || status === "draft" || status === "gone") continue;
    const petUrl = `${siteUrl}${petPath(`/adopt/pet?pet_id=${pet.id}`)}`;
    const first = pet.images[0] ? (photoSources(photoUrl(pet.images[0]))?.jpegSrc ?? null) : null;
    flyers.push({
      id: pet.id,
      name: pet.name,
      animalId: pet.animalId,
      photo: first,
      facts: [
        { label: "Species", value: pet.species },
        { label: "Breed", value: displayList(pet.breed) || "Unknown" },
        { label: "Sex", value: pet.sex },
        { label: "Age", value: formatAge(pet.ageMonths) },
        { label: "Size", value: `${sizeOf(pet.weightLbs)} (${pet.weightLbs} lbs)` },
        { label: "Energy", value: pet.activeLevel },
        { label: "Adoption fee", value: pet.adoptionFee > 0 ? `$${pet.adoptionFee}` : "Free" },
        { label: "Shelter id", value: pet.animalId },
      ],
      about: pet.about.trim() || `${pet.name} is waiting for a home.`,
      traits: pet.characteristics.map(displayLabel),
      onHold: status === "on-hold",
      petUrl,
      qrSvg: renderSVG(petUrl, { border: 1 }),
      stored: {
        species: pet.species,
        breed: pet.breed,
        sex: pet.sex,
        ageMonths: pet.ageMonths,
        weightLbs: pet.weightLbs,
        activeLevel: pet.activeLevel,
        adoptionFee: pet.adoptionFee,
        characteristics: pet.characteristics,
        about: pet.about,
      },
    });
  }
  return flyers;
}

/** `?pet_id=3&pet_id=7` (or `pet_id=3,7`) → [3, 7]: whole positive numbers, each once. */
export function flyerIds(url: URL): number[] {
  const raw = url.searchParams.getAll("pet_id").flatMap((value) => value.split(","));
  const ids = raw
    .filter((value) => /^\d{1,9}$/.test(value.trim()))
    .map((value) => Number(value.trim()))
    .filter((id) => id > 0);
  return [...new Set(ids)];
}
