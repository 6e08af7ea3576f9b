import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldErrors } from "~/components/ui/field";
import { serverField, type ServerForm } from "~/lib/form-constraint";
import {
  activeLevels,
  allergyAnimals,
  childrenOptions,
  housingOptions,
  idealAges,
  idealSpecies,
  petSizes,
  questionTitles,
  residentAgeLabel,
  residentPetAges,
  residentPetSlots,
  residentPetTypes,
  youngestAges,
  type Answers,
  type QuestionKey,
} from "~/lib/questionnaire";

type Props<K extends QuestionKey> = { form: ServerForm; answer: Answers[K] | undefined };

function Choices({ legend, name, options, checked, type = "radio", field, labels }: {
  legend: string;
  name: string;
  options: readonly (string | number)[];
  checked: (option: string) => boolean;
  type?: "radio" | "checkbox";
  field: ReturnType<typeof serverField>;
  labels?: (option: string) => string;
}) {
  const invalid = field.errors.length > 0;
  return (
    <fieldset className="choices" aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="check">
          <input type={type} name={name} value={option} defaultChecked={checked(String(option))} aria-invalid={invalid || undefined} />
          <span>{labels ? labels(String(option)) : option}</span>
        </label>
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function Select({ label, field, options, value, placeholder, labels }: {
  label: string;
  field: ReturnType<typeof serverField>;
  options: readonly (string | number)[];
  value: string | undefined;
  placeholder?: string;
  labels?: (option: string) => string;
}) {
  const invalid = field.errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select id={field.id} name={field.name} defaultValue={value ?? ""} aria-invalid={invalid || undefined} aria-describedby={invalid ? field.errorId : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels ? labels(String(option)) : option}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function A1({ form, answer }: Props<"a1">) {
  const known = (housingOptions as readonly string[]).includes(answer ?? "");
  return (
    <>
      <Choices legend="Home" name="housing" options={housingOptions} field={serverField(form, "housing")} checked={(option) => (answer ? (known ? answer === option : option === "Other") : false)} />
      <div className="field">
        <label htmlFor={`${form.id}-other`}>If Other, what kind of home?</label>
        <input id={`${form.id}-other`} name="other" defaultValue={known ? "" : (answer ?? "")} maxLength={60}
          aria-invalid={serverField(form, "other").errors.length > 0 || undefined}
          aria-describedby={serverField(form, "other").errors.length > 0 ? serverField(form, "other").errorId : undefined} />
        <FieldErrors id={serverField(form, "other").errorId} errors={serverField(form, "other").errors} />
      </div>
    </>
  );
}

function A2({ form, answer }: Props<"a2">) {
  return (
    <>
      <Select label="Number of children" field={serverField(form, "children")} options={childrenOptions} value={answer ? String(answer.children) : undefined} placeholder="Choose…" />
      <Choices legend="If there are children: how old is the youngest?" name="youngestAge" options={youngestAges} field={serverField(form, "youngestAge")} checked={(option) => answer?.youngestAge === option} />
    </>
  );
}

function A3({ form, answer }: Props<"a3">) {
  const custom = (answer ?? []).filter((animal) => !(allergyAnimals as readonly string[]).includes(animal));
  return (
    <>
      <Choices legend="Allergies" name="allergic" options={["Yes", "No"]} field={serverField(form, "allergic")} checked={(option) => (answer === undefined ? false : (answer.length > 0) === (option === "Yes"))} />
      <Choices legend="If Yes: to which animals?" name="animals" type="checkbox" options={allergyAnimals} field={serverField(form, "animals")} checked={(option) => answer?.includes(option) ?? false} />
      <div className="field">
        <label htmlFor={`${form.id}-other`}>Other animals (separate them with commas)</label>
        <input id={`${form.id}-other`} name="other" list="allergy-suggestions" defaultValue={custom.join(", ")} maxLength={120} />
        <datalist id="allergy-suggestions">
          {["Bird", "Cat", "Dog", "Guinea pig", "Hamster", "Horse", "Rabbit"].map((animal) => (
            <option key={animal} value={animal} />
          ))}
        </datalist>
      </div>
    </>
  );
}

function A4({ form, answer }: Props<"a4">) {
  return (
    <>
      <Choices legend="Other pets" name="hasPets" options={["Yes", "No"]} field={serverField(form, "hasPets")} checked={(option) => (answer === undefined ? false : (answer.length > 0) === (option === "Yes"))} />
      <FieldErrors id={serverField(form, "pets").errorId} errors={serverField(form, "pets").errors} />
      {Array.from({ length: residentPetSlots }, (_, index) => {
        const resident = answer?.[index];
        const row = serverField(form, `pets[${index}]`);
        return (
          <fieldset key={index} className="resident" aria-describedby={row.errors.length ? row.errorId : undefined}>
            <legend>Pet {index + 1}</legend>
            <Select label="Type" field={serverField(form, `pets[${index}].type`)} options={residentPetTypes} value={resident?.type} placeholder="—" />
            <Select label="Age" field={serverField(form, `pets[${index}].age`)} options={residentPetAges} value={resident ? String(resident.age) : undefined} placeholder="—" labels={(age) => residentAgeLabel(Number(age))} />
            <label className="check">
              <input type="checkbox" name={`pets[${index}].isNeutered`} defaultChecked={resident?.isNeutered ?? false} />
              <span>Neutered</span>
            </label>
            <FieldErrors id={row.errorId} errors={row.errors} />
          </fieldset>
        );
      })}
    </>
  );
}

function P1({ form, answer }: Props<"p1">) {
  return <Choices legend="Species" name="species" options={idealSpecies} field={serverField(form, "species")} checked={(option) => answer === option} />;
}

function P2({ form, answer }: Props<"p2">) {
  const months = (value: string) => (value === "All" ? "All" : `${value} months`);
  return (
    <div className="field-row">
      <Select label="From" field={serverField(form, "fromAge")} options={["All", ...idealAges]} value={answer ? String(answer.fromAge) : undefined} placeholder="Choose…" labels={months} />
      <Select label="To" field={serverField(form, "toAge")} options={["All", ...idealAges]} value={answer ? String(answer.toAge) : undefined} placeholder="Choose…" labels={months} />
    </div>
  );
}

const sizeLabels: Record<string, string> = { Small: "Small (under 25 lbs)", Medium: "Medium (25 to 60 lbs)", Large: "Large (over 60 lbs)" };

function P3({ form, answer }: Props<"p3">) {
  return <Choices legend="Sizes" name="sizes" type="checkbox" options={petSizes} field={serverField(form, "sizes")} checked={(option) => answer?.includes(option as never) ?? false} labels={(size) => sizeLabels[size] ?? size} />;
}

function P4({ form, answer }: Props<"p4">) {
  return <Choices legend="Energy levels" name="levels" type="checkbox" options={activeLevels} field={serverField(form, "levels")} checked={(option) => answer?.includes(option as never) ?? false} />;
}

const fields: { [K in QuestionKey]: (props: Props<K>) => ReactNode } = { a1: A1, a2: A2, a3: A3, a4: A4, p1: P1, p2: P2, p3: P3, p4: P4 };

/** One question as a real form: Next stores the answer on the server and shows the next question. */
export function QuestionForm<K extends QuestionKey>({ question, form, answer }: { question: K; form: ServerForm; answer: Answers[K] | undefined }) {
  const Fields = fields[question] as (props: Props<K>) => ReactNode;
  return (
    <Form method="post" id={form.id} className="question stack" aria-labelledby={`${form.id}-title`} preventScrollReset>
      <h3 id={`${form.id}-title`}>{questionTitles[question]}</h3>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="question" value={question} />
      <Fields form={form} answer={answer} />
      <button type="submit" className="button button--primary">
        Next
      </button>
    </Form>
  );
}
