import { zodResolver } from "@hookform/resolvers/zod";
import { ORGANIZATION_DISABLED } from "@portico/shared/errors";
import type { TLoginRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { CredentialFields } from "../../components/forms/credential-fields";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { errorMessage } from "../../lib/api-client";
import { lazyResolver } from "../../lib/lazy-resolver";
import { finishPasswordLogin } from "../../lib/pending-mfa";
import { redirectTarget } from "../../lib/redirect";
import { useSession } from "../../lib/session";
import { authApi } from "./api";

export const EXPIRED_NOTICE = "Your session has expired. Please sign in again.";
export const UNAUTHORIZED_NOTICE = "Please sign in to continue.";
export const DISABLED_NOTICE = `${ORGANIZATION_DISABLED}. Please contact your vendor's support team.`;

// The shared schema (and zod with it) loads when the form is first used, not with the page.
const resolver = lazyResolver<TLoginRequest, TLoginRequest>(async () => {
  const { ZLoginRequest } = await import("@portico/shared/schemas/auth");
  return zodResolver(ZLoginRequest);
});

/** Notices passed in navigation state by other screens (sign-up done, password reset). */
export interface SignInState {
  notice?: string;
}

export default function SignInScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const redirectTo = params.get("redirectTo");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest, unknown, TLoginRequest>({
    resolver,
    defaultValues: { username: "", password: "" },
  });

  if (session) return <Navigate to={redirectTarget(redirectTo)} replace />;

  const notice =
    (location.state as SignInState | null)?.notice ??
    (params.get("expired") === "true"
      ? EXPIRED_NOTICE
      : params.get("unauthorized") === "true"
        ? UNAUTHORIZED_NOTICE
        : params.get("disabled") === "true"
          ? DISABLED_NOTICE
          : null);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      finishPasswordLogin(await authApi.login(values), values.username, redirectTo, navigate);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <PublicPage
      title="Sign in"
      description="Support, licences and cluster health for your organization."
      footer={
        <>
          New to Portico?{" "}
          <Link to="/signup" className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className="space-y-4">
        <Notice>{notice}</Notice>
        <ErrorAlert>{serverError}</ErrorAlert>
        <CredentialFields register={register} errors={errors} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" busy={isSubmitting} className="w-full">
          Sign in
        </Button>
      </form>
    </PublicPage>
  );
}
