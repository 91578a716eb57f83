/**
 * "New organization" (engineers, spec §2.4): a name, checked live as the sign-up flow checks it
 * (validate-organization-name), then POST accounts and the new customer's page. Unlike a
 * customer's "Create a new organization", the engineer's selected organization stays as it is.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ZCreateAccountRequest } from "@portico/shared/schemas/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage, isApiError } from "../../lib/api-client";
import { userQueryKey } from "../../lib/current-user";
import { organizationsApi } from "../organizations/api";
import { type NameCheck, useOrganizationNameCheck } from "../organizations/use-organization-name-check";
import { customerListKeys } from "./list-api";

function availability(check: NameCheck) {
  if (check.state === "checking") return "Checking availability…";
  if (check.state === "available") return "This name is available.";
  return "Letters, digits and hyphens; 2 to 63 characters.";
}

function NewOrganizationForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZCreateAccountRequest), defaultValues: { company: "" } });
  const { errors } = form.formState;
  const check = useOrganizationNameCheck(form.watch("company"));
  const create = useMutation({
    mutationFn: (company: string) => organizationsApi.create(company),
    onSuccess: (team) => {
      void queryClient.invalidateQueries({ queryKey: customerListKeys.all });
      // The organization switcher lists it too.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast.success(`Organization ${team.company} created.`);
      navigate(`/customers/${team.account_id}`);
    },
    onError: (error) => {
      // The name's own problems (not valid, taken) belong beside the name.
      if (isApiError(error) && (error.status === 400 || error.status === 409))
        form.setError("company", { message: error.error });
    },
  });
  const nameError = errors.company?.message ?? (check.state === "unavailable" ? check.message : undefined);
  const otherError =
    create.isError &&
    !(isApiError(create.error) && (create.error.status === 400 || create.error.status === 409))
      ? errorMessage(create.error)
      : null;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ company }) => create.mutate(company))}
    >
      <TextField
        label="Organization name"
        autoComplete="off"
        hint={<span aria-live="polite">{nameError ? null : availability(check)}</span>}
        error={nameError}
        {...form.register("company")}
      />
      <ErrorAlert>{otherError}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create organization
        </Button>
      </DialogFooter>
    </form>
  );
}

export function NewOrganizationDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New organization
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New organization</DialogTitle>
          <DialogDescription>A new customer organization. Invite its users from its page.</DialogDescription>
        </DialogHeader>
        {open && <NewOrganizationForm onCancel={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
