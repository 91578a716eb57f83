/**
 * "New trial licence" (engineers): company, contact, capacity and length, checked with the
 * shared ZCreateTrialLicenceRequest and its messages. The signed trial then shows in the list.
 */
import {
  type TCreateTrialLicenceRequest,
  TRIAL_DAYS_MAX,
  ZCreateTrialLicenceRequest,
} from "@portico/shared/schemas/licences";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RefObject } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
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
import { requestResolver } from "../conversations/components/form-parts";
import { licenceKeys, licencesApi } from "./api";
import { numberOrText } from "./licence-parts";

interface TrialValues {
  company: string;
  contact_name: string;
  contact_email: string;
  capacity_tib: string;
  days: string;
}

const EMPTY: TrialValues = {
  company: "",
  contact_name: "",
  contact_email: "",
  capacity_tib: "10",
  days: "30",
};

export const trialRequest = (values: TrialValues) => ({
  company: values.company,
  contact_name: values.contact_name,
  contact_email: values.contact_email.trim(),
  capacity_tib: numberOrText(values.capacity_tib),
  days: numberOrText(values.days),
});

const resolver = requestResolver<TrialValues>(ZCreateTrialLicenceRequest, trialRequest, (field) =>
  field in EMPTY ? (field as keyof TrialValues) : undefined,
);

function TrialForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TrialValues>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (values: TrialValues) =>
      licencesApi.createTrial(trialRequest(values) as TCreateTrialLicenceRequest),
    onSuccess: (trial) => {
      void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
      toast.success(`Trial licence for ${trial.company} created.`);
      onDone();
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <TextField
        label="Company"
        autoComplete="organization"
        error={errors.company?.message}
        {...form.register("company")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Contact name"
          autoComplete="name"
          error={errors.contact_name?.message}
          {...form.register("contact_name")}
        />
        <TextField
          label="Contact e-mail"
          type="email"
          autoComplete="email"
          error={errors.contact_email?.message}
          {...form.register("contact_email")}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Capacity (TiB)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.capacity_tib?.message}
          {...form.register("capacity_tib")}
        />
        <TextField
          label="Days"
          inputMode="numeric"
          autoComplete="off"
          hint={`Up to ${TRIAL_DAYS_MAX} days.`}
          error={errors.days?.message}
          {...form.register("days")}
        />
      </div>
      <ErrorAlert>{create.isError ? errorMessage(create.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create trial licence
        </Button>
      </DialogFooter>
    </form>
  );
}

export function TrialDialog({
  open,
  onOpenChange,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on close when the button that opened the dialog has gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>New trial licence</DialogTitle>
          <DialogDescription>
            A signed licence for a prospect's clusters, which register themselves with it.
          </DialogDescription>
        </DialogHeader>
        {open && <TrialForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
