import type { SubmissionResult } from "@conform-to/react";

/** Native constraints of one field, as getZodConstraint makes them from a zod schema. */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
}

/**
 * What a public form needs in the browser: its id, its fields' constraints (made from the zod schema
 * on the server and sent with the loader data) and the server's last reply. Neither zod nor Conform's
 * client runtime ship to the browser (docs/decisions/005-public-forms-validate-on-the-server.md).
 */
export interface ServerForm {
  id: string;
  constraint: Record<string, FieldConstraint>;
  lastResult?: SubmissionResult<string[]> | null;
  /**
   * The values the form starts with before the server replied (a stored record being edited), as
   * Conform's `useForm({ defaultValue })`; a value kept from the last submission wins.
   */
  defaultValue?: Record<string, string | number | null | undefined>;
}

export interface ServerField {
  id: string;
  name: string;
  errorId: string;
  errors: string[];
  defaultValue: string | undefined;
  constraint: FieldConstraint;
}

/**
 * The field's id, errors and value: the value kept from the server's Conform reply, or else the
 * form's `defaultValue` for it.
 */
export function serverField(form: ServerForm, name: string): ServerField {
  const id = `${form.id}-${name}`;
  const stored = form.defaultValue?.[name];
  const replied = form.lastResult?.initialValue;
  const initial = replied ? replied[name] : stored === null || stored === undefined ? undefined : String(stored);
  return {
    id,
    name,
    errorId: `${id}-error`,
    errors: form.lastResult?.error?.[name] ?? [],
    defaultValue: typeof initial === "string" ? initial : undefined,
    constraint: form.constraint[name] ?? {},
  };
}

/** Messages about the whole form (Conform keeps them under the empty name). */
export function formErrorsOf(form: ServerForm): string[] {
  return form.lastResult?.error?.[""] ?? [];
}
