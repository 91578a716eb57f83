/**
 * /system-alerts (engineers; issue 17): the banners every signed-in user sees. "New system alert"
 * posts one (now or later, until a time or until cleared); the list shows each with its state
 * (Live, Scheduled, Ended, Cleared), Edit and Clear (after a confirmation). Customers get the
 * engineers-only placeholder.
 */
import {
  SYSTEM_ALERT_LEVEL_LABELS,
  SYSTEM_ALERT_STATE_LABELS,
  type SystemAlertState,
} from "@portico/shared/schemas/system-alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Megaphone from "lucide-react/icons/megaphone";
import Plus from "lucide-react/icons/plus";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge, type BadgeProps } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { formatWhen } from "../files/format";
import { PlaceholderScreen } from "../placeholders/placeholder-screen";
import {
  clearSystemAlert,
  SYSTEM_ALERTS_PAGE_SIZE,
  type SystemAlertLevel,
  systemAlertKeys,
  systemAlertListQuery,
  type TSystemAlert,
} from "./api";
import { DIALOG_TEXT, SystemAlertDialog } from "./system-alert-dialog";

const TITLE = "System alerts";

export const SCREEN_TEXT = {
  description:
    "Banners every signed-in user sees at the top of every screen, live as you post or clear them.",
  emptyTitle: "No system alerts yet",
  emptyDescription:
    "Post one to tell every signed-in user about an outage or planned work, now or at a time you choose.",
  clearTitle: "Clear this system alert?",
  clearDescription: "It disappears from every screen at once. A cleared alert cannot be edited.",
  clearConfirm: "Clear alert",
  cleared: "System alert cleared",
} as const;

const LEVEL_VARIANT: Record<SystemAlertLevel, BadgeProps["variant"]> = {
  info: "info",
  warning: "warning",
  critical: "danger",
};

const STATE_VARIANT: Record<SystemAlertState, BadgeProps["variant"]> = {
  live: "success",
  scheduled: "info",
  ended: "neutral",
  cleared: "outline",
};

function Actions({
  alert,
  onEdit,
  onClear,
}: {
  alert: TSystemAlert;
  onEdit: (alert: TSystemAlert) => void;
  onClear: (alert: TSystemAlert) => Promise<unknown>;
}) {
  if (alert.state === "cleared") {
    return (
      <span className="text-sm text-muted-foreground">
        {alert.cleared_by_name ? `By ${alert.cleared_by_name}` : "Cleared"}
      </span>
    );
  }
  const name = alert.message.length > 40 ? `${alert.message.slice(0, 40)}…` : alert.message;
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(alert)}>
        Edit
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" aria-label={`Clear ${name}`}>
            Clear
          </Button>
        }
        title={SCREEN_TEXT.clearTitle}
        description={
          <>
            {SCREEN_TEXT.clearDescription}
            <span className="mt-2 block font-medium break-words">{alert.message}</span>
          </>
        }
        confirmLabel={SCREEN_TEXT.clearConfirm}
        onConfirm={() => onClear(alert)}
      />
    </div>
  );
}

function columns(
  onEdit: (alert: TSystemAlert) => void,
  onClear: (alert: TSystemAlert) => Promise<unknown>,
): DataTableColumn<TSystemAlert>[] {
  const col = dataTableColumns<TSystemAlert>();
  return [
    col.accessor("level", {
      header: "Level",
      enableSorting: false,
      cell: (info) => (
        <Badge variant={LEVEL_VARIANT[info.row.original.level]}>
          {SYSTEM_ALERT_LEVEL_LABELS[info.row.original.level]}
        </Badge>
      ),
    }),
    col.accessor("message", {
      header: "Message",
      enableSorting: false,
      cell: (info) => (
        <span className="block max-w-md break-words whitespace-pre-wrap">{info.getValue()}</span>
      ),
    }),
    col.accessor("state", {
      header: "State",
      enableSorting: false,
      cell: (info) => (
        <Badge variant={STATE_VARIANT[info.row.original.state]}>
          {SYSTEM_ALERT_STATE_LABELS[info.row.original.state]}
        </Badge>
      ),
    }),
    col.accessor("starts_at", {
      header: "Starts",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
    }),
    col.accessor("ends_at", {
      header: "Ends",
      enableSorting: false,
      cell: (info) => {
        const value = info.getValue();
        return value ? (
          <span className="whitespace-nowrap">{formatWhen(value)}</span>
        ) : (
          <span className="text-muted-foreground">When cleared</span>
        );
      },
    }),
    col.accessor("created_by_name", { header: "Posted by", enableSorting: false }),
    col.display({
      id: "actions",
      header: "Actions",
      meta: { label: "Actions" },
      cell: (info) => <Actions alert={info.row.original} onEdit={onEdit} onClear={onClear} />,
    }),
  ];
}

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function SystemAlerts() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const list = useQuery(systemAlertListQuery(page));
  const [dialog, setDialog] = useState<{ open: boolean; alert: TSystemAlert | null }>({
    open: false,
    alert: null,
  });
  const openNew = () => setDialog({ open: true, alert: null });
  // A cleared row loses its buttons when the list is read again: focus goes to the page's action.
  const newButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  const clear = useMutation({
    mutationFn: (alert: TSystemAlert) => clearSystemAlert(alert.id),
    onSuccess: () => {
      toast.success(SCREEN_TEXT.cleared);
      refocus.current = true;
      void queryClient.invalidateQueries({ queryKey: systemAlertKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  useEffect(() => {
    if (!refocus.current || !list.data) return;
    refocus.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) newButton.current?.focus();
  }, [list.data]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SYSTEM_ALERTS_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={TITLE}
        description={SCREEN_TEXT.description}
        actions={
          <Button ref={newButton} onClick={openNew}>
            <Plus aria-hidden="true" />
            {DIALOG_TEXT.newTitle}
          </Button>
        }
      />
      {list.isError ? (
        <QueryError query={list} />
      ) : (
        <>
          <DataTable
            label={TITLE}
            columns={columns(
              (alert) => setDialog({ open: true, alert }),
              (alert) => clear.mutateAsync(alert),
            )}
            data={list.data?.items ?? []}
            getRowId={(row) => String(row.id)}
            loading={list.isPending}
            pageSize={SYSTEM_ALERTS_PAGE_SIZE}
            empty={
              <EmptyState
                icon={Megaphone}
                title={SCREEN_TEXT.emptyTitle}
                description={<p>{SCREEN_TEXT.emptyDescription}</p>}
                action={
                  <Button variant="secondary" onClick={openNew}>
                    {DIALOG_TEXT.newTitle}
                  </Button>
                }
              />
            }
          />
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true })}
          />
        </>
      )}
      <SystemAlertDialog
        open={dialog.open}
        alert={dialog.alert}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  );
}

export default function SystemAlertsScreen() {
  const { data: user } = useCurrentUser();
  if (user && !user.isEngineer) return <PlaceholderScreen title={TITLE} />;
  if (!user) return null;
  return <SystemAlerts />;
}
