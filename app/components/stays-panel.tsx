import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useSearchParams } from "@remix-run/react";
import { IntakeFields } from "#app/components/intake-fields";
import { useLocalePath } from "#app/components/locale";
import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import {
  intakeLabels,
  outcomeLabels,
  recordableOutcomeTypes,
  type IntakeType,
  type OutcomeType,
} from "#app/lib/intake-outcome/categories";
import { stayNotice } from "#app/lib/intake-outcome/stay-notices";

export interface StayRow {
  id: number;
  intakeType: IntakeType;
  intakeOn: string;
  intakeSource: string;
  intakeNotes: string;
  outcomeType: OutcomeType | null;
  outcomeOn: string | null;
  outcomeDestination: string;
  outcomeNotes: string;
}

export interface StaysPanelData {
  today: string;
  stays: StayRow[];
}

/** What the stays action sent back: the intent, the values as typed and their errors, or a refusal. */
export interface StaysReply {
  intent: string;
  values?: Record<string, string>;
  errors?: Record<string, string[]>;
  message?: string;
}

/**
 * The pet's stays on its edit page (decision 064): its intake, changed here, and "Record an outcome"
 * (how it left, but adoption, which "Mark adopted" records). The forms post to their own route
 * (/petadmin/pets/:id/stays), which sends staff back here with a notice.
 */
export function StaysPanel({
  pet,
  data,
  reply,
}: {
  pet: { id: number; name: string; version: number; onHold: boolean; adopted: boolean };
  data: StaysPanelData;
  reply?: StaysReply;
}) {
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const notice = stayNotice(useSearchParams()[0].get("stay"));
  const [current, ...earlier] = data.stays;
  const action = href(`/petadmin/pets/${pet.id}/stays`);
  const name = pet.name;
  const adoptedOn = current?.outcomeOn;
  const intakeReply = reply?.intent === "intake" ? reply : undefined;
  const outcomeReply = reply?.intent === "outcome" ? reply : undefined;
  const outcomeField = (field: string, required = false) => ({
    id: `outcome-${field}`,
    name: field,
    errorId: `outcome-${field}-error`,
    errors: outcomeReply?.errors?.[field] ?? [],
    defaultValue: outcomeReply?.values?.[field],
    constraint: { required },
  });
  const hidden = (
    <>
      <input type="hidden" name="version" value={pet.version} />
      {current ? <input type="hidden" name="stayId" value={current.id} /> : null}
    </>
  );
  return (
    <section className="panel" aria-labelledby="stay-title">
      <h2 id="stay-title">
        <Trans>Intake and outcome</Trans>
      </h2>
      {notice ? (
        <p className="notice notice--success" role="status">
          {i18n._(notice)}
        </p>
      ) : null}
      {reply?.message ? (
        <p className="notice notice--error" role="alert">
          {reply.message}
        </p>
      ) : null}
      {/* Keyed by the stay and the pet's version: after a change (a return starts a new stay) the fields show
          what is saved now, not what the page first showed (their values are defaults). */}
      <Form
        key={`intake-${current?.id ?? "none"}-${pet.version}`}
        method="post"
        action={action}
        className="stack"
        aria-label={t`Intake`}
      >
        {hidden}
        <IntakeFields
          prefix="stay-intake"
          legend={t`How did ${name} come to us?`}
          today={data.today}
          errors={intakeReply?.errors ?? {}}
          values={{
            intakeType: intakeReply?.values?.intakeType ?? current?.intakeType ?? "",
            intakeOn: intakeReply?.values?.intakeOn ?? current?.intakeOn ?? data.today,
            intakeSource: intakeReply?.values?.intakeSource ?? current?.intakeSource ?? "",
            intakeNotes: intakeReply?.values?.intakeNotes ?? current?.intakeNotes ?? "",
          }}
        />
        <button type="submit" name="intent" value="intake" className="button button--small">
          <Trans>Save the intake</Trans>
        </button>
      </Form>
      <h3 id="outcome-title">
        <Trans>Record an outcome</Trans>
      </h3>
      {current?.outcomeType === "adoption" ? (
        <Form method="post" action={action} className="stack">
          {hidden}
          <p>
            <Trans>Adopted on {adoptedOn}. &quot;Newly adopted&quot; above records or removes an adoption.</Trans>
          </p>
          {pet.adopted ? (
            <>
              <p className="field__hint" id="return-hint">
                <Trans>
                  If the adopter brought {name} back, record the return: a new stay begins today (a returned adoption),
                  the adoption stays counted, and {name} is listed again.
                </Trans>
              </p>
              <button
                type="submit"
                name="intent"
                value="return"
                className="button button--small"
                aria-describedby="return-hint"
              >
                <Trans>Returned by the adopter</Trans>
              </button>
            </>
          ) : null}
        </Form>
      ) : current?.outcomeType ? (
        <Form method="post" action={action} className="stack">
          {hidden}
          <p>
            {i18n._(outcomeLabels[current.outcomeType])}, {current.outcomeOn}
            {current.outcomeDestination ? ` (${current.outcomeDestination})` : ""}.{" "}
            <Trans>{name} is no longer in any public list.</Trans>
          </p>
          <button type="submit" name="intent" value="undo" className="button button--small">
            <Trans>Take back this outcome ({name} is in our care again)</Trans>
          </button>
        </Form>
      ) : pet.onHold ? (
        <p>
          <Trans>
            {name} is on hold: end the hold before recording how {name} left.
          </Trans>
        </p>
      ) : (
        <Form method="post" action={action} className="stack" aria-labelledby="outcome-title">
          {hidden}
          <SelectField
            label={t`How ${name} left`}
            field={outcomeField("outcomeType", true)}
            placeholder=""
            options={recordableOutcomeTypes.map((value) => ({ value, label: i18n._(outcomeLabels[value]) }))}
          />
          <Field
            label={t`Outcome date`}
            field={outcomeField("outcomeOn", true)}
            type="date"
            max={data.today}
            defaultValue={data.today}
          />
          <Field
            label={t`Transferred to (the organisation, for a transfer)`}
            field={outcomeField("outcomeDestination")}
            maxLength={200}
          />
          <TextAreaField
            label={t`Outcome notes (staff only)`}
            field={outcomeField("outcomeNotes")}
            rows={2}
            maxLength={500}
          />
          <p className="field__hint">
            <Trans>The public page will only say {name} is no longer at the shelter.</Trans>
          </p>
          <button type="submit" name="intent" value="outcome" className="button button--danger">
            <Trans>Record the outcome</Trans>
          </button>
        </Form>
      )}
      {earlier.length > 0 ? (
        <>
          <h3>
            <Trans>Earlier stays</Trans>
          </h3>
          <ul>
            {earlier.map((stay) => (
              <li key={stay.id}>
                {i18n._(intakeLabels[stay.intakeType])}, {stay.intakeOn}
                {stay.outcomeType ? ` → ${i18n._(outcomeLabels[stay.outcomeType])}, ${stay.outcomeOn}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
