import { zodResolver } from "@hookform/resolvers/zod";
import { ZForgotPasswordRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "./api";

/** `{ email }` with the spec's e-mail rules (the forgot-password request has exactly that shape). */
const schema = ZForgotPasswordRequest;

export function SignupEmailStep() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await authApi.signupInit(email);
      setSentTo(email);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  const footer = (
    <>
      Already have an account?{" "}
      <Link to="/" className={linkClass}>
        Sign in
      </Link>
    </>
  );

  if (sentTo) {
    return (
      <PublicPage title="Create your Portico account" footer={footer}>
        <div role="status" className="space-y-2">
          <p className="text-lg font-medium text-foreground">Check your inbox</p>
          <p className="text-muted-foreground">
            We have sent a link to <strong>{sentTo}</strong>. Open it to confirm your address and finish
            signing up.
          </p>
        </div>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Create your Portico account" footer={footer}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          Continue
        </Button>
      </form>
    </PublicPage>
  );
}
