import { z } from "zod";
import { activeLevels } from "../pets/breeds";
import { petSizes } from "../pets/pet-sizes";
import {
  housingOptions,
  idealAges,
  idealSpecies,
  residentPetAges,
  residentPetLimit,
  residentPetTypes,
  youngestAges,
  type Answers,
  type QuestionKey,
} from "./questionnaire";

/**
 * One zod schema per question, used on the server only (decision 005). Each turns the question's
 * form into its answer, with spec §5's rules as messages. Each message is its English text and its
 * catalogue id (`/*i18n*\/`), shown in the page's language by whoever shows it (lib/i18n/form-messages.ts).
 */
const choose = (message: string) => ({ error: message });

const a1 = z
  .object({
    housing: z.enum(housingOptions, choose(/*i18n*/ "Choose your kind of home")),
    other: z.string().trim().max(60).optional(),
  })
  .refine((form) => form.housing !== "Other" || (form.other ?? "").length > 0, {
    message: /*i18n*/ "Tell us what kind of home it is",
    path: ["other"],
  })
  .transform((form): Answers["a1"] => (form.housing === "Other" ? (form.other ?? "") : form.housing));

const a2 = z
  .object({
    children: z.coerce
      .number(choose(/*i18n*/ "Choose how many children"))
      .int()
      .min(0, /*i18n*/ "Choose a number from 0 to 10")
      .max(10, /*i18n*/ "Choose a number from 0 to 10"),
    youngestAge: z.enum(youngestAges).optional(),
  })
  .refine((form) => form.children === 0 || form.youngestAge !== undefined, {
    message: /*i18n*/ "Choose the age of the youngest child",
    path: ["youngestAge"],
  })
  .transform((form): Answers["a2"] => ({
    children: form.children,
    youngestAge: form.children === 0 ? null : (form.youngestAge ?? null),
  }));

/** Ticked animals and typed ones ("Rabbit, hamster"), each once, capitalised. */
function allergyAnimalsOf(form: { animals?: string[]; other?: string }) {
  const typed = (form.other ?? "")
    .split(",")
    .map((animal) => animal.trim())
    .filter(Boolean);
  const all = [...(form.animals ?? []), ...typed].map((animal) => animal[0]!.toUpperCase() + animal.slice(1));
  return [...new Set(all)].slice(0, 10);
}

const a3 = z
  .object({
    allergic: z.enum(["Yes", "No"], choose(/*i18n*/ "Choose Yes or No")),
    animals: z.array(z.string().trim().min(1).max(30)).optional(),
    other: z.string().trim().max(120).optional(),
  })
  .refine((form) => form.allergic === "No" || allergyAnimalsOf(form).length > 0, {
    message: /*i18n*/ "Choose or type at least one animal",
    path: ["animals"],
  })
  .transform((form): Answers["a3"] => (form.allergic === "No" ? [] : allergyAnimalsOf(form)));

const residentRow = z.object({
  type: z.enum(residentPetTypes).optional(),
  age: z.coerce.number().int().optional(),
  isNeutered: z.boolean().optional(),
});
const a4 = z
  .object({
    hasPets: z.enum(["Yes", "No"], choose(/*i18n*/ "Choose Yes or No")),
    // The number is residentPetLimit's (a test holds them together).
    pets: z
      .array(residentRow.optional())
      .max(residentPetLimit, /*i18n*/ "Tell us about 20 pets at most; ask us about more")
      .optional(),
  })
  .superRefine((form, context) => {
    if (form.hasPets === "No") return;
    const rows = form.pets ?? [];
    let complete = 0;
    rows.forEach((row, index) => {
      if (!row || (row.type === undefined && row.age === undefined)) return;
      if (
        row.type === undefined ||
        row.age === undefined ||
        !(residentPetAges as readonly number[]).includes(row.age)
      ) {
        context.addIssue({
          code: "custom",
          message: /*i18n*/ "Choose both the type and the age of this pet",
          path: ["pets", index],
        });
      } else complete += 1;
    });
    if (complete === 0 && rows.every((row) => !row || (row.type === undefined && row.age === undefined))) {
      context.addIssue({ code: "custom", message: /*i18n*/ "Tell us about at least one pet", path: ["pets"] });
    }
  })
  .transform((form): Answers["a4"] =>
    form.hasPets === "No"
      ? []
      : (form.pets ?? []).flatMap((row) =>
          row?.type !== undefined && row.age !== undefined
            ? [{ type: row.type, age: row.age, isNeutered: row.isNeutered === true }]
            : [],
        ),
  );

const p1 = z
  .object({ species: z.enum(idealSpecies, choose(/*i18n*/ "Choose cats or dogs")) })
  .transform((form): Answers["p1"] => form.species);

const ageBound = z.union([
  z.literal("All"),
  z.coerce
    .number()
    .int()
    .refine((months) => (idealAges as readonly number[]).includes(months)),
]);
const p2 = z
  .object({ fromAge: ageBound.optional(), toAge: ageBound.optional() })
  .refine((form) => form.fromAge !== undefined || form.toAge !== undefined, {
    message: /*i18n*/ "Choose at least one end of the age range",
    path: ["fromAge"],
  })
  .refine((form) => typeof form.fromAge !== "number" || typeof form.toAge !== "number" || form.fromAge <= form.toAge, {
    message: /*i18n*/ "The youngest age cannot be above the oldest",
    path: ["toAge"],
  })
  .transform((form): Answers["p2"] => ({ fromAge: form.fromAge ?? "All", toAge: form.toAge ?? "All" }));

const p3 = z
  .object({
    sizes: z
      .array(z.enum(petSizes), choose(/*i18n*/ "Choose at least one size"))
      .min(1, /*i18n*/ "Choose at least one size"),
  })
  .transform((form): Answers["p3"] => [...new Set(form.sizes)]);

const p4 = z
  .object({
    levels: z
      .array(z.enum(activeLevels), choose(/*i18n*/ "Choose at least one energy level"))
      .min(1, /*i18n*/ "Choose at least one energy level"),
  })
  .transform((form): Answers["p4"] => [...new Set(form.levels)]);

export const questionSchemas: { [K in QuestionKey]: z.ZodType<Answers[K]> } = {
  a1,
  a2,
  a3,
  a4,
  p1,
  p2,
  p3,
  p4,
};

/** The stored answers, re-read leniently: anything that does not parse is dropped (asked again). */
export const storedAnswers = z
  .object({
    a1: z.string().min(1).max(60),
    a2: z.object({ children: z.number().int().min(0).max(10), youngestAge: z.enum(youngestAges).nullable() }),
    a3: z.array(z.string().max(30)).max(10),
    a4: z
      .array(z.object({ type: z.enum(residentPetTypes), age: z.number().int(), isNeutered: z.boolean() }))
      .max(residentPetLimit),
    p1: z.enum(idealSpecies),
    p2: z.object({
      fromAge: z.union([z.literal("All"), z.number().int()]),
      toAge: z.union([z.literal("All"), z.number().int()]),
    }),
    p3: z.array(z.enum(petSizes)).min(1),
    p4: z.array(z.enum(activeLevels)).min(1),
  })
  .partial();

export function readStoredAnswers(value: unknown): Partial<Answers> {
  if (!value || typeof value !== "object") return {};
  const answers: Partial<Answers> = {};
  for (const [key, answer] of Object.entries(value)) {
    const parsed = storedAnswers.safeParse({ [key]: answer });
    if (parsed.success && key in parsed.data) Object.assign(answers, parsed.data);
  }
  return answers;
}

const allergicTo = (allergies: readonly string[] | undefined, species: string) =>
  (allergies ?? []).some((animal) => animal.toLowerCase() === species.toLowerCase());

/**
 * A question's schema with the rules that need the other answers (issue 17): nobody adopts a
 * species someone at home is allergic to, so it is refused at that question, not found as an empty result.
 */
export function questionSchemaFor<K extends QuestionKey>(key: K, answers: Partial<Answers>): z.ZodType<Answers[K]> {
  if (key === "p1") {
    return p1.refine((species) => !allergicTo(answers.a3, species), {
      message:
        /*i18n*/ "Someone at home is allergic to this species: choose the other one, or change your allergy answer",
      path: ["species"],
    }) as unknown as z.ZodType<Answers[K]>;
  }
  if (key === "a3" && answers.p1) {
    const chosen = answers.p1;
    return a3.refine((animals) => !allergicTo(animals, chosen), {
      message:
        chosen === "Cat"
          ? /*i18n*/ "You chose to adopt a cat: change that answer first, or tell us about other allergies"
          : /*i18n*/ "You chose to adopt a dog: change that answer first, or tell us about other allergies",
      path: ["animals"],
    }) as unknown as z.ZodType<Answers[K]>;
  }
  return questionSchemas[key];
}
