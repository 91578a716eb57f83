import { zodResolver } from "@hookform/resolvers/zod";
import { ZForgotPasswordRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "./api";

export default function ForgotPasswordScreen() {
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      setSent((await authApi.forgotPassword(email)).message);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <PublicPage
      title="Forgot password"
      footer={
        <Link to="/" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Enter your e-mail address and we will send you a link to reset your password.
          </p>
          <ErrorAlert>{serverError}</ErrorAlert>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <Button type="submit" busy={isSubmitting} className="w-full">
            Send reset link
          </Button>
        </form>
      )}
    </PublicPage>
  );
}
