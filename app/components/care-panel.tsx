import type { SubmissionResult } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import type { ChipManufacturer } from "#app/config/microchips";
import { aahaChipLookupUrl } from "#app/config/microchips";
import type { CareIntent } from "#app/lib/care/care-schemas";
import type { FixedStatus } from "#app/lib/care/public-facts";
import { vaccineNames, type VaccineKey } from "#app/lib/care/vaccinations";
import { serverField, type FieldConstraint, type ServerForm } from "#app/lib/forms/form-constraint";
import { calendarDateIn, staffDateIn } from "#app/lib/i18n/staff-dates";

/** What the care page says after an entry, by the `done` of its address. */
const careDoneTexts: Record<CareIntent, MessageDescriptor> = {
  vaccination: msg`The vaccination is recorded.`,
  fixed: msg`Spay or neuter is recorded.`,
  chip: msg`The microchip is recorded.`,
  weight: msg`The weight is recorded.`,
  note: msg`The medication or note is recorded.`,
};

/** The `done` notice to show: own keys only (`?done=__proto__` puts nothing on the page). */
export function careDoneOf(done: string | null): CareIntent | null {
  return done !== null && Object.hasOwn(careDoneTexts, done) ? (done as CareIntent) : null;
}

export interface CarePanelProps {
  pet: { id: number; name: string; species: string; sex: string };
  care: {
    fixed: FixedStatus;
    fixedOn: string | null;
    fixedDueOn: string | null;
    chipNumber: string | null;
    chipImplantedOn: string | null;
    version: number;
  };
  manufacturer: ChipManufacturer | null;
  vaccinations: {
    id: number;
    name: string;
    givenOn: string;
    product: string | null;
    lot: string | null;
    nextDueOn: string | null;
    overdue: boolean;
  }[];
  weights: { id: number; weighedOn: string; weightLbs: number }[];
  notes: { id: number; kind: "medication" | "note"; text: string; createdAt: string }[];
  vaccines: VaccineKey[];
  today: string;
  done: CareIntent | null;
  constraints: Record<CareIntent, Record<string, FieldConstraint>>;
  answer: { intent: CareIntent; message?: string; reply?: SubmissionResult<string[]> } | undefined;
  /** What adopters answered to the follow-ups (issue 45): who registered the chip, who said a reminder is done. */
  adopterAnswers?: { email: string; answer: string; createdAt: string }[];
}

/**
 * A pet's care record for staff (issue 45): short forms, one entry each, reached from the jump links at
 * the top so a phone never scrolls through the pet form; then what is on record. Each form posts to
 * this page's action with the record's version.
 */
export function CarePanel({
  pet,
  care,
  manufacturer,
  vaccinations,
  weights,
  notes,
  vaccines,
  today,
  done,
  constraints,
  answer,
  adopterAnswers = [],
}: CarePanelProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const name = pet.name;
  const formOf = (intent: CareIntent): ServerForm => ({
    id: `care-${intent}`,
    constraint: constraints[intent],
    lastResult: answer?.intent === intent ? answer.reply : undefined,
  });
  const field = (intent: CareIntent, fieldName: string) => serverField(formOf(intent), fieldName);
  const day = (value: string | null) => (value ? calendarDateIn(locale, value) : "");
  const hidden = (intent: CareIntent) => (
    <>
      <input type="hidden" name="version" value={care.version} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
  const vaccineOptions = vaccines.map((key) => ({
    value: key,
    label: key === "other" ? t`Another vaccine` : vaccineNames[key],
  }));
  const fixedWord = pet.sex === "Female" ? t`Spayed` : pet.sex === "Male" ? t`Neutered` : t`Spayed or neutered`;
  return (
    <>
      <p>
        <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>
          ‹ <Trans>Back to {name}</Trans>
        </Link>
      </p>
      <h1>
        <Trans>{name}&apos;s care record</Trans>
      </h1>
      {done ? (
        <p className="notice notice--success" role="status">
          {i18n._(careDoneTexts[done])}
        </p>
      ) : null}
      {answer?.message ? (
        <p className="notice notice--error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <nav aria-label={t`Add to the care record`} className="jump-links">
        <a href="#care-vaccination-title">
          <Trans>Vaccination</Trans>
        </a>
        <a href="#care-fixed-title">
          <Trans>Spay or neuter</Trans>
        </a>
        <a href="#care-chip-title">
          <Trans>Microchip</Trans>
        </a>
        <a href="#care-weight-title">
          <Trans>Weight</Trans>
        </a>
        <a href="#care-note-title">
          <Trans>Medication or note</Trans>
        </a>
        <a href="#care-record-title">
          <Trans>On record</Trans>
        </a>
      </nav>

      <section className="panel" aria-labelledby="care-vaccination-title">
        <h2 id="care-vaccination-title">
          <Trans>Add a vaccination</Trans>
        </h2>
        <Form method="post" className="stack" id="care-vaccination">
          {hidden("vaccination")}
          <SelectField label={t`Vaccine`} field={field("vaccination", "disease")} options={vaccineOptions} />
          <Field
            label={t`Another vaccine: its name (only for "Another vaccine")`}
            field={field("vaccination", "otherName")}
            maxLength={60}
          />
          <Field
            label={t`Date given`}
            field={field("vaccination", "givenOn")}
            type="date"
            defaultValue={today}
            max={today}
          />
          <Field label={t`Next due (optional)`} field={field("vaccination", "nextDueOn")} type="date" />
          <Field label={t`Product (optional)`} field={field("vaccination", "product")} maxLength={80} />
          <Field
            label={t`Lot (optional)`}
            field={field("vaccination", "lot")}
            maxLength={40}
            autoCapitalize="characters"
          />
          <button type="submit" className="button button--primary">
            <Trans>Add vaccination</Trans>
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="care-fixed-title">
        <h2 id="care-fixed-title">
          <Trans>Spay or neuter</Trans>
        </h2>
        <Form method="post" className="stack" id="care-fixed">
          {hidden("fixed")}
          <SelectField
            label={fixedWord}
            field={field("fixed", "fixed")}
            defaultValue={care.fixed}
            options={[
              { value: "unknown", label: t`Unknown` },
              { value: "yes", label: t`Yes` },
              { value: "no", label: t`No` },
            ]}
          />
          <Field
            label={t`When (if yes; optional)`}
            field={field("fixed", "fixedOn")}
            type="date"
            defaultValue={care.fixedOn ?? ""}
            max={today}
          />
          <Field
            label={t`To be done by (if no, for a pet too young; optional)`}
            field={field("fixed", "fixedDueOn")}
            type="date"
            defaultValue={care.fixedDueOn ?? ""}
          />
          <button type="submit" className="button button--primary">
            <Trans>Save spay or neuter</Trans>
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="care-chip-title">
        <h2 id="care-chip-title">
          <Trans>Microchip</Trans>
        </h2>
        <Form method="post" className="stack" id="care-chip">
          {hidden("chip")}
          <Field
            label={t`Chip number (15 digits, or 9 or 10 characters on an older chip)`}
            field={field("chip", "chipNumber")}
            defaultValue={care.chipNumber ?? ""}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
          />
          <Field
            label={t`Date implanted (optional)`}
            field={field("chip", "chipImplantedOn")}
            type="date"
            defaultValue={care.chipImplantedOn ?? ""}
            max={today}
          />
          <button type="submit" className="button button--primary">
            <Trans>Save microchip</Trans>
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="care-weight-title">
        <h2 id="care-weight-title">
          <Trans>Add a weight</Trans>
        </h2>
        <Form method="post" className="stack" id="care-weight">
          {hidden("weight")}
          <Field
            label={t`Date weighed`}
            field={field("weight", "weighedOn")}
            type="date"
            defaultValue={today}
            max={today}
          />
          <Field
            label={t`Weight (lbs)`}
            field={field("weight", "weightLbs")}
            type="number"
            inputMode="decimal"
            step="0.1"
            min="0.1"
            max="400"
          />
          <button type="submit" className="button button--primary">
            <Trans>Add weight</Trans>
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="care-note-title">
        <h2 id="care-note-title">
          <Trans>Add a medication or note</Trans>
        </h2>
        <Form method="post" className="stack" id="care-note">
          {hidden("note")}
          <SelectField
            label={t`Kind`}
            field={field("note", "kind")}
            options={[
              { value: "medication", label: t`Medication` },
              { value: "note", label: t`Care note` },
            ]}
          />
          <TextAreaField label={t`What to know (staff only)`} field={field("note", "text")} rows={3} maxLength={1000} />
          <button type="submit" className="button button--primary">
            <Trans>Add</Trans>
          </button>
        </Form>
      </section>

      <section aria-labelledby="care-record-title">
        <h2 id="care-record-title">
          <Trans>On record</Trans>
        </h2>
        <h3>
          <Trans>Vaccinations</Trans>
        </h3>
        {vaccinations.length === 0 ? (
          <p>
            <Trans>No vaccination recorded yet.</Trans>
          </p>
        ) : (
          <ul className="history">
            {vaccinations.map((vaccination) => {
              const vaccine = vaccination.name;
              const given = day(vaccination.givenOn);
              const due = day(vaccination.nextDueOn);
              return (
                <li key={vaccination.id}>
                  <Trans>
                    {vaccine}, given {given}
                  </Trans>
                  {vaccination.nextDueOn ? (
                    <>
                      , <Trans>next due {due}</Trans>
                    </>
                  ) : null}
                  {vaccination.overdue ? (
                    <>
                      {" "}
                      <strong className="badge badge--overdue">
                        <Trans>Overdue</Trans>
                      </strong>
                    </>
                  ) : null}
                  {vaccination.product || vaccination.lot ? (
                    <>
                      {" "}
                      (
                      {[vaccination.product, vaccination.lot ? t`lot ${vaccination.lot}` : null]
                        .filter(Boolean)
                        .join(", ")}
                      )
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <h3>
          <Trans>Spay or neuter</Trans>
        </h3>
        <p>
          {care.fixed === "yes" ? (
            care.fixedOn ? (
              <Trans>
                {fixedWord} on {day(care.fixedOn)}.
              </Trans>
            ) : (
              <Trans>{fixedWord}.</Trans>
            )
          ) : null}
          {care.fixed === "no" ? (
            care.fixedDueOn ? (
              <Trans>Not yet; to be done by {day(care.fixedDueOn)}.</Trans>
            ) : (
              <Trans>Not yet.</Trans>
            )
          ) : null}
          {care.fixed === "unknown" ? <Trans>Not known.</Trans> : null}
        </p>
        <h3>
          <Trans>Microchip</Trans>
        </h3>
        {care.chipNumber ? (
          <p>
            <span className="care-chip">{care.chipNumber}</span>
            {care.chipImplantedOn ? (
              <>
                , <Trans>implanted {day(care.chipImplantedOn)}</Trans>
              </>
            ) : null}
            {". "}
            {manufacturer ? (
              <Trans>
                Made by {manufacturer.name}: <a href={manufacturer.registrationUrl}>its registration page</a>.
              </Trans>
            ) : (
              <Trans>
                The number does not tell its maker: <a href={aahaChipLookupUrl}>look it up (AAHA)</a>.
              </Trans>
            )}
          </p>
        ) : (
          <p>
            <Trans>No microchip recorded.</Trans>
          </p>
        )}
        {adopterAnswers
          .filter((row) => row.answer === "registered")
          .map((row) => {
            const { email } = row;
            const on = staffDateIn(locale, row.createdAt);
            return (
              <p key={`${row.email}-${row.createdAt}`} className="care-registered">
                <Trans>
                  {email} said on {on} that they registered the microchip to themselves.
                </Trans>
              </p>
            );
          })}
        <h3>
          <Trans>Weights</Trans>
        </h3>
        {weights.length === 0 ? (
          <p>
            <Trans>No weight recorded yet.</Trans>
          </p>
        ) : (
          <ul className="history">
            {weights.map((weight) => {
              const lbs = weight.weightLbs;
              const on = day(weight.weighedOn);
              return (
                <li key={weight.id}>
                  <Trans>
                    {lbs} lbs on {on}
                  </Trans>
                </li>
              );
            })}
          </ul>
        )}
        <h3>
          <Trans>Medications and notes</Trans>
        </h3>
        {notes.length === 0 ? (
          <p>
            <Trans>No medication or note yet.</Trans>
          </p>
        ) : (
          <ul className="history">
            {notes.map((note) => (
              <li key={note.id}>
                <strong>{note.kind === "medication" ? t`Medication` : t`Care note`}</strong> (
                {staffDateIn(locale, note.createdAt)}): {note.text}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
