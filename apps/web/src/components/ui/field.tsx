/**
 * Form fields: every input has a visible `<label htmlFor>` (spec a11y), and its error is shown
 * under it and linked with aria-describedby so screen readers read it with the field.
 */
import clsx from "clsx";
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100";

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export interface TextFieldProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${fieldId}-error`, hint !== undefined && `${fieldId}-hint`)}
        className={clsx(CONTROL, error ? "border-red-500" : "border-slate-300")}
        {...input}
      />
      {hint !== undefined && (
        <div id={`${fieldId}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      )}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

export interface SelectFieldProps extends FieldProps, SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${fieldId}-error`)}
        className={clsx(CONTROL, error ? "border-red-500" : "border-slate-300")}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint !== undefined && <div className="mt-1 text-sm text-slate-600">{hint}</div>}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<FieldProps, "hint">, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  children?: ReactNode;
}

/** A checkbox whose label is `label` (its accessible name); `children` adds text after it. */
export function CheckboxField({ label, error, id, className, ref, children, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${fieldId}-error`)}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm text-slate-800">
          {label}
        </label>
        {children}
      </div>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
