import { zodResolver } from "@hookform/resolvers/zod";
import { ZMaintenanceEnable } from "@portico/shared/schemas/operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormSkeleton } from "../../components/ui/skeleton";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { formatUntil, MAINTENANCE_POLL_MS, maintenanceApi, maintenanceStatusQuery } from "./api";

const MAX_MINUTES = 7 * 24 * 60;

// The shared schema's limits, with messages people can act on.
const resolver = zodResolver(ZMaintenanceEnable, {
  error: (issue) =>
    issue.path?.[0] === "duration"
      ? `Enter a whole number of minutes from 1 to ${MAX_MINUTES}`
      : "Enter a message of up to 500 characters for users",
});

/** Status of maintenance, and the switch to turn it on (with a duration and message) or off. */
export function MaintenanceControls() {
  const queryClient = useQueryClient();
  const status = useQuery({ ...maintenanceStatusQuery, refetchInterval: MAINTENANCE_POLL_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: maintenanceStatusQuery.queryKey });
  const enable = useMutation({
    mutationFn: maintenanceApi.enable,
    onSuccess: async () => {
      await refresh();
      toast.success("Maintenance is on: customers now see the maintenance page.");
    },
  });
  const disable = useMutation({
    mutationFn: maintenanceApi.disable,
    onSuccess: async () => {
      await refresh();
      toast.success("Maintenance is off: the portal is open again.");
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { duration: 60, message: "" } });

  if (status.isPending) return <FormSkeleton fields={2} label="Loading maintenance status" />;
  if (status.isError) return <QueryError query={status} />;

  const on = status.data.status !== "OK";
  const until = formatUntil(status.data.until);
  const failure = enable.error?.error ?? disable.error?.error;

  return (
    <div className="space-y-4">
      <div role="status" className="space-y-1 rounded-md border bg-muted px-3 py-2.5 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Badge variant={on ? "warning" : "success"}>{on ? "On" : "Off"}</Badge>
          <span>{on ? "Maintenance is on." : "Maintenance is off: the portal is open to everyone."}</span>
        </p>
        {on && status.data.message && <p>Message: {status.data.message}</p>}
        {on && until && <p>Until {until}</p>}
      </div>
      <ErrorAlert>{failure}</ErrorAlert>
      {on ? (
        <Button busy={disable.isPending} onClick={() => disable.mutate()}>
          Disable maintenance
        </Button>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => enable.mutate(values))} className="space-y-4">
          <TextField
            label="Duration (minutes)"
            type="number"
            min={1}
            max={MAX_MINUTES}
            error={errors.duration?.message}
            {...register("duration", { valueAsNumber: true })}
          />
          <TextField label="Message for users" error={errors.message?.message} {...register("message")} />
          <Button type="submit" busy={enable.isPending}>
            Enable maintenance
          </Button>
        </form>
      )}
    </div>
  );
}
