/**
 * Form fields bound to react-hook-form whose controls are not native inputs (Radix checkbox,
 * combobox): each takes the form's `control` and a field `name`, so a form writes one line per
 * field instead of a Controller block.
 */
import { type ReactNode, useMemo } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { Link } from "react-router";
import { countryOptions } from "../../lib/countries";
import { timeZoneOptions } from "../../lib/time-zones";
import { CheckboxField } from "../ui/checkbox";
import { Combobox, type ComboboxOption } from "../ui/combobox";
import { Field } from "../ui/field";
import { linkClass } from "../ui/public-page";

/** The form's control, whatever its resolver's output type (O). */
type FormControl<T extends FieldValues, O extends FieldValues> = Control<T, unknown, O>;

interface BoundProps<T extends FieldValues, O extends FieldValues> {
  control: FormControl<T, O>;
  name: Path<T>;
}

export function BoundCheckbox<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  children,
}: BoundProps<T, O> & { label: string; children?: ReactNode }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CheckboxField
      label={label}
      name={field.name}
      ref={field.ref}
      checked={field.value === true}
      onCheckedChange={(checked) => field.onChange(checked === true)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    >
      {children}
    </CheckboxField>
  );
}

export function BoundCombobox<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  options,
  placeholder,
  searchPlaceholder,
  emptyText,
}: BoundProps<T, O> & {
  label: string;
  options: readonly ComboboxOption[];
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} error={fieldState.error?.message}>
      {(controlProps) => (
        <Combobox
          {...controlProps}
          options={options}
          value={field.value as string | null}
          onValueChange={field.onChange}
          placeholder={placeholder}
          searchPlaceholder={searchPlaceholder}
          emptyText={emptyText}
        />
      )}
    </Field>
  );
}

/** "I accept the Terms and Conditions" with a link to read them (sign-up, joining an organization). */
export function TermsCheckbox<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
}: BoundProps<T, O>) {
  return (
    <BoundCheckbox control={control} name={name} label="I accept the Terms and Conditions">
      <Link to="/terms-and-conditions/standard" target="_blank" className={`text-sm ${linkClass}`}>
        Read the terms
      </Link>
    </BoundCheckbox>
  );
}

/** Country and time zone, searchable (sign-up and profile). */
export function CountryAndTimeZoneFields<T extends FieldValues, O extends FieldValues = T>({
  control,
  countryName,
  timeZoneName,
}: {
  control: FormControl<T, O>;
  countryName: Path<T>;
  timeZoneName: Path<T>;
}) {
  const countries = useMemo(() => countryOptions(), []);
  const zones = useMemo(() => timeZoneOptions(), []);
  return (
    <>
      <BoundCombobox
        control={control}
        name={countryName}
        label="Country"
        options={countries}
        placeholder="Select a country"
        searchPlaceholder="Search countries…"
        emptyText="No country matches."
      />
      <BoundCombobox
        control={control}
        name={timeZoneName}
        label="Time zone"
        options={zones}
        placeholder="Select a time zone"
        searchPlaceholder="Search time zones…"
        emptyText="No time zone matches."
      />
    </>
  );
}
