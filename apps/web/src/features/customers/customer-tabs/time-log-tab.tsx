/**
 * Time log (GET accounts/:id/time-logs): the time engineers spent on this organization, newest
 * work day first, and the total. Logging time is an account action (the Actions menu).
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Clock from "lucide-react/icons/clock";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { IconButton } from "../../../components/ui/icon-button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatDay } from "../../subscription/subscription-parts";
import { LogTimeDialog } from "../account-actions";
import {
  customerApi,
  customerKeys,
  customerTimeLogsQuery,
  type TCustomerDetail,
  type TTimeLogList,
} from "../account-api";
import { type Column, PagedTab } from "./tab-parts";

type TTimeLog = TTimeLogList["items"][number];

/** 95 → "1 h 35 min"; 30 → "30 min"; 120 → "2 h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Total: 2 h 5 min in 2 entries": every entry the list matches, not only this page. */
export function TimeLogTotal({ logs }: { logs: Pick<TTimeLogList, "total" | "total_minutes"> }) {
  return (
    <p className="text-sm text-muted-foreground">
      Total: <strong className="text-foreground">{formatMinutes(logs.total_minutes)}</strong> in {logs.total}{" "}
      {logs.total === 1 ? "entry" : "entries"}
    </p>
  );
}

/** Deletes an entry (the server lets its engineer or an admin); throws so the confirmation stays open on failure. */
function DeleteTimeLog({ log }: { log: TTimeLog }) {
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await customerApi.deleteTimeLog(log.account_id, log.id);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success("The time log entry was deleted.");
    await queryClient.invalidateQueries({ queryKey: customerKeys.account(log.account_id) });
  };
  return (
    <ConfirmDialog
      trigger={
        <IconButton
          label={`Delete the entry of ${formatDay(`${log.work_date}T12:00:00`)}`}
          icon={Trash2}
          size="icon-sm"
        />
      }
      title="Delete this time log entry?"
      description={`${formatMinutes(log.minutes)} logged by ${log.user_name ?? "a former engineer"}. This cannot be undone.`}
      confirmLabel="Delete entry"
      onConfirm={remove}
    />
  );
}

/** Also the time log screen's columns (with the organization in place of the engineer). */
export const TIME_LOG_COLUMNS: readonly Column<TTimeLog>[] = [
  {
    header: "Day",
    className: "whitespace-nowrap",
    // work_date is a calendar day (yyyy-mm-dd): shown as that day wherever the viewer is.
    cell: (log) => <time dateTime={log.work_date}>{formatDay(`${log.work_date}T12:00:00`)}</time>,
  },
  { header: "Engineer", cell: (log) => log.user_name ?? <span className="text-muted-foreground">—</span> },
  { header: "Time", className: "whitespace-nowrap tabular-nums", cell: (log) => formatMinutes(log.minutes) },
  {
    header: "Issue",
    className: "whitespace-nowrap",
    cell: (log) =>
      log.issue_number === null ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <Link to={`/issues/${log.issue_number}`} className="text-link underline-offset-4 hover:underline">
          #{log.issue_number}
        </Link>
      ),
  },
  { header: "Note", className: "min-w-56 break-words whitespace-pre-line", cell: (log) => log.note },
];

/** The table's columns for this viewer: a delete button on the entries they may delete (their own; admins any). */
function columnsFor(user: TUserInfo): readonly Column<TTimeLog>[] {
  const admin = user.roles.includes("admin");
  return [
    ...TIME_LOG_COLUMNS,
    {
      header: "Actions",
      className: "w-12",
      cell: (log) => (admin || log.user_id === user.userId ? <DeleteTimeLog log={log} /> : null),
    },
  ];
}

/** "Log time" (the account actions' dialog), for engineers who may log time here. */
function LogTimeButton({ account }: { account: TCustomerDetail }) {
  const [open, setOpen] = useState(false);
  if (!account.console.logTime) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Log time
      </Button>
      <LogTimeDialog account={account} open={open} onOpenChange={setOpen} />
    </>
  );
}

export function TimeLogTab({ account, user }: { account: TCustomerDetail; user: TUserInfo }) {
  const accountId = account.account_id;
  const [page, setPage] = useState(1);
  return (
    <PagedTab
      id="customer-time-log"
      title="Time log"
      query={useQuery(customerTimeLogsQuery(accountId, page))}
      page={page}
      onPage={setPage}
      columns={columnsFor(user)}
      rowKey={(log) => log.id}
      actions={<LogTimeButton account={account} />}
      summary={(logs) => <TimeLogTotal logs={logs} />}
      empty={
        <EmptyState
          icon={Clock}
          title="No time logged yet"
          description={<p>Log the time you spend on this organization: the day, how long, and on what.</p>}
          action={<LogTimeButton account={account} />}
        />
      }
    />
  );
}
