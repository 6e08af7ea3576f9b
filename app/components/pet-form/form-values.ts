import type { PetFormFields, PetFormReply } from "#app/lib/pets/pet-form-schema";

/**
 * The pet form's values as the page shows them. Their names and kinds come from the form's zod schema
 * (`PetFormFields`, a type: no zod in the page's JavaScript); a field added to the schema is a type
 * error here until the new pet's and the saved pet's values say what it starts as.
 */

/**
 * A new pet's form: empty but for the species (spec §3's defaults of 0 months, 0 lbs, a very active
 * male went public as facts; decision 052). What is left empty is asked for at Publish.
 */
export const newPetFields: PetFormFields = {
  name: "",
  animalId: "",
  ageMonths: "",
  weightLbs: "",
  sex: "",
  species: "Cat",
  breed: [],
  breedOther: "",
  activeLevel: "",
  characteristics: [],
  characteristicsOther: "",
  adoptionFee: "",
  about: "",
  bondedWith: "",
};

/** A count stored as 0 for "not given yet" (a draft's age or weight) shows as an empty field. */
const givenNumber = (value: number) => (value > 0 ? String(value) : "");

/** A saved pet's values in the form: its own, the numbers as text; the free-typed boxes start empty. */
export function petFields(pet: {
  name: string;
  animalId: string;
  ageMonths: number;
  weightLbs: number;
  sex: string;
  species: string;
  breed: string[];
  activeLevel: string;
  characteristics: string[];
  adoptionFee: number;
  about: string;
  bondedWith?: number | null;
}): PetFormFields {
  return {
    ...newPetFields,
    name: pet.name,
    animalId: pet.animalId,
    ageMonths: givenNumber(pet.ageMonths),
    weightLbs: givenNumber(pet.weightLbs),
    sex: pet.sex,
    species: pet.species,
    breed: pet.breed,
    activeLevel: pet.activeLevel,
    characteristics: pet.characteristics,
    adoptionFee: String(pet.adoptionFee),
    about: pet.about,
    bondedWith: pet.bondedWith ? String(pet.bondedWith) : "",
  };
}

/**
 * The fields to show: what the staff member sent when the server sent the form back, else `initial`.
 * Each field keeps its kind (a list or a text) whatever was posted; a species not sent keeps `initial`'s.
 */
export function shownFields(initial: PetFormFields, reply: PetFormReply | null | undefined): PetFormFields {
  const sent = reply?.initialValue;
  if (!sent || Object.keys(sent).length === 0) return initial;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  const shown = Object.fromEntries(
    Object.entries(initial).map(([name, start]) => [name, Array.isArray(start) ? list(sent[name]) : text(sent[name])]),
  ) as PetFormFields;
  return { ...shown, species: shown.species || initial.species };
}
