import type { TLoginRequest } from "@portico/shared/schemas/auth";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "./field";

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
