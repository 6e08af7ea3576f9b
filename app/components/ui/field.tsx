import { useLingui } from "@lingui/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { ServerField } from "#app/lib/forms/form-constraint";
import { formMessage } from "#app/lib/i18n/form-messages";

/** A field's messages, in the page's language (a schema's message is a catalogue id: lib/i18n/form-messages.ts). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  const { i18n } = useLingui();
  return (
    <div id={id} className="field__errors">
      {errors.map((error) => (
        <p key={error}>{formMessage(i18n, error)}</p>
      ))}
    </div>
  );
}

/** The one place a control is tied to its errors: invalid, and described by the messages. */
function errorProps(field: Pick<ServerField, "errorId" | "errors">) {
  const invalid = field.errors.length > 0;
  return { "aria-invalid": invalid || undefined, "aria-describedby": invalid ? field.errorId : undefined };
}

function controlProps(field: ServerField) {
  const { required, minLength, maxLength } = field.constraint;
  return { id: field.id, name: field.name, required, minLength, maxLength, ...errorProps(field) };
}

type Labelled<Props> = Omit<Props, "id" | "name"> & { label: ReactNode; field: ServerField };

/**
 * A labelled input of any type whose server errors are tied to it. Every other prop goes to the input;
 * the value kept from the last submission wins over `defaultValue`. `children` follow the errors.
 */
export function Field({
  label,
  field,
  type = "text",
  defaultValue,
  children,
  ...inputProps
}: Labelled<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...controlProps(field)} type={type} {...inputProps} defaultValue={field.defaultValue ?? defaultValue} />
      <FieldErrors id={field.errorId} errors={field.errors} />
      {children}
    </div>
  );
}

export function TextAreaField({
  label,
  field,
  rows = 5,
  defaultValue,
  ...textAreaProps
}: Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        {...controlProps(field)}
        rows={rows}
        {...textAreaProps}
        defaultValue={field.defaultValue ?? defaultValue}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A labelled select; `placeholder` adds a first, empty option. */
export function SelectField({
  label,
  field,
  options,
  placeholder,
  defaultValue,
  ...selectProps
}: Labelled<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select
        id={field.id}
        name={field.name}
        required={field.constraint.required}
        {...errorProps(field)}
        {...selectProps}
        defaultValue={field.defaultValue ?? defaultValue ?? ""}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A checkbox with its label beside it; errors are tied to it like any field's. */
export function CheckboxField({
  label,
  field,
  defaultChecked,
}: {
  label: string;
  field: ServerField;
  defaultChecked?: boolean;
}) {
  return (
    <div className="field field--checkbox">
      <label className="check">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          required={field.constraint.required}
          defaultChecked={defaultChecked ?? field.defaultValue === "on"}
          {...errorProps(field)}
        />
        <span>{label}</span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A group of controls (choices, a row of fields) whose errors are about the group as a whole. */
export function FieldGroup({
  legend,
  field,
  className,
  children,
}: {
  legend: ReactNode;
  field: Pick<ServerField, "errorId" | "errors">;
  className: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={errorProps(field)["aria-describedby"]}>
      <legend>{legend}</legend>
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
