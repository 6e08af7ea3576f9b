import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { HoneypotField } from "#app/components/honeypot";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { Field, FieldErrors, FieldGroup, SelectField, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { formErrorsOf, serverField, type ServerForm } from "#app/lib/forms/form-constraint";
import { nearestPlace } from "#app/lib/lost-found/geo";
import {
  colourLabels,
  lostFoundRules,
  reportColours,
  reportSexes,
  reportSizes,
  reportSpecies,
  sexLabels,
  sizeLabels,
  speciesLabels,
  type ReportKind,
} from "#app/lib/lost-found/report";

const loadCheck = () => import("#app/lib/forms/validators/lost-found").then((checks) => checks.lostFoundReport);

/** The boxes ticked in the refused post, so nothing is lost. */
function keptList(form: ServerForm, name: string): string[] {
  const value = form.lastResult?.initialValue?.[name];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : typeof value === "string"
      ? [value]
      : [];
}

/**
 * With JavaScript, "use my location" asks the browser for the position once and picks the nearest
 * place of the county's list; the position itself is neither kept nor sent.
 */
function UseMyLocation({ selectId }: { selectId: string }) {
  const { t } = useLingui();
  const [status, setStatus] = useState("");
  const hydrated = useHydrated();
  if (!hydrated || typeof navigator === "undefined" || !("geolocation" in navigator)) return null;
  const locate = () => {
    setStatus(t`Finding the nearest place…`);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const place = nearestPlace({ latitude: coords.latitude, longitude: coords.longitude }, lostFoundPlaces);
        const select = document.getElementById(selectId) as HTMLSelectElement | null;
        if (!place || !select) return setStatus(t`Your location could not be read. Choose the place in the list.`);
        select.value = place.value;
        select.dispatchEvent(new Event("input", { bubbles: true }));
        const name = place.name;
        setStatus(t`Nearest place chosen: ${name}.`);
      },
      () => setStatus(t`Your location could not be read. Choose the place in the list.`),
      { maximumAge: 60_000, timeout: 15_000 },
    );
  };
  return (
    <div className="lost-found-form__locate">
      <button type="button" className="button" onClick={locate}>
        <Trans>Use my location</Trans>
      </button>
      <p role="status" className="lost-found-form__locate-status">
        {status}
      </p>
    </div>
  );
}

/** Report a lost or a found pet: a stranger's form (honeypot; the action limits and confirms the address). */
export function LostFoundForm({ kind, today, ...props }: ServerFormProps & { kind: ReportKind; today: string }) {
  const { ref, form, submitFailed } = useServerForm(`lost-found-${kind}`, props, loadCheck);
  const { t, i18n } = useLingui();
  const pending = usePosting();
  const colours = keptList(form, "colours");
  const coloursField = serverField(form, "colours");
  const photos = serverField(form, "photos");
  const place = serverField(form, "place");
  const most = lostFoundRules.photosMax;
  const summaryLabels = [
    { name: "species", label: t`Animal` },
    { name: "sex", label: t`Sex` },
    { name: "size", label: t`Size` },
    { name: "colours", label: t`Colours` },
    { name: "otherColours", label: t`Other colours` },
    { name: "description", label: t`Description` },
    { name: "date", label: kind === "lost" ? t`Date lost` : t`Date found` },
    { name: "place", label: t`Town or area` },
    { name: "crossStreets", label: t`Cross streets` },
    { name: "microchip", label: t`Microchip number` },
    { name: "photos", label: t`Photos` },
    { name: "name", label: t`Your name` },
    { name: "email", label: t`Email` },
    { name: "phone", label: t`Phone` },
  ];
  return (
    <Form method="post" encType="multipart/form-data" id={form.id} ref={ref} className="stack lost-found-form">
      <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
      <FormAlert messages={formErrorsOf(form)} />
      <HoneypotField formId={form.id} />
      <input type="hidden" name="kind" value={kind} />
      <fieldset className="panel stack">
        <legend>{kind === "lost" ? t`The pet you lost` : t`The pet you found`}</legend>
        <SelectField
          label={t`Animal`}
          field={serverField(form, "species")}
          options={reportSpecies.map((value) => ({ value, label: i18n._(speciesLabels[value]) }))}
          placeholder={t`Choose…`}
        />
        <SelectField
          label={t`Sex`}
          field={serverField(form, "sex")}
          options={reportSexes.map((value) => ({ value, label: i18n._(sexLabels[value]) }))}
          defaultValue="unknown"
        />
        <SelectField
          label={t`Size`}
          field={serverField(form, "size")}
          options={reportSizes.map((value) => ({ value, label: i18n._(sizeLabels[value]) }))}
          defaultValue="unknown"
        />
        <div id={coloursField.id} tabIndex={-1}>
          <FieldGroup
            legend={t`Colours: tick every one that fits`}
            field={coloursField}
            className="choices lost-found-form__colours"
          >
            {reportColours.map((colour) => (
              <label key={colour} className="check">
                <input type="checkbox" name="colours" value={colour} defaultChecked={colours.includes(colour)} />
                <span>{i18n._(colourLabels[colour])}</span>
              </label>
            ))}
          </FieldGroup>
        </div>
        <Field
          label={t`Other colours or markings (optional)`}
          field={serverField(form, "otherColours")}
          autoComplete="off"
        />
        <TextAreaField
          label={t`Description: collar, markings, behaviour`}
          field={serverField(form, "description")}
          rows={4}
        />
        <Field
          label={
            kind === "lost"
              ? t`Microchip number, if you know it (optional)`
              : t`Microchip number, if a vet or shelter read it (optional)`
          }
          field={serverField(form, "microchip")}
          autoComplete="off"
        />
      </fieldset>
      <fieldset className="panel stack">
        <legend>{kind === "lost" ? t`When and where you lost it` : t`When and where you found it`}</legend>
        <Field
          label={kind === "lost" ? t`Date lost` : t`Date found`}
          field={serverField(form, "date")}
          type="date"
          max={today}
        />
        <SelectField
          label={t`Town or area`}
          field={place}
          options={lostFoundPlaces.map((option) => ({ value: option.value, label: option.name }))}
          placeholder={t`Choose…`}
        />
        <UseMyLocation selectId={place.id} />
        <Field
          label={t`Nearest cross streets (optional; never an address)`}
          field={serverField(form, "crossStreets")}
          autoComplete="off"
        />
      </fieldset>
      <div className="field">
        <label htmlFor={photos.id}>
          <Trans>Photos (up to {most}, JPEG or PNG)</Trans>
        </label>
        <input
          id={photos.id}
          name="photos"
          type="file"
          accept="image/jpeg,image/png"
          multiple
          aria-invalid={photos.errors.length > 0 || undefined}
          aria-describedby={photos.errors.length > 0 ? photos.errorId : undefined}
        />
        <FieldErrors id={photos.errorId} errors={photos.errors} />
      </div>
      <fieldset className="panel stack">
        <legend>{t`How we reach you (never shown)`}</legend>
        <Field label={t`Your name`} field={serverField(form, "name")} autoComplete="name" />
        <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
        <Field label={t`Phone (optional)`} field={serverField(form, "phone")} type="tel" autoComplete="tel" />
      </fieldset>
      <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Sending…`}>
        {kind === "lost" ? t`Send my lost pet report` : t`Send my found pet report`}
      </SubmitButton>
    </Form>
  );
}
