/**
 * The cluster page's paged logs: Check history (each check's passed ⇄ failed changes, newest
 * first) and Reports (the call-home log: pending, analysed or failed, with the failure's reason).
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { ReportState } from "@portico/shared/schemas/clusters";
import { useQuery } from "@tanstack/react-query";
import History from "lucide-react/icons/history";
import Inbox from "lucide-react/icons/inbox";
import { type ReactNode, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Badge, type BadgeProps } from "../../components/ui/badge";
import { EmptyState } from "../../components/ui/empty-state";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { fullWhen } from "../conversations/format";
import { clusterHistoryQuery, clusterReportsQuery } from "./api";
import { CheckBadge } from "./cluster-parts";

function TableSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <Skeleton key={i} className="h-10" />
      ))}
    </LoadingRegion>
  );
}

/** A plain table that scrolls sideways on a phone rather than squeezing its columns. */
function LogTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

const cell = "px-4 py-2.5 align-top";

export function CheckHistory({ accountId, clusterId }: { accountId: number; clusterId: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery(clusterHistoryQuery(accountId, clusterId, page));
  if (history.isPending) return <TableSkeleton label="Loading the check history" />;
  if (history.isError) return <QueryError query={history} />;
  const { items, has_more } = history.data;
  if (items.length === 0 && page === 1) {
    return (
      <EmptyState
        icon={History}
        title="No check has changed yet"
        description="Each time a check starts or stops failing, it is listed here."
      />
    );
  }
  return (
    <div>
      <LogTable caption="Check history" head={["Report", "Check", "Result", "Message"]}>
        {items.map((row) => (
          <tr key={`${row.report_id}-${row.check.id}`}>
            <td className={`${cell} whitespace-nowrap`}>{fullWhen(row.generated_at)}</td>
            <td className={`${cell} font-medium`}>{row.check.title}</td>
            <td className={cell}>
              <CheckBadge check={row.check} />
            </td>
            <td className={`${cell} text-muted-foreground`}>{row.check.message}</td>
          </tr>
        ))}
      </LogTable>
      <Pager page={page} pages={page} more={has_more} onPage={setPage} />
    </div>
  );
}

const REPORT_STATE: Record<ReportState, { label: string; variant: NonNullable<BadgeProps["variant"]> }> = {
  pending: { label: "Pending", variant: "info" },
  analysed: { label: "Analysed", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
};

export function ReportLog({ accountId, clusterId }: { accountId: number; clusterId: string }) {
  const [page, setPage] = useState(1);
  const reports = useQuery(clusterReportsQuery(accountId, clusterId, page));
  if (reports.isPending) return <TableSkeleton label="Loading the reports" />;
  if (reports.isError) return <QueryError query={reports} />;
  const { items, has_more } = reports.data;
  if (items.length === 0 && page === 1) {
    return (
      <EmptyState
        icon={Inbox}
        title="No report received yet"
        description="Every report the cluster sends is listed here, with the reason when one could not be read."
      />
    );
  }
  return (
    <div>
      <LogTable
        caption="Reports received"
        head={["Received", "Generated", "Status", "Failed checks", "Size"]}
      >
        {items.map((row) => {
          const state = REPORT_STATE[row.status];
          return (
            <tr key={row.report_id} data-testid="report">
              <td className={`${cell} whitespace-nowrap`}>{fullWhen(row.received_at)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {row.generated_at ? fullWhen(row.generated_at) : "—"}
              </td>
              <td className={cell}>
                <Badge variant={state.variant}>{state.label}</Badge>
                {row.error && <p className="mt-1 max-w-md text-xs break-words text-danger">{row.error}</p>}
              </td>
              <td className={`${cell} tabular-nums`}>{row.failed_checks ?? "—"}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatBytes(row.size)}</td>
            </tr>
          );
        })}
      </LogTable>
      <Pager page={page} pages={page} more={has_more} onPage={setPage} />
    </div>
  );
}
