import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { errorMessage } from "../../lib/api-client";
import { otpPath, savePendingMfa } from "../../lib/pending-mfa";
import { toSession } from "../../lib/session";
import { beginSession } from "../../lib/sign-out";
import { maintenanceLogin } from "./api";

/** POST /api/auth/maintenance-login: engineers only, and it works while maintenance is on. */
export function MaintenanceLoginForm() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await maintenanceLogin(values);
      if (answer.mfa_required) {
        savePendingMfa({ mfaToken: answer.mfa_token, username: values.username });
        navigate(otpPath("/mnt"));
        return;
      }
      beginSession(toSession(answer));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ErrorAlert>{serverError}</ErrorAlert>
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
      <Button type="submit" busy={isSubmitting} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
