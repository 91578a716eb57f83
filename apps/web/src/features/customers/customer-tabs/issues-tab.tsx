/**
 * Issues (GET /api/chat/issue?aid=): the organization's support issues in the queue's order
 * (most urgent first), each linking to its page with its SLA clock while a first response is
 * awaited; engineers open a new one for the organization.
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import type { TConversationListItem } from "@portico/shared/schemas/conversations";
import { useQuery } from "@tanstack/react-query";
import MessagesSquare from "lucide-react/icons/messages-square";
import { useState } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../../../components/ui/badge";
import { EmptyState } from "../../../components/ui/empty-state";
import { issueListQuery } from "../../conversations/api";
import { NewIssueDialog } from "../../conversations/components/new-issue-dialog";
import { SlaClock } from "../../conversations/sla-clock";
import { formatWhen } from "../../files/format";
import { type Column, PagedTab } from "./tab-parts";

const COLUMNS: readonly Column<TConversationListItem>[] = [
  {
    header: "Issue",
    className: "min-w-56",
    cell: ({ issue }) => (
      <Link to={`/issues/${issue.issue_number}`} className="text-link underline-offset-4 hover:underline">
        <span className="tabular-nums">#{issue.issue_number}</span> {issue.title}
      </Link>
    ),
  },
  {
    header: "Status",
    className: "whitespace-nowrap",
    cell: (item) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={item.issueStatus} panic={item.issue.issue_type === "panic"} />
        <SlaClock issue={item.issue} status={item.issueStatus} audience="engineer" place="list" />
      </span>
    ),
  },
  {
    header: "Updated",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (item) => <time dateTime={item.lastUpdatedAt}>{formatWhen(item.lastUpdatedAt)}</time>,
  },
  {
    header: "Opened",
    className: "whitespace-nowrap text-muted-foreground",
    cell: ({ issue }) => <time dateTime={issue.created_at}>{formatWhen(issue.created_at)}</time>,
  },
];

export function IssuesTab({ accountId, user }: { accountId: number; user: TUserInfo }) {
  const [page, setPage] = useState(1);
  const issues = useQuery(issueListQuery(accountId, { page, filter: "all", sort: "DESC" }));
  const newIssue = (
    <NewIssueDialog
      user={user}
      label="Open an issue for them"
      variant="secondary"
      prefill={() => ({ title: "", message: "", accountId })}
    />
  );
  return (
    <PagedTab
      id="customer-issues"
      title="Issues"
      query={issues}
      page={page}
      onPage={setPage}
      more={issues.data?.total_capped ?? false}
      columns={COLUMNS}
      rowKey={(item) => item.issue.issue_number}
      actions={newIssue}
      empty={
        <EmptyState
          icon={MessagesSquare}
          title="No issues yet"
          description={<p>This organization has not opened a support issue. You can open one for them.</p>}
          action={newIssue}
        />
      }
    />
  );
}
