import type { ServerField } from "~/lib/form-constraint";

export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <div id={id} className="field__errors">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

function controlProps(field: ServerField) {
  const invalid = field.errors.length > 0;
  const { required, minLength, maxLength } = field.constraint;
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue,
    required,
    minLength,
    maxLength,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}

type InputType = "text" | "email" | "password" | "date" | "number" | "tel";

/** A labelled input whose server errors are tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
}: {
  label: string;
  field: ServerField;
  type?: InputType;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...controlProps(field)} type={type} autoComplete={autoComplete} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ label, field, rows = 5 }: { label: string; field: ServerField; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...controlProps(field)} rows={rows} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
