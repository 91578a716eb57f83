import { zodResolver } from "@hookform/resolvers/zod";
import { ZResetPasswordRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NewPasswordField } from "../../components/forms/credential-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "./api";
import type { SignInState } from "./sign-in-screen";

const schema = ZResetPasswordRequest.pick({ password: true });
export const PASSWORD_RESET_NOTICE = "Your password has been changed. Sign in with your new password.";

export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const email = params.get("email");
  const token = params.get("token");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: "" } });

  if (!email || !token) {
    return (
      <PublicPage title="Reset password">
        <ErrorAlert className="mb-4">This link is incomplete. Please ask for a new one.</ErrorAlert>
        <Link to="/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      </PublicPage>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await authApi.resetPassword({ email, token, password });
      const state: SignInState = { notice: PASSWORD_RESET_NOTICE };
      navigate("/", { replace: true, state });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <PublicPage title="Reset password">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Choose a new password for <strong>{email}</strong>.
        </p>
        {serverError && (
          <ErrorAlert>
            {serverError}{" "}
            <Link to="/forgot-password" className={linkClass}>
              Ask for a new link
            </Link>
          </ErrorAlert>
        )}
        <NewPasswordField error={errors.password?.message} {...register("password")} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          Reset password
        </Button>
      </form>
    </PublicPage>
  );
}
