/**
 * Form pieces shared by the planning dialogs (meetings, todos): a resolver that checks the request
 * a form's values make with a shared zod schema (its exact messages, shown on the form's fields),
 * and the kit's date picker bound to a react-hook-form field.
 */
import type { z } from "@portico/shared/zod";
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from "react-hook-form";
import { DatePicker, type DatePickerProps } from "../../../components/ui/date-picker";

/**
 * Checks `toRequest(values)` with `schema`; each message goes to the form field `fieldOf` names
 * for the request field it is about (the first message per field).
 */
export function requestResolver<T extends FieldValues>(
  schema: z.ZodType,
  toRequest: (values: T) => unknown,
  fieldOf: (requestField: string) => FieldPath<T> | undefined,
): Resolver<T> {
  return async (values) => {
    const parsed = schema.safeParse(toRequest(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0]));
      if (field && !errors[field]) errors[field] = { type: "validate", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The kit's date picker as a form field (ISO yyyy-mm-dd or null); `onPicked` runs before the change. */
export function FormDatePicker<T extends FieldValues>({
  control,
  name,
  onPicked,
  ...picker
}: {
  control: Control<T>;
  name: FieldPath<T>;
  onPicked?: (next: string | null) => void;
} & Omit<DatePickerProps, "value" | "onChange">) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DatePicker
          {...picker}
          value={field.value}
          onChange={(next) => {
            onPicked?.(next);
            field.onChange(next);
          }}
        />
      )}
    />
  );
}
