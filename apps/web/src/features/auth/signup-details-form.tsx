import { zodResolver } from "@hookform/resolvers/zod";
import { ZSignupRequest } from "@portico/shared/schemas/auth";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field";
import { linkClass } from "../../components/ui/public-page";
import { errorMessage } from "../../lib/api-client";
import { countryOptions, guessCountry } from "../../lib/countries";
import { browserTimeZone, timeZoneOptions } from "../../lib/time-zones";
import { authApi } from "./api";
import type { SignInState } from "./sign-in-screen";

const schema = ZSignupRequest.omit({ email: true, token: true });
export const ACCOUNT_READY_NOTICE = "Your account is ready. Sign in to continue.";

interface Props {
  email: string;
  token: string;
  /** Invited users join the inviting organization, so they are not asked to name one. */
  isInvite: boolean;
}

export function SignupDetailsForm({ email, token, isInvite }: Props) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(), []);
  const zones = useMemo(() => timeZoneOptions(), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: "", password: "", country_code: guessCountry(), timezone: browserTimeZone() },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await authApi.signup({ ...values, email, token });
      const state: SignInState = { notice: ACCOUNT_READY_NOTICE };
      navigate("/", { replace: true, state });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">
        Signing up as <strong>{email}</strong>
      </p>
      <ErrorAlert>{serverError}</ErrorAlert>
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with a lowercase letter, a number and a special character."
        error={errors.password?.message}
        {...register("password")}
      />
      <SelectField
        label="Country"
        options={countries}
        placeholder="Select a country"
        error={errors.country_code?.message}
        {...register("country_code")}
      />
      <SelectField
        label="Time zone"
        options={zones}
        placeholder="Select a time zone"
        error={errors.timezone?.message}
        {...register("timezone")}
      />
      {!isInvite && (
        <TextField
          label="Organization name (optional)"
          autoComplete="organization"
          hint="You can also create or join an organization after signing in."
          error={errors.team_name?.message}
          {...register("team_name", {
            setValueAs: (value: string | undefined) => (value?.trim() ? value : undefined),
          })}
        />
      )}
      <CheckboxField
        label="I accept the Terms and Conditions"
        error={errors.consent_received?.message}
        {...register("consent_received")}
      >
        <Link to="/terms-and-conditions/standard" target="_blank" className={`text-sm ${linkClass}`}>
          Read the terms
        </Link>
      </CheckboxField>
      <Button type="submit" busy={isSubmitting} className="w-full">
        Create account
      </Button>
    </form>
  );
}
