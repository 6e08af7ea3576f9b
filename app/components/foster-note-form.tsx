import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { FieldErrors, TextAreaField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { fosterNoteMaxLength, fosterNotePhotosMax } from "#app/lib/foster/foster-placement";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";

/** A foster's note about a pet at home, with up to three photos (decision 053); the shelter approves it first. */
export function FosterNoteForm({
  placementId,
  petName,
  ...props
}: ServerFormProps & { placementId: number; petName: string }) {
  const { ref, form } = useServerForm(`foster-note-${placementId}`, props);
  const pending = usePosting();
  const photos = serverField(form, "photos");
  const { t } = useLingui();
  const most = fosterNotePhotosMax;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={form.id}
      ref={ref}
      className="stack"
      aria-label={t`A note about ${petName}`}
    >
      <FormAlert messages={formErrorsOf(form)} />
      <input type="hidden" name="placementId" value={placementId} />
      <TextAreaField
        label={t`What is ${petName} like at home?`}
        field={serverField(form, "text")}
        rows={4}
        maxLength={fosterNoteMaxLength}
      />
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
      <SubmitButton className="button" pending={pending} pendingLabel={t`Sending…`}>
        <Trans>Send the note about {petName}</Trans>
      </SubmitButton>
    </Form>
  );
}
