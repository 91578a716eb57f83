import { zodResolver } from "@hookform/resolvers/zod";
import { ZChangePasswordRequest } from "@portico/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordField } from "../../components/forms/credential-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { authApi } from "./api";

const schema = ZChangePasswordRequest.omit({ email: true });
export const PASSWORD_CHANGED = "Your password has been changed.";

export default function ChangePasswordScreen() {
  const { data: user } = useCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { current_password: "", new_password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (!user) return;
    try {
      const answer = await authApi.changePassword({ email: user.email, ...values });
      toast.success(answer.message || PASSWORD_CHANGED);
      reset();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <div className="max-w-xl">
      <PageHeader
        title="Change password"
        breadcrumbs={[{ label: "Profile", to: "/profile" }, { label: "Change password" }]}
        description="Other devices signed in to your account are signed out when the password changes."
      />
      <Card>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="space-y-5">
            <ErrorAlert>{serverError}</ErrorAlert>
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.current_password?.message}
              {...register("current_password")}
            />
            <NewPasswordField error={errors.new_password?.message} {...register("new_password")} />
            <div className="flex justify-end">
              <Button type="submit" busy={isSubmitting} disabled={!user}>
                Change password
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
