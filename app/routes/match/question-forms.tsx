import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { usePetWord } from "#app/components/pet-card";
import { displayLabelIn } from "#app/lib/pets/breeds";
import { useState, type ReactNode } from "react";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { Field, FieldErrors, FieldGroup, SelectField } from "#app/components/ui/field";
import { serverField, type ServerForm } from "#app/lib/forms/form-constraint";
import { sizeLabelIn } from "#app/lib/pets/pet-sizes";
import type { LiveCheck } from "#app/lib/forms/validators/form-check";
import {
  aboutPets,
  aboutYou,
  activeLevels,
  allergyAnimals,
  childrenOptions,
  currentStepAnchor,
  housingOptions,
  idealAges,
  idealSpecies,
  monthsLabelIn,
  petSizes,
  questionTitleIn,
  residentAgeLabelIn,
  youngestAgeLabelIn,
  residentPetAges,
  residentPetLimit,
  residentPetTypes,
  youngestAges,
  type Answers,
  type QuestionKey,
} from "#app/lib/match/questionnaire";

/** The options' words in the page's language (the values posted stay the stored English ones). */
const optionWords = {
  Apartment: msg`Apartment`,
  House: msg`House`,
  Condo: msg`Condo`,
  Other: msg({ message: "Other", context: "a kind of home" }),
  Yes: msg`Yes`,
  No: msg`No`,
  Bird: msg`Bird`,
} as const;

/** An option's label: the questionnaire's own words, a species, a level, or as written. */
function useOptionLabel(): (option: string) => string {
  const { t, i18n } = useLingui();
  const word = usePetWord();
  return (option) =>
    Object.hasOwn(optionWords, option)
      ? t(optionWords[option as keyof typeof optionWords])
      : word(displayLabelIn(i18n, youngestAgeLabelIn(i18n, option)));
}

/** The form's values: what was just submitted (kept when refused), else the stored answer. */
type Values = Record<string, unknown>;
type Props = { form: ServerForm; values: Values };

function valueAt(values: Values, path: string): unknown {
  return path
    .split(/[.[\]]+/)
    .filter(Boolean)
    .reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Values)[key] : undefined), values);
}
const text = (values: Values, path: string) => {
  const value = valueAt(values, path);
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
};
const listOf = (values: Values, path: string) => {
  const value = valueAt(values, path);
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
};

/** A stored answer as the question's form fields, to fill the form when it is edited. */
function answerFields<K extends QuestionKey>(key: K, answer: Answers[K] | undefined): Values {
  if (answer === undefined) return {};
  const value = answer as Answers[QuestionKey];
  switch (key) {
    case "a1": {
      const known = (housingOptions as readonly string[]).includes(value as string);
      return { housing: known ? value : "Other", other: known ? "" : value };
    }
    case "a2": {
      const { children, youngestAge } = value as Answers["a2"];
      return { children: String(children), youngestAge: youngestAge ?? undefined };
    }
    case "a3": {
      const animals = value as string[];
      const known = animals.filter((animal) => (allergyAnimals as readonly string[]).includes(animal));
      return {
        allergic: animals.length > 0 ? "Yes" : "No",
        animals: known,
        other: animals.filter((animal) => !known.includes(animal)).join(", "),
      };
    }
    case "a4": {
      const residents = value as Answers["a4"];
      return {
        hasPets: residents.length > 0 ? "Yes" : "No",
        pets: residents.map((pet) => ({
          type: pet.type,
          age: String(pet.age),
          isNeutered: pet.isNeutered ? "on" : undefined,
        })),
      };
    }
    case "p1":
      return { species: value };
    case "p2": {
      const { fromAge, toAge } = value as Answers["p2"];
      return { fromAge: String(fromAge), toAge: String(toAge) };
    }
    case "p3":
      return { sizes: value };
    default:
      return { levels: value };
  }
}

function Choices({
  legend,
  name,
  options,
  values,
  type = "radio",
  form,
  labels,
}: {
  legend: string;
  name: string;
  options: readonly (string | number)[];
  values: Values;
  type?: "radio" | "checkbox";
  form: ServerForm;
  labels?: (option: string) => string;
}) {
  const field = serverField(form, name);
  const chosen = listOf(values, name);
  const checked = (option: string) => chosen.includes(option);
  const optionLabel = useOptionLabel();
  return (
    <FieldGroup legend={legend} field={field} className="choices">
      {options.map((option) => (
        <label key={option} className="check">
          <input
            type={type}
            name={name}
            value={option}
            defaultChecked={checked(String(option))}
            aria-invalid={field.errors.length > 0 || undefined}
          />
          <span>{labels ? labels(String(option)) : optionLabel(String(option))}</span>
        </label>
      ))}
    </FieldGroup>
  );
}

/** A select of the question's options, shown through `labels`; `isDisabled` greys out options. */
function Select({
  label,
  name,
  form,
  values,
  options,
  placeholder,
  labels,
  isDisabled,
  onChange,
}: {
  label: string;
  name: string;
  form: ServerForm;
  values: Values;
  options: readonly (string | number)[];
  placeholder?: string;
  labels?: (option: string) => string;
  isDisabled?: (option: string) => boolean;
  onChange?: (value: string) => void;
}) {
  const optionLabel = useOptionLabel();
  const choices = options.map(String).map((option) => ({
    value: option,
    label: labels ? labels(option) : optionLabel(option),
    disabled: isDisabled?.(option),
  }));
  return (
    <SelectField
      label={label}
      field={serverField(form, name)}
      defaultValue={text(values, name)}
      options={choices}
      placeholder={placeholder}
      onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
    />
  );
}

function HomeQuestion({ form, values }: Props) {
  const { t } = useLingui();
  return (
    <>
      <Choices
        legend={t({ message: "Home", context: "a kind of home" })}
        name="housing"
        options={housingOptions}
        form={form}
        values={values}
      />
      <Field
        label={t`If Other, what kind of home?`}
        field={serverField(form, "other")}
        defaultValue={text(values, "other") ?? ""}
        maxLength={60}
      />
    </>
  );
}

function ChildrenQuestion({ form, values }: Props) {
  const { t } = useLingui();
  return (
    <>
      <Select
        label={t`Number of children`}
        name="children"
        form={form}
        values={values}
        options={childrenOptions}
        placeholder={t`Choose…`}
      />
      <Choices
        legend={t`If there are children: how old is the youngest?`}
        name="youngestAge"
        options={youngestAges}
        form={form}
        values={values}
      />
    </>
  );
}

function AllergiesQuestion({ form, values }: Props) {
  const { t } = useLingui();
  return (
    <>
      <Choices legend={t`Allergies`} name="allergic" options={["Yes", "No"]} form={form} values={values} />
      <Choices
        legend={t`If Yes: to which animals?`}
        name="animals"
        type="checkbox"
        options={allergyAnimals}
        form={form}
        values={values}
      />
      <Field
        label={t`Other animals (separate them with commas)`}
        field={serverField(form, "other")}
        defaultValue={text(values, "other") ?? ""}
        list="allergy-suggestions"
        maxLength={120}
      />
      <datalist id="allergy-suggestions">
        {["Bird", "Cat", "Dog", "Guinea pig", "Hamster", "Horse", "Rabbit"].map((animal) => (
          <option key={animal} value={animal} />
        ))}
      </datalist>
    </>
  );
}

/** A Conform list intent as a button's value: the server applies it and re-renders the step (issue 17). */
const listIntent = (
  intent: { type: "insert"; payload: { name: string } } | { type: "remove"; payload: { name: string; index: number } },
) => ({
  name: "__intent__",
  value: JSON.stringify(intent),
});

/**
 * As many rows as the household has pets: "Add another pet" and "Remove" post the step, which comes
 * back with one row more or fewer and every value kept, with or without JavaScript.
 */
function OtherPetsQuestion({ form, values }: Props) {
  const filled = valueAt(values, "pets");
  const { t, i18n } = useLingui();
  const rows = Array.isArray(filled) && filled.length > 0 ? (filled as unknown[]) : [undefined];
  return (
    <>
      {/* The default button comes first so that Enter means Next, never Remove. */}
      <button type="submit" hidden />
      <Choices legend={t`Other pets`} name="hasPets" options={["Yes", "No"]} form={form} values={values} />
      <FieldErrors id={serverField(form, "pets").errorId} errors={serverField(form, "pets").errors} />
      {rows.map((row, index) => {
        const field = serverField(form, `pets[${index}]`);
        const number = index + 1;
        return (
          // Keyed by content so that, with JavaScript, a removed row's values do not stay in the next row's controls.
          <FieldGroup
            key={`${index}-${JSON.stringify(row)}`}
            legend={t`Pet ${number}`}
            field={field}
            className="resident"
          >
            <Select
              label={t`Type`}
              name={`pets[${index}].type`}
              form={form}
              values={values}
              options={residentPetTypes}
              placeholder="—"
            />
            <Select
              label={t`Age`}
              name={`pets[${index}].age`}
              form={form}
              values={values}
              options={residentPetAges}
              placeholder="—"
              labels={(age) => residentAgeLabelIn(i18n, Number(age))}
            />
            <label className="check">
              <input
                type="checkbox"
                name={`pets[${index}].isNeutered`}
                defaultChecked={text(values, `pets[${index}].isNeutered`) === "on"}
              />
              <span>{t`Neutered`}</span>
            </label>
            {rows.length > 1 ? (
              <button
                type="submit"
                className="link-button"
                formNoValidate
                {...listIntent({ type: "remove", payload: { name: "pets", index } })}
              >
                <Trans>
                  Remove<span className="visually-hidden"> pet {number}</span>
                </Trans>
              </button>
            ) : null}
          </FieldGroup>
        );
      })}
      {rows.length < residentPetLimit ? (
        <button
          type="submit"
          className="button button--small"
          formNoValidate
          {...listIntent({ type: "insert", payload: { name: "pets" } })}
        >
          <Trans>Add another pet</Trans>
        </button>
      ) : null}
    </>
  );
}

function SpeciesQuestion({ form, values }: Props) {
  const { t } = useLingui();
  return <Choices legend={t`Species`} name="species" options={idealSpecies} form={form} values={values} />;
}

/**
 * Spec §5: "From" options above the chosen "To" are disabled, and "To" options below the chosen
 * "From"; "All" always works. That happens as the visitor chooses, so only with JavaScript; without
 * it, the server refuses a range the wrong way round.
 */
function AgeRangeQuestion({ form, values }: Props) {
  const enhanced = useHydrated();
  const [from, setFrom] = useState(text(values, "fromAge") ?? "");
  const [to, setTo] = useState(text(values, "toAge") ?? "");
  const bounded = (value: string) => value !== "" && value !== "All";
  const { t, i18n } = useLingui();
  const all = t({ message: "All", context: "any age" });
  const months = (value: string) => (value === "All" ? all : monthsLabelIn(i18n, value));
  return (
    <div className="field-row">
      <Select
        label={t`From`}
        name="fromAge"
        form={form}
        values={values}
        options={["All", ...idealAges]}
        placeholder={t`Choose…`}
        labels={months}
        onChange={setFrom}
        isDisabled={(option) => enhanced && option !== "All" && bounded(to) && Number(option) > Number(to)}
      />
      <Select
        label={t`To`}
        name="toAge"
        form={form}
        values={values}
        options={["All", ...idealAges]}
        placeholder={t`Choose…`}
        labels={months}
        onChange={setTo}
        isDisabled={(option) => enhanced && option !== "All" && bounded(from) && Number(option) < Number(from)}
      />
    </div>
  );
}

function SizesQuestion({ form, values }: Props) {
  const { t, i18n } = useLingui();
  return (
    <Choices
      legend={t`Sizes`}
      name="sizes"
      type="checkbox"
      options={petSizes}
      form={form}
      values={values}
      labels={(size) => sizeLabelIn(i18n, size)}
    />
  );
}

function EnergyLevelsQuestion({ form, values }: Props) {
  const { t } = useLingui();
  return (
    <Choices
      legend={t`Energy levels`}
      name="levels"
      type="checkbox"
      options={activeLevels}
      form={form}
      values={values}
    />
  );
}

const fields: Record<QuestionKey, (props: Props) => ReactNode> = {
  a1: HomeQuestion,
  a2: ChildrenQuestion,
  a3: AllergiesQuestion,
  a4: OtherPetsQuestion,
  p1: SpeciesQuestion,
  p2: AgeRangeQuestion,
  p3: SizesQuestion,
  p4: EnergyLevelsQuestion,
};

/** One question as a real form: Next stores the answer on the server and shows the next question. */
/** Each step's check, loaded with the first step used: /match is a browsing page (docs/decisions/037). */
const loadQuestionCheck = Object.fromEntries(
  [...aboutYou, ...aboutPets].map((key) => [
    key,
    () => import("#app/lib/forms/validators/questionnaire").then((checks) => checks.questions[key]),
  ]),
) as Record<QuestionKey, () => Promise<LiveCheck>>;

/** `completes`: this answer is the last one missing, so the review opens next, at its top. */
export function QuestionForm<K extends QuestionKey>({
  question,
  form: serverForm,
  answer,
  completes = false,
}: {
  question: K;
  form: ServerForm;
  answer: Answers[K] | undefined;
  completes?: boolean;
}) {
  const { ref, form } = useServerForm(serverForm.id, serverForm, loadQuestionCheck[question]);
  const Fields: (props: Props) => ReactNode = fields[question];
  const values = (form.lastResult?.initialValue as Values | undefined) ?? answerFields(question, answer);
  const posting = usePosting("answer");
  const { t, i18n } = useLingui();
  return (
    <Form
      method="post"
      id={form.id}
      ref={ref}
      className="question stack"
      aria-labelledby={currentStepAnchor}
      preventScrollReset={!completes}
    >
      <h3 id={currentStepAnchor}>{questionTitleIn(i18n, question)}</h3>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="question" value={question} />
      <Fields form={form} values={values} />
      <SubmitButton className="button button--primary" pending={posting} pendingLabel={t`Saving…`}>
        <Trans>Next</Trans>
      </SubmitButton>
    </Form>
  );
}
