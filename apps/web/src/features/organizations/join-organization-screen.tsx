import { zodResolver } from "@hookform/resolvers/zod";
import { ZJoinAccountRequest } from "@portico/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CheckboxField, TextField } from "../../components/ui/field";
import { linkClass, PublicPage } from "../../components/ui/public-page";
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
        <p className="text-slate-700">
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
        <p className="text-sm text-slate-700">
          Type the organization's name as it appears in your invitation.
        </p>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField label="Organization name" error={errors.team_name?.message} {...register("team_name")} />
        <CheckboxField
          label="I accept the Terms and Conditions"
          error={errors.consent_received?.message}
          {...register("consent_received")}
        >
          <Link to="/terms-and-conditions/standard" target="_blank" className={`text-sm ${linkClass}`}>
            Read the terms
          </Link>
        </CheckboxField>
        <Button type="submit" busy={isSubmitting} className="w-full">
          Join organization
        </Button>
      </form>
    </PublicPage>
  );
}
