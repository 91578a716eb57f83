import type { TLoginRequest } from "@portico/shared/schemas/auth";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField, type TextFieldProps } from "../ui/text-field";

/** The e-mail and password fields of every password sign-in form. */
export function CredentialFields({
  register,
  errors,
}: {
  register: UseFormRegister<TLoginRequest>;
  errors: FieldErrors<TLoginRequest>;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
    </>
  );
}

export const PASSWORD_HINT =
  "At least 8 characters, with a lowercase letter, a number and a special character.";

/** A field for choosing a password (sign-up, reset, change), with the spec's rules as its hint. */
export function NewPasswordField({
  label = "New password",
  ...rest
}: Omit<TextFieldProps, "label" | "type"> & { label?: string }) {
  return (
    <TextField label={label} type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...rest} />
  );
}
