import { zodResolver } from "@hookform/resolvers/zod";
import { ZSignupRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CountryAndTimeZoneFields, TermsCheckbox } from "../../components/forms/controlled-fields";
import { NewPasswordField } from "../../components/forms/credential-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { guessCountry } from "../../lib/countries";
import { browserTimeZone } from "../../lib/time-zones";
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
  const {
    register,
    control,
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
      <p className="text-sm text-muted-foreground">
        Signing up as <strong>{email}</strong>
      </p>
      <ErrorAlert>{serverError}</ErrorAlert>
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <NewPasswordField label="Password" error={errors.password?.message} {...register("password")} />
      <CountryAndTimeZoneFields control={control} countryName="country_code" timeZoneName="timezone" />
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
      <TermsCheckbox control={control} name="consent_received" />
      <Button type="submit" busy={isSubmitting} className="w-full">
        Create account
      </Button>
    </form>
  );
}
