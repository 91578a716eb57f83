import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CredentialFields } from "../../components/forms/credential-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api-client";
import { finishPasswordLogin } from "../../lib/pending-mfa";
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
      finishPasswordLogin(await maintenanceLogin(values), values.username, "/mnt", navigate);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ErrorAlert>{serverError}</ErrorAlert>
      <CredentialFields register={register} errors={errors} />
      <Button type="submit" busy={isSubmitting} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
