import { Field, type FieldFrameProps } from "./field";
import { Input, type InputProps } from "./input";
import { Textarea, type TextareaProps } from "./textarea";

export type TextFieldProps = FieldFrameProps & Omit<InputProps, "id" | "className">;

/** A labelled text input (works with react-hook-form's `register`). */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

export type TextareaFieldProps = FieldFrameProps & Omit<TextareaProps, "id" | "className">;

export function TextareaField({ label, error, hint, id, className, ...textarea }: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}
