import type { ServerField } from "#app/lib/form-constraint";

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

/** A checkbox with its label beside it; errors are tied to it like any field's. */
export function CheckboxField({ label, field, defaultChecked }: { label: string; field: ServerField; defaultChecked?: boolean }) {
  const invalid = field.errors.length > 0;
  return (
    <div className="field field--checkbox">
      <label className="check">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          required={field.constraint.required}
          defaultChecked={defaultChecked ?? field.defaultValue === "on"}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
        />
        <span>{label}</span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  label,
  field,
  options,
  placeholder,
}: {
  label: string;
  field: ServerField;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const invalid = field.errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue ?? ""}
        required={field.constraint.required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled input whose server errors are tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
  defaultValue,
}: {
  label: string;
  field: ServerField;
  type?: InputType;
  autoComplete?: string;
  defaultValue?: string;
}) {
  const props = controlProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} defaultValue={props.defaultValue ?? defaultValue} type={type} autoComplete={autoComplete} />
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
