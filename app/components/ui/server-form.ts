import { useEffect, useRef } from "react";
import { useLiveValidation, type LoadFormCheck } from "#app/components/ui/live-validation";
import type { ServerForm } from "#app/lib/form-constraint";

export type ServerFormProps = Omit<ServerForm, "id">;

/**
 * A form's state for its fields: the server's reply and, with JavaScript, the live check of its zod
 * schema (loaded by `loadCheck` on first use, docs/decisions/037-live-validation-loaded-on-first-use.md),
 * and focus on the first field the server refused, so its message is read out.
 */
export function useServerForm(id: string, { constraint, lastResult }: ServerFormProps, loadCheck?: LoadFormCheck) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (lastResult?.error) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);
  const live = useLiveValidation(ref, lastResult?.error, loadCheck);
  const error = { ...live.fields, ...(live.formErrors ? { "": live.formErrors } : {}) };
  return { ref, form: { id, constraint, lastResult: { ...lastResult, error } } satisfies ServerForm };
}
