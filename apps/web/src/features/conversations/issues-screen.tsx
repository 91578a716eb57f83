/**
 * /issues (spec §2.2): engineers' live queue of every customer's issues, customers' issues of
 * their organization. Assignment filter and sort (§9) are remembered in the browser; the list
 * follows `issue` frames live (moved with the shared moveAfterAnswer) and refetches on reconnect.
 */
import { ALERTS, alertMessage } from "@portico/shared/errors";
import { isPanicIssue } from "@portico/shared/rules/issue-order";
import { ASSIGNMENT_FILTERS, type AssignmentFilter } from "@portico/shared/rules/roles";
import type { TConversationListItem } from "@portico/shared/schemas/conversations";
import { useQuery } from "@tanstack/react-query";
import MessagesSquare from "lucide-react/icons/messages-square";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge, StatusBadge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Select } from "../../components/ui/select";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { panicRowClass, WeekendBadge } from "../panic/issue-flags";
import { PanicAlertSettings } from "../panic/panic-alerts";
import { ISSUES_PAGE_SIZE, issueListQuery, type SortOrder } from "./api";
import { ConnectionBanner } from "./components/connection-banner";
import { IssueTabs } from "./components/issue-tabs";
import { NewIssueDialog } from "./components/new-issue-dialog";
import { EngineerPresence } from "./components/presence-dot";
import { fullWhen, plainPreview, shortWhen } from "./format";
import { useLiveIssueList } from "./live";
import { useLivePresence } from "./presence";

const FILTER_LABELS: Record<AssignmentFilter, string> = {
  all: "All issues",
  unassigned: "Unassigned",
  assigned: "Assigned (later release)",
  assignee: "Assigned to me (later release)",
  following: "Following (later release)",
  participating: "Participating",
  unread: "Unread",
  on_call: "On call",
};
/**
 * Filters about assignees and followers, which arrive in a later release (issue 10): until then
 * no issue has either, so "Unassigned" is every issue and the others are empty. Said on screen.
 */
const AWAITING_ASSIGNEES: readonly AssignmentFilter[] = ["unassigned", "assigned", "assignee", "following"];
const AWAITING_ASSIGNEES_NOTE =
  "Assigning engineers and following issues arrive in a later release: until then every issue is unassigned and none is followed.";
/** Customers have no assignees or on-call duty: the filters about their own reading only. */
const CUSTOMER_FILTERS: readonly AssignmentFilter[] = ["all", "participating", "unread"];

const SORT_OPTIONS = [
  { value: "DESC", label: "Newest first" },
  { value: "ASC", label: "Oldest first" },
];

function isFilter(value: string | null): value is AssignmentFilter {
  return ASSIGNMENT_FILTERS.includes(value as AssignmentFilter);
}

function IssueRow({ item, showCompany }: { item: TConversationListItem; showCompany: boolean }) {
  const { issue, lastMessage } = item;
  const unread = item.unreadMessageCount;
  return (
    <li>
      <Link
        to={`/issues/${issue.issue_number}`}
        className={`flex flex-col gap-1.5 rounded-lg border bg-card px-4 py-3 hover:border-ring hover:bg-muted/40 sm:flex-row sm:items-center sm:gap-4 ${panicRowClass(item)}`}
      >
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">#{issue.issue_number}</span>
            <span className={unread > 0 ? "font-semibold text-foreground" : "font-medium text-foreground"}>
              {issue.title}
            </span>
          </div>
          <p className="truncate text-sm text-muted-foreground">
            {showCompany && <span className="font-medium text-foreground">{issue.company} · </span>}
            {lastMessage ? (
              <>
                {lastMessage.author.name}
                {lastMessage.author.type === "engineer" && (
                  <EngineerPresence userId={lastMessage.author.user_id} className="ml-1.5" />
                )}
                : {lastMessage.deleted ? "Deleted" : plainPreview(lastMessage.preview)}
              </>
            ) : (
              "No messages yet"
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {unread > 0 && <Badge variant="info">{unread} unread</Badge>}
          <WeekendBadge item={item} />
          <StatusBadge status={item.issueStatus} panic={isPanicIssue(item)} />
          <time
            dateTime={item.lastUpdatedAt}
            title={fullWhen(item.lastUpdatedAt)}
            className="w-20 text-right text-xs text-muted-foreground"
          >
            {shortWhen(item.lastUpdatedAt)}
          </time>
        </div>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <LoadingRegion label="Loading issues" className="space-y-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </LoadingRegion>
  );
}

export default function IssuesScreen() {
  const { data: user } = useCurrentUser();
  const [aid] = usePersisted("selectedAccountId");
  const [storedSort, setSort] = usePersisted("issuesSort");
  const [storedFilter, setFilter] = usePersisted("issuesFilter");
  const [page, setPage] = useState(1);
  const isEngineer = user?.isEngineer ?? false;
  const filters = isEngineer ? ASSIGNMENT_FILTERS : CUSTOMER_FILTERS;
  const filter: AssignmentFilter =
    isFilter(storedFilter) && filters.includes(storedFilter) ? storedFilter : "all";
  const sort: SortOrder = storedSort === "ASC" ? "ASC" : "DESC";
  const list = useQuery({ ...issueListQuery(aid, { page, filter, sort }), enabled: user !== undefined });

  useLiveIssueList();
  useLivePresence();

  const total = list.data?.total ?? 0;
  // Past 10,000 the server stops counting: "10000+ issues", and the pager goes on past the count.
  const capped = list.data?.total_capped ?? false;
  const pages = Math.max(1, Math.ceil(total / ISSUES_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="Issues"
        description={
          isEngineer ? "Every customer's issues, most urgent first." : "Your organization's support issues."
        }
        actions={
          user && (
            <>
              {isEngineer && <PanicAlertSettings />}
              <NewIssueDialog user={user} />
            </>
          )
        }
      />
      <ConnectionBanner />
      <IssueTabs />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Select
          aria-label="Assignment filter"
          className="w-48"
          options={filters.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          value={filter}
          onValueChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        <Select
          aria-label="Sort"
          className="w-40"
          options={SORT_OPTIONS}
          value={sort}
          onValueChange={(v) => {
            setSort(v);
            setPage(1);
          }}
        />
        {list.data && (
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? "1 issue" : `${total}${capped ? "+" : ""} issues`}
          </span>
        )}
      </div>
      {AWAITING_ASSIGNEES.includes(filter) && (
        <p role="note" className="mb-4 text-sm text-muted-foreground">
          {AWAITING_ASSIGNEES_NOTE}
        </p>
      )}
      {list.isError ? (
        <QueryError query={list} message={alertMessage(ALERTS.FETCH_ISSUES, list.error.error)} />
      ) : !list.data ? (
        <ListSkeleton />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={filter === "all" ? "No issues yet" : "No issues match this filter"}
          description={
            filter === "all" ? (
              <p>When something is wrong, open an issue: an engineer answers here, live.</p>
            ) : (
              <p>Try another filter, or show all issues.</p>
            )
          }
          action={
            filter === "all" ? (
              user && <NewIssueDialog user={user} label="Open your first issue" />
            ) : (
              <Button variant="secondary" onClick={() => setFilter("all")}>
                Show all issues
              </Button>
            )
          }
        />
      ) : (
        <>
          <ul aria-label="Issues" className="space-y-2">
            {list.data.items.map((item) => (
              <IssueRow key={item.channelId} item={item} showCompany={isEngineer} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2 text-sm">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-muted-foreground">
                Page {page} of {pages}
                {capped ? "+" : ""}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages && !capped}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
