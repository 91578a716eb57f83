import { zodResolver } from "@hookform/resolvers/zod";
import { ZMfaLoginRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useSearchParams } from "react-router";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { clearPendingMfa, loadPendingMfa } from "../../lib/pending-mfa";
import { redirectTarget } from "../../lib/redirect";
import { toSession, useSession } from "../../lib/session";
import { beginSession } from "../../lib/sign-out";
import { authApi } from "./api";

const schema = ZMfaLoginRequest.pick({ otp: true });

export default function OtpScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const [pending] = useState(loadPendingMfa);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { otp: "" } });
  const redirectTo = params.get("redirectTo");

  if (session) return <Navigate to={redirectTarget(redirectTo)} replace />;

  if (!pending) {
    return (
      <PublicPage title="Enter your sign-in code">
        <p className="mb-4 text-muted-foreground">
          There is no sign-in waiting for a code. Please sign in again.
        </p>
        <Link to="/" className={linkClass}>
          Sign in
        </Link>
      </PublicPage>
    );
  }

  const onSubmit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      const answer = await authApi.mfaLogin({ username: pending.username, token: pending.mfaToken, otp });
      clearPendingMfa();
      beginSession(toSession(answer));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  const resend = async () => {
    setServerError(null);
    setNotice(null);
    setResending(true);
    try {
      const answer = await authApi.resendOtp(pending.mfaToken);
      setNotice(answer.message || "We have sent you a new code.");
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <PublicPage title="Enter your sign-in code">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          We have e-mailed a 6-digit code to <strong>{pending.username}</strong>.
        </p>
        <Notice>{notice}</Notice>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          label="One-time code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.otp?.message}
          {...register("otp")}
        />
        <div className="flex items-center justify-between gap-4">
          <Button variant="secondary" onClick={resend} busy={resending}>
            Resend code
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Verify
          </Button>
        </div>
      </form>
    </PublicPage>
  );
}
