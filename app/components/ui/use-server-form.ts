import { useEffect, useRef } from "react";
import { useLiveValidation, type LoadFormCheck } from "#app/components/ui/live-validation";
import type { ServerForm } from "#app/lib/forms/form-constraint";
import { errorSummarySelector } from "#app/components/ui/error-summary";

export type ServerFormProps = Omit<ServerForm, "id">;

/**
 * A form's state for its fields: the server's reply and, with JavaScript, the live check of its zod
 * schema (loaded by `loadCheck` on first use, docs/decisions/037-live-validation-loaded-on-first-use.md),
 * and focus on the form's error summary if it has one, else on the first field the server refused, so
 * its message is read out. `submitFailed`: the last submit was refused, by the server or in the browser.
 */
export function useServerForm(
  id: string,
  { constraint, lastResult, defaultValue }: ServerFormProps,
  loadCheck?: LoadFormCheck,
) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (lastResult?.error)
      ref.current?.querySelector<HTMLElement>(`${errorSummarySelector}, [aria-invalid="true"]`)?.focus();
  }, [lastResult]);
  const live = useLiveValidation(ref, lastResult?.error, loadCheck);
  const error = { ...live.fields, ...(live.formErrors ? { "": live.formErrors } : {}) };
  const submitFailed = live.submitStopped || Object.keys(lastResult?.error ?? {}).length > 0;
  return {
    ref,
    form: { id, constraint, lastResult: { ...lastResult, error }, defaultValue } satisfies ServerForm,
    submitFailed,
  };
}
