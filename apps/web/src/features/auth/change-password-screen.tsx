import { zodResolver } from "@hookform/resolvers/zod";
import { ZChangePasswordRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { authApi } from "./api";

const schema = ZChangePasswordRequest.omit({ email: true });

export default function ChangePasswordScreen() {
  useDocumentTitle("Change password");
  const { data: user } = useCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { current_password: "", new_password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setDone(null);
    if (!user) return;
    try {
      const answer = await authApi.changePassword({ email: user.email, ...values });
      setDone(answer.message || "Your password has been changed.");
      reset();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <section className="max-w-md">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Change password</h1>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Notice>{done}</Notice>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register("current_password")}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters, with a lowercase letter, a number and a special character."
          error={errors.new_password?.message}
          {...register("new_password")}
        />
        <Button type="submit" busy={isSubmitting} disabled={!user}>
          Change password
        </Button>
      </form>
    </section>
  );
}
