import { zodResolver } from "@hookform/resolvers/zod";
import { ZMaintenanceEnable } from "@portico/shared/schemas/operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
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
  const enable = useMutation({ mutationFn: maintenanceApi.enable, onSuccess: refresh });
  const disable = useMutation({ mutationFn: maintenanceApi.disable, onSuccess: refresh });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { duration: 60, message: "" } });

  if (status.isPending) return <p className="text-slate-700">Loading maintenance status…</p>;
  if (status.isError) return <ErrorAlert>{status.error.error}</ErrorAlert>;

  const on = status.data.status !== "OK";
  const until = formatUntil(status.data.until);
  const failure = enable.error?.error ?? disable.error?.error;

  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm">
        <p className="font-medium">
          {on ? "Maintenance is on." : "Maintenance is off: the portal is open to everyone."}
        </p>
        {on && status.data.message && <p>Message: {status.data.message}</p>}
        {on && until && <p>Until {until}</p>}
      </div>
      <ErrorAlert>{failure}</ErrorAlert>
      {on ? (
        <Button variant="danger" busy={disable.isPending} onClick={() => disable.mutate()}>
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
