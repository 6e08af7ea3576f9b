import { useEffect, useRef } from "react";
import type { ServerForm } from "#app/lib/form-constraint";

export type ServerFormProps = Omit<ServerForm, "id">;

/**
 * A public form's state for its fields and, with JavaScript, focus on the first field the server
 * refused, so its message is read out.
 */
export function useServerForm(id: string, { constraint, lastResult }: ServerFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (lastResult?.error) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);
  return { ref, form: { id, constraint, lastResult } satisfies ServerForm };
}
