import { zodResolver } from "@hookform/resolvers/zod";
import { ZCreateAccountRequest } from "@portico/shared/schemas/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { TextField } from "../../components/ui/text-field";
import { isApiError } from "../../lib/api-client";
import { userQueryKey } from "../../lib/current-user";
import { persistedStore } from "../../lib/persisted-store";
import { DEFAULT_LANDING } from "../../lib/redirect";
import { organizationsApi } from "./api";
import { type NameCheck, useOrganizationNameCheck } from "./use-organization-name-check";

function availability(check: NameCheck) {
  if (check.state === "checking") return "Checking availability…";
  if (check.state === "available") return "This name is available.";
  return "Letters, digits and hyphens; 2 to 63 characters.";
}

export default function AddOrganizationScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZCreateAccountRequest), defaultValues: { company: "" } });
  const check = useOrganizationNameCheck(watch("company"));
  const nameError = errors.company?.message ?? (check.state === "unavailable" ? check.message : undefined);

  const onSubmit = handleSubmit(async ({ company }) => {
    setServerError(null);
    try {
      const team = await organizationsApi.create(company);
      persistedStore.set("selectedAccountId", team.account_id);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      navigate(DEFAULT_LANDING, { replace: true });
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        setError("company", { message: error.error });
      } else setServerError(isApiError(error) ? error.error : "Something went wrong");
    }
  });

  return (
    <PublicPage
      title="Create a new organization"
      footer={
        <Link to="/create-account" className={linkClass}>
          Back
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          label="Organization name"
          autoComplete="organization"
          hint={<span aria-live="polite">{nameError ? null : availability(check)}</span>}
          error={nameError}
          {...register("company")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          Create organization
        </Button>
      </form>
    </PublicPage>
  );
}
