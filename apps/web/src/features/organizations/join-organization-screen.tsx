import { zodResolver } from "@hookform/resolvers/zod";
import { ZJoinAccountRequest } from "@portico/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TermsCheckbox } from "../../components/forms/controlled-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { userQueryKey } from "../../lib/current-user";
import { persistedStore } from "../../lib/persisted-store";
import { DEFAULT_LANDING } from "../../lib/redirect";
import { organizationsApi } from "./api";

const schema = ZJoinAccountRequest.omit({ token: true });
// The shared schema gives team_name no message of its own; this one applies only to it.
const resolver = zodResolver(schema, {
  error: (issue) => (issue.path?.[0] === "team_name" ? "Enter the organization's name" : undefined),
});

export default function JoinOrganizationScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const token = params.get("token");
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { team_name: "" } });

  const back = (
    <Link to="/create-account" className={linkClass}>
      Back
    </Link>
  );

  if (!token) {
    return (
      <PublicPage title="Join an organization" footer={back}>
        <p className="text-muted-foreground">
          To join an organization, open the link in your invitation e-mail. Ask the organization's owner to
          invite you if you have none.
        </p>
      </PublicPage>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { account_id } = await organizationsApi.join({ ...values, token });
      persistedStore.set("selectedAccountId", account_id);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      navigate(DEFAULT_LANDING, { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <PublicPage title="Join an organization" footer={back}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Type the organization's name as it appears in your invitation.
        </p>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField label="Organization name" error={errors.team_name?.message} {...register("team_name")} />
        <TermsCheckbox control={control} name="consent_received" />
        <Button type="submit" busy={isSubmitting} className="w-full">
          Join organization
        </Button>
      </form>
    </PublicPage>
  );
}
