/**
 * "Issue licence" (engineers): plan, capacity and expiry day for the organization acted on. The
 * new licence supersedes the current one and is signed for the organization's clusters.
 */
import { ZIssueLicenceRequest } from "@portico/shared/schemas/licences";
import { z } from "@portico/shared/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { dateToIso } from "../../components/ui/date-picker";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage } from "../../lib/api-client";
import { FormDatePicker, requestResolver } from "../conversations/components/form-parts";
import { licenceKeys, licencesApi, type TLicence } from "./api";
import { numberOrText } from "./licence-parts";

export const EXPIRY_REQUIRED = "Choose the expiry day";

interface IssueValues {
  plan: string;
  capacity_tib: string;
  expires_on: string | null;
}

/** The licence runs to the end of the chosen day (UTC), as the §4 texts count whole days. */
function issueRequest(values: IssueValues) {
  return {
    plan: values.plan,
    capacity_tib: numberOrText(values.capacity_tib),
    expires_at: values.expires_on ? `${values.expires_on}T23:59:59.000Z` : "",
  };
}

const ZIssueForm = ZIssueLicenceRequest.extend({
  capacity_tib: z.number({ error: "Capacity must be a whole number of TiB" }).int().min(1).max(1_000_000),
  expires_at: z.iso.datetime({ offset: true, error: EXPIRY_REQUIRED }),
});

const resolver = requestResolver<IssueValues>(ZIssueForm, issueRequest, (field) =>
  field === "expires_at" ? "expires_on" : field === "plan" || field === "capacity_tib" ? field : undefined,
);

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return dateToIso(date);
}

function IssueForm({
  accountId,
  current,
  defaultPlan,
  onDone,
}: {
  accountId: number;
  current: TLicence | null;
  defaultPlan: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<IssueValues>({
    resolver,
    defaultValues: {
      plan: current?.plan ?? defaultPlan,
      capacity_tib: current ? String(current.capacity_tib) : "",
      expires_on: current ? current.expires_at.slice(0, 10) : null,
    },
  });
  const { errors } = form.formState;
  const issue = useMutation({
    mutationFn: (values: IssueValues) =>
      licencesApi.issue(accountId, issueRequest(values) as Parameters<typeof licencesApi.issue>[1]),
    onSuccess: (licence) => {
      void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
      toast.success(`A new licence for ${licence.organization} has been issued.`);
      onDone();
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => issue.mutate(values))}>
      <TextField label="Plan" autoComplete="off" error={errors.plan?.message} {...form.register("plan")} />
      <TextField
        label="Capacity (TiB)"
        inputMode="numeric"
        autoComplete="off"
        error={errors.capacity_tib?.message}
        {...form.register("capacity_tib")}
      />
      <FormDatePicker
        control={form.control}
        name="expires_on"
        label="Expires on"
        min={tomorrow()}
        error={errors.expires_on?.message}
      />
      <ErrorAlert>{issue.isError ? errorMessage(issue.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={issue.isPending}>
          Issue licence
        </Button>
      </DialogFooter>
    </form>
  );
}

export function IssueLicenceDialog({
  open,
  onOpenChange,
  accountId,
  organization,
  current,
  defaultPlan = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: number;
  organization: string;
  current: TLicence | null;
  /** The plan of a first licence (the organization's service type). */
  defaultPlan?: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Issue licence</DialogTitle>
          <DialogDescription>
            For {organization}. It replaces the current licence and covers the organization's registered
            clusters.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <IssueForm
            accountId={accountId}
            current={current}
            defaultPlan={defaultPlan}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
