/**
 * /mnt for engineers: whether maintenance is on, who turned it on and when, when it ends (the date
 * and "in 25 minutes"), the form to turn it on (presets or minutes, and the message users see) or
 * the button to turn it off, and the last 20 windows. Kept current by the broadcast channel's
 * maintenance frames (another engineer, or the window ending by itself) and a 30 s check.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { BROADCAST_CHANNEL } from "@portico/shared/schemas/conversations";
import {
  MAINTENANCE_MAX_MINUTES,
  type TMaintenanceWindow,
  ZMaintenanceEnable,
} from "@portico/shared/schemas/operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import History from "lucide-react/icons/history";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { DataTable, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { FormSkeleton } from "../../components/ui/skeleton";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useChannel } from "../conversations/realtime/chat";
import {
  formatRelative,
  formatUntil,
  MAINTENANCE_POLL_MS,
  maintenanceApi,
  maintenanceDetailsQuery,
  maintenanceStatusQuery,
} from "./api";

export const DURATION_PRESETS = [
  { label: "15 min", minutes: 15 },
  { label: "1 h", minutes: 60 },
  { label: "4 h", minutes: 240 },
] as const;

/** Re-renders every 30 s so "in 25 minutes" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const when = (iso: string) => formatUntil(iso) ?? iso;

/** How a window ended, in words. */
function endedText(w: TMaintenanceWindow): string {
  if (w.ended_at === null) return "On now";
  return w.ended_by === null
    ? `Ended by itself, ${when(w.ended_at)}`
    : `Turned off by ${w.ended_by}, ${when(w.ended_at)}`;
}

const col = dataTableColumns<TMaintenanceWindow>();
const columns = [
  col.accessor("started_at", {
    header: "Started",
    sortFn: "datetime",
    cell: (info) => (
      <span className="text-sm">
        {when(info.getValue())}
        <span className="block text-xs text-muted-foreground">by {info.row.original.started_by}</span>
      </span>
    ),
  }),
  col.accessor("message", {
    header: "Message",
    enableSorting: false,
    cell: (info) => <span className="block min-w-40 break-words">{info.getValue()}</span>,
  }),
  col.accessor("planned_end", {
    header: "Planned end",
    sortFn: "datetime",
    cell: (info) => <span className="text-sm">{when(info.getValue())}</span>,
  }),
  col.accessor("ended_at", {
    header: "Ended",
    enableSorting: false,
    cell: (info) =>
      info.getValue() === null ? (
        <Badge variant="warning">On now</Badge>
      ) : (
        <span className="text-sm">{endedText(info.row.original)}</span>
      ),
  }),
];

/** Status of maintenance, the switch to turn it on (with a duration and message) or off, and the history. */
export function MaintenanceControls() {
  const queryClient = useQueryClient();
  const now = useNow();
  const details = useQuery({ ...maintenanceDetailsQuery, refetchInterval: MAINTENANCE_POLL_MS });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: maintenanceDetailsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: maintenanceStatusQuery.queryKey }),
    ]);
  useChannel(BROADCAST_CHANNEL, {
    onFrame: (frame) => {
      if (frame.type === "maintenance") void refresh();
    },
    onResync: () => void refresh(),
  });

  // After a switch, focus goes to the control that replaced the one used.
  const focusNext = useRef(false);
  const disableButton = useRef<HTMLButtonElement>(null);
  const durationInput = useRef<HTMLInputElement | null>(null);

  const enable = useMutation({
    mutationFn: maintenanceApi.enable,
    onSuccess: async () => {
      focusNext.current = true;
      await refresh();
      toast.success("Maintenance is on: customers now see the maintenance page.");
    },
  });
  const disable = useMutation({
    mutationFn: maintenanceApi.disable,
    onSuccess: async () => {
      focusNext.current = true;
      await refresh();
      toast.success("Maintenance is off: the portal is open again.");
    },
  });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZMaintenanceEnable), defaultValues: { duration: 60, message: "" } });
  const duration = watch("duration");
  const { ref: durationRef, ...durationField } = register("duration", { valueAsNumber: true });

  const on = details.data?.status === "MAINTENANCE";
  useEffect(() => {
    if (!focusNext.current || details.isPending) return;
    focusNext.current = false;
    (on ? disableButton.current : durationInput.current)?.focus();
  }, [on, details.isPending]);

  if (details.isPending) return <FormSkeleton fields={2} label="Loading maintenance status" />;
  if (details.isError) return <QueryError query={details} />;

  const current = details.data.current;
  const failure = enable.error ?? disable.error;

  return (
    <div className="space-y-6">
      <div role="status" className="space-y-1 rounded-md border bg-muted px-3 py-2.5 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Badge variant={on ? "warning" : "success"}>{on ? "On" : "Off"}</Badge>
          <span>{on ? "Maintenance is on." : "Maintenance is off: the portal is open to everyone."}</span>
        </p>
        {on && current && (
          <>
            <p>Message: {current.message}</p>
            <p>
              Turned on by <span className="font-medium">{current.started_by}</span>,{" "}
              {when(current.started_at)}
            </p>
            <p>
              Ends {when(current.planned_end)} ({formatRelative(current.planned_end, now)})
            </p>
          </>
        )}
      </div>
      <ErrorAlert>{failure ? errorMessage(failure) : null}</ErrorAlert>
      {on ? (
        <Button ref={disableButton} busy={disable.isPending} onClick={() => disable.mutate()}>
          Disable maintenance
        </Button>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => enable.mutate(values))} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">How long</legend>
            <div className="flex flex-wrap gap-2">
              {DURATION_PRESETS.map((preset) => (
                <Button
                  key={preset.minutes}
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-pressed={duration === preset.minutes}
                  className="aria-pressed:border-primary aria-pressed:bg-primary/10"
                  onClick={() => setValue("duration", preset.minutes, { shouldValidate: true })}
                >
                  {preset.label}
                </Button>
              ))}
            </div>
            <TextField
              label="Duration (minutes)"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAINTENANCE_MAX_MINUTES}
              hint={`From 1 minute to ${MAINTENANCE_MAX_MINUTES} (one week). It ends by itself then.`}
              error={errors.duration?.message}
              ref={(element) => {
                durationRef(element);
                durationInput.current = element;
              }}
              {...durationField}
            />
          </fieldset>
          <TextField
            label="Message for users"
            maxLength={500}
            error={errors.message?.message}
            {...register("message")}
          />
          <Button type="submit" busy={enable.isPending}>
            Enable maintenance
          </Button>
        </form>
      )}
      <section aria-labelledby="maintenance-history" className="space-y-3">
        <h2 id="maintenance-history" className="text-base font-semibold">
          History
        </h2>
        <DataTable
          label="Maintenance history"
          columns={columns}
          data={details.data.history}
          getRowId={(row) => String(row.id)}
          initialSorting={[{ id: "started_at", desc: true }]}
          pageSize={10}
          empty={
            <EmptyState
              icon={History}
              title="No maintenance yet"
              description="Each time maintenance is turned on it is listed here: who, when, and how it ended."
            />
          }
        />
      </section>
    </div>
  );
}
