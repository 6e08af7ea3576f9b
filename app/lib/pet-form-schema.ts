import { z } from "zod";
import { activeLevels, characteristicOptions } from "#app/lib/breeds";
import {
  breedOptionsFor,
  mergeValues,
  petLimits,
  petSexes,
  petSpecies,
} from "#app/lib/pet-fields";

/**
 * The Upload Pet / Edit pet form's rules (spec §5): checked on the server, and in the browser once the
 * form is used (lib/validators/pet.ts). Photos: services/pet-photos.server.ts. This module is the one
 * list of the form's fields: the page's values (`PetFormFields`), what is posted back
 * (services/pet-save.server.ts) and what is saved (`PetFormValues`) are all derived from it.
 */
const number = (
  label: string,
  { min, max, integer }: { min: number; max: number; integer: boolean }
) => {
  const base = z.number({
    error: (issue) =>
      issue.input === undefined
        ? `${label} is required`
        : `${label} must be a number`,
  });
  return (integer ? base.int(`${label} must be a whole number`) : base)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);
};

const listValue = z
  .string()
  .trim()
  .max(
    petLimits.valueLength,
    `Each value can have at most ${petLimits.valueLength} characters`
  );

/**
 * The fields as posted; their native constraints (required, min, max) go to the page. Only the name
 * and pet id are needed to save: a new pet is a draft, and what adopters need is asked for when it is
 * published (lib/pet-publishing.ts, decision 052). A number left blank is stored as 0 ("not given"
 * for age and weight, free for the fee), a sex or active level left blank as "".
 */
export const petFieldsSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(
      petLimits.nameLength,
      `Name can have at most ${petLimits.nameLength} characters`
    ),
  animalId: z
    .string({ error: "Pet id is required" })
    .trim()
    .min(1, "Pet id is required")
    .max(
      petLimits.animalIdLength,
      `Pet id can have at most ${petLimits.animalIdLength} characters`
    )
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/,
      "Pet id can have letters, digits, spaces and . _ / -"
    ),
  ageMonths: number("Age", {
    min: 0,
    max: petLimits.maxAgeMonths,
    integer: true,
  }).optional(),
  weightLbs: number("Weight", {
    min: 0,
    max: petLimits.maxWeightLbs,
    integer: false,
  }).optional(),
  sex: z.enum(petSexes, { error: "Choose Male or Female" }).optional(),
  species: z.enum(petSpecies, { error: "Choose a species" }),
  breedsFor: z.string().optional(),
  breed: z.array(listValue).default([]),
  breedOther: z.string().max(400, "Too long: type fewer breeds").default(""),
  activeLevel: z.enum(activeLevels, { error: "Choose an active level" }).optional(),
  characteristics: z.array(listValue).default([]),
  characteristicsOther: z
    .string()
    .max(400, "Too long: type fewer characteristics")
    .default(""),
  adoptionFee: number("Adoption fee", {
    min: 0,
    max: petLimits.maxFee,
    integer: true,
  }).optional(),
  about: z
    .string()
    .trim()
    .max(
      petLimits.aboutLength,
      `About can have at most ${petLimits.aboutLength.toLocaleString(
        "en-US"
      )} characters`
    )
    .default(""),
  /** The pet this one must go home with (a bonded pair, decision 055); the server checks it may be chosen. */
  bondedWith: z
    .number({ error: "Choose a pet from the list" })
    .int("Choose a pet from the list")
    .positive("Choose a pet from the list")
    .optional(),
});

export const petFormSchema = petFieldsSchema.transform((form, ctx) => {
  // Breeds ticked for another species than the one chosen are cleared (spec §5: changing species
  // clears breeds); without JavaScript the form says so instead of saving breeds of the wrong species.
  const speciesChanged =
    form.breedsFor !== undefined &&
    form.breedsFor !== form.species &&
    form.breed.length > 0;
  if (speciesChanged) {
    ctx.addIssue({
      code: "custom",
      path: ["breed"],
      message: `The species changed, so the breeds were cleared: choose breeds for ${
        form.species === "Other"
          ? "this pet"
          : `a ${form.species.toLowerCase()}`
      }.`,
    });
    return z.NEVER;
  }
  const breed = mergeValues(
    form.breed,
    form.breedOther,
    breedOptionsFor(form.species)
  );
  const characteristics = mergeValues(
    form.characteristics,
    form.characteristicsOther,
    characteristicOptions
  );
  for (const [path, values] of [
    ["breedOther", breed],
    ["characteristicsOther", characteristics],
  ] as const) {
    if (values.length > petLimits.maxValues)
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: `At most ${petLimits.maxValues} values`,
      });
    if (values.some((value) => value.length > petLimits.valueLength)) {
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: `Each value can have at most ${petLimits.valueLength} characters`,
      });
    }
  }
  // Only the helper fields stay behind: every other field is saved under its own name.
  const { breedsFor: _breedsFor, breedOther: _breedOther, characteristicsOther: _characteristicsOther, ...fields } = form;
  return {
    ...fields,
    ageMonths: form.ageMonths ?? 0,
    weightLbs: Math.round((form.weightLbs ?? 0) * 10) / 10,
    sex: form.sex ?? ("" as const),
    breed,
    activeLevel: form.activeLevel ?? "",
    characteristics,
    adoptionFee: form.adoptionFee ?? 0,
    bondedWith: form.bondedWith ?? null,
  };
});

export type PetFormValues = z.output<typeof petFormSchema>;

type PostedFields = z.input<typeof petFieldsSchema>;

/** The fields the page shows and posts: every field of the schema but `breedsFor`, which follows the species. */
export type PetFormFieldName = Exclude<keyof PostedFields, "breedsFor">;

/** The form's values as the page shows them: text, and lists for the ticked boxes. */
export type PetFormFields = { [Name in PetFormFieldName]-?: NonNullable<PostedFields[Name]> extends readonly unknown[] ? string[] : string };

/**
 * What the server sends the Upload Pet / Edit pet form back with (a refused or partial save, a
 * refused Publish): the values to show again, the messages by field, and one about the whole form.
 * Both pet form actions answer it as `{ reply }` (lib/upload-answer.ts).
 */
export interface PetFormReply {
  initialValue: Record<string, unknown>;
  error: Record<string, string[]>;
  message?: string;
}
