/**
 * History (GET accounts/:id/history): every action taken on the organization, newest first, in
 * words: what, by whom, to whom, the details, the address it came from and when (the viewer's
 * time zone).
 */
import { useQuery } from "@tanstack/react-query";
import ScrollText from "lucide-react/icons/scroll-text";
import { useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { formatWhen } from "../../files/format";
import { customerHistoryQuery, type TAuditEntry } from "../account-api";
import { auditActionLabel, auditDetailLines } from "./audit-text";
import { type Column, PagedTab } from "./tab-parts";

const none = <span className="text-muted-foreground">—</span>;

const COLUMNS: readonly Column<TAuditEntry>[] = [
  {
    header: "Time",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (entry) => <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time>,
  },
  { header: "Action", className: "min-w-40 font-medium", cell: (entry) => auditActionLabel(entry.action) },
  { header: "By", cell: (entry) => entry.actor_name ?? none },
  { header: "User", cell: (entry) => entry.target_name ?? none },
  {
    header: "Details",
    className: "min-w-56",
    cell: (entry) => {
      const lines = auditDetailLines(entry.details);
      if (lines.length === 0) return none;
      return (
        <ul className="space-y-0.5 break-words">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  },
  {
    header: "Address",
    className: "font-mono text-xs whitespace-nowrap",
    cell: (entry) => entry.ip ?? none,
  },
];

export function HistoryTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTab
      id="customer-history"
      title="History"
      query={useQuery(customerHistoryQuery(accountId, page))}
      page={page}
      onPage={setPage}
      columns={COLUMNS}
      rowKey={(entry) => entry.id}
      empty={
        <EmptyState
          icon={ScrollText}
          title="Nothing recorded yet"
          description={
            <p>
              Every action on this organization (its details, users, subscription, files, time logged) is
              recorded here with who did it, when and from where.
            </p>
          }
          action={
            <Link to="?tab=overview" className={buttonVariants({ variant: "secondary" })}>
              Back to the overview
            </Link>
          }
        />
      }
    />
  );
}
