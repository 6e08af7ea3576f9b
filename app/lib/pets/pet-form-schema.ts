import { z } from "zod";
import { activeLevels, characteristicOptions } from "#app/lib/pets/breeds";
import { breedOptionsFor, mergeValues, petLimits, petSexes, petSpecies } from "#app/lib/pets/pet-fields";

/**
 * The Upload Pet / Edit pet form's rules (spec §5): checked on the server, and in the browser once the
 * form is used (lib/forms/validators/pet.ts). Photos: services/pet-photos.server.ts. This module is the one
 * list of the form's fields: the page's values (`PetFormFields`), what is posted back
 * (services/pet-save.server.ts) and what is saved (`PetFormValues`) are all derived from it.
 *
 * Each message is its English text and the id of its catalogue entry (`/*i18n*\/`, decision 057): the
 * page shows it in its own language (lib/i18n/form-messages.ts). The limits are written into the messages
 * as numbers, since a catalogue id is a literal; pet-form-schema.test.ts checks they are petLimits'.
 */
export const petFormMessages = {
  nameRequired: /*i18n*/ "Name is required",
  nameTooLong: /*i18n*/ "Name can have at most 60 characters",
  animalIdRequired: /*i18n*/ "Pet id is required",
  animalIdTooLong: /*i18n*/ "Pet id can have at most 40 characters",
  animalIdCharacters: /*i18n*/ "Pet id can have letters, digits, spaces and . _ / -",
  age: {
    required: /*i18n*/ "Age is required",
    number: /*i18n*/ "Age must be a number",
    whole: /*i18n*/ "Age must be a whole number",
    min: /*i18n*/ "Age must be at least 0",
    max: /*i18n*/ "Age must be at most 600",
  },
  weight: {
    required: /*i18n*/ "Weight is required",
    number: /*i18n*/ "Weight must be a number",
    min: /*i18n*/ "Weight must be at least 0",
    max: /*i18n*/ "Weight must be at most 400",
  },
  fee: {
    required: /*i18n*/ "Adoption fee is required",
    number: /*i18n*/ "Adoption fee must be a number",
    whole: /*i18n*/ "Adoption fee must be a whole number",
    min: /*i18n*/ "Adoption fee must be at least 0",
    max: /*i18n*/ "Adoption fee must be at most 10,000",
  },
  valueTooLong: /*i18n*/ "Each value can have at most 40 characters",
  tooManyValues: /*i18n*/ "At most 12 values",
  sex: /*i18n*/ "Choose Male or Female",
  species: /*i18n*/ "Choose a species",
  breedsTooLong: /*i18n*/ "Too long: type fewer breeds",
  activeLevel: /*i18n*/ "Choose an active level",
  characteristicsTooLong: /*i18n*/ "Too long: type fewer characteristics",
  aboutTooLong: /*i18n*/ "About can have at most 5,000 characters",
  bondedWith: /*i18n*/ "Choose a pet from the list",
  speciesChanged: {
    Cat: /*i18n*/ "The species changed, so the breeds were cleared: choose breeds for a cat.",
    Dog: /*i18n*/ "The species changed, so the breeds were cleared: choose breeds for a dog.",
    Other: /*i18n*/ "The species changed, so the breeds were cleared: choose breeds for this pet.",
  },
} as const;

const m = petFormMessages;

type NumberMessages = { required: string; number: string; whole?: string; min: string; max: string };

const number = (messages: NumberMessages, { min, max, integer }: { min: number; max: number; integer: boolean }) => {
  const base = z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.number) });
  return (integer ? base.int(messages.whole) : base).min(min, messages.min).max(max, messages.max);
};

const listValue = z.string().trim().max(petLimits.valueLength, m.valueTooLong);

/**
 * The fields as posted; their native constraints (required, min, max) go to the page. Only the name
 * and pet id are needed to save: a new pet is a draft, and what adopters need is asked for when it is
 * published (lib/pets/pet-publishing.ts, decision 052). A number left blank is stored as 0 ("not given"
 * for age and weight, free for the fee), a sex or active level left blank as "".
 */
export const petFieldsSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(petLimits.nameLength, m.nameTooLong),
  animalId: z
    .string({ error: m.animalIdRequired })
    .trim()
    .min(1, m.animalIdRequired)
    .max(petLimits.animalIdLength, m.animalIdTooLong)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, m.animalIdCharacters),
  ageMonths: number(m.age, { min: 0, max: petLimits.maxAgeMonths, integer: true }).optional(),
  weightLbs: number(m.weight, { min: 0, max: petLimits.maxWeightLbs, integer: false }).optional(),
  sex: z.enum(petSexes, { error: m.sex }).optional(),
  species: z.enum(petSpecies, { error: m.species }),
  breedsFor: z.string().optional(),
  breed: z.array(listValue).default([]),
  breedOther: z.string().max(400, m.breedsTooLong).default(""),
  activeLevel: z.enum(activeLevels, { error: m.activeLevel }).optional(),
  characteristics: z.array(listValue).default([]),
  characteristicsOther: z.string().max(400, m.characteristicsTooLong).default(""),
  adoptionFee: number(m.fee, { min: 0, max: petLimits.maxFee, integer: true }).optional(),
  about: z.string().trim().max(petLimits.aboutLength, m.aboutTooLong).default(""),
  /** The pet this one must go home with (a bonded pair, decision 055); the server checks it may be chosen. */
  bondedWith: z.number({ error: m.bondedWith }).int(m.bondedWith).positive(m.bondedWith).optional(),
});

export const petFormSchema = petFieldsSchema.transform((form, ctx) => {
  // Breeds ticked for another species than the one chosen are cleared (spec §5: changing species
  // clears breeds); without JavaScript the form says so instead of saving breeds of the wrong species.
  const speciesChanged = form.breedsFor !== undefined && form.breedsFor !== form.species && form.breed.length > 0;
  if (speciesChanged) {
    ctx.addIssue({
      code: "custom",
      path: ["breed"],
      message: m.speciesChanged[form.species],
    });
    return z.NEVER;
  }
  const breed = mergeValues(form.breed, form.breedOther, breedOptionsFor(form.species));
  const characteristics = mergeValues(form.characteristics, form.characteristicsOther, characteristicOptions);
  for (const [path, values] of [
    ["breedOther", breed],
    ["characteristicsOther", characteristics],
  ] as const) {
    if (values.length > petLimits.maxValues)
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: m.tooManyValues,
      });
    if (values.some((value) => value.length > petLimits.valueLength)) {
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: m.valueTooLong,
      });
    }
  }
  // Only the helper fields stay behind: every other field is saved under its own name.
  const {
    breedsFor: _breedsFor,
    breedOther: _breedOther,
    characteristicsOther: _characteristicsOther,
    ...fields
  } = form;
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
export type PetFormFields = {
  [Name in PetFormFieldName]-?: NonNullable<PostedFields[Name]> extends readonly unknown[] ? string[] : string;
};

/**
 * What the server sends the Upload Pet / Edit pet form back with (a refused or partial save, a
 * refused Publish): the values to show again, the messages by field, and one about the whole form.
 * Both pet form actions answer it as `{ reply }` (lib/photos/upload-answer.ts).
 */
export interface PetFormReply {
  initialValue: Record<string, unknown>;
  error: Record<string, string[]>;
  message?: string;
}
