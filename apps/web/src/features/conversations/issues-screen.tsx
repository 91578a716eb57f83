/**
 * /issues (spec §2.2): engineers' live queue of every customer's issues, customers' issues of
 * their organization. Filters and sort (§9) live in the URL (queue-filters); engineers' rows show
 * the issue's tags and assignees from `item.work`, and their toolbar opens the tag and category
 * catalogues. The list follows `issue` frames live (moved with the shared moveAfterAnswer) and
 * refetches on reconnect.
 */
import { ALERTS, alertMessage } from "@portico/shared/errors";
import { isPanicIssue } from "@portico/shared/rules/issue-order";
import type { TConversationListItem } from "@portico/shared/schemas/conversations";
import { useQuery } from "@tanstack/react-query";
import MessagesSquare from "lucide-react/icons/messages-square";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Avatar } from "../../components/ui/avatar";
import { Badge, StatusBadge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { panicRowClass, WeekendBadge } from "../panic/issue-flags";
import { PanicAlertSettings } from "../panic/panic-alerts";
import { isRestricted } from "../subscription/restriction";
import { ISSUES_PAGE_SIZE, issueListQuery } from "./api";
import { CategoryCatalogueDialog } from "./components/category-catalogue-dialog";
import { ConnectionBanner } from "./components/connection-banner";
import { IssueTabs } from "./components/issue-tabs";
import { NewIssueDialog } from "./components/new-issue-dialog";
import { EngineerPresence } from "./components/presence-dot";
import { QueueFilters, useQueueState } from "./components/queue-filters";
import { TagCatalogueDialog } from "./components/tag-catalogue-dialog";
import { TagChip } from "./components/tag-chip";
import { fullWhen, plainPreview, shortWhen } from "./format";
import { useLiveIssueList } from "./live";
import { engineersQuery, useLivePresence } from "./presence";
import { type SlaAudience, SlaClock } from "./sla-clock";

/** "Assigned to Ada Lovelace and Grace Hopper": the avatars' one name for screen readers. */
function assignedLabel(names: string[]): string {
  const list = names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Assigned to ${list}`;
}

/** An engineer's row: the issue's assignees as avatars (initials), named once for screen readers. */
function Assignees({ ids, names }: { ids: readonly number[]; names: ReadonlyMap<number, string> }) {
  if (ids.length === 0) return null;
  const named = ids.map((id) => names.get(id) ?? "An engineer");
  const shown = ids.slice(0, 3);
  return (
    <span role="img" aria-label={assignedLabel(named)} className="flex items-center -space-x-1.5">
      {shown.map((id, i) => (
        <span key={id} title={named[i]}>
          <Avatar name={named[i] ?? "?"} size="sm" className="ring-2 ring-card" />
        </span>
      ))}
      {ids.length > shown.length && (
        <span className="pl-2.5 text-xs text-muted-foreground">+{ids.length - shown.length}</span>
      )}
    </span>
  );
}

interface IssueRowProps {
  item: TConversationListItem;
  showCompany: boolean;
  /** Whose wording the SLA clock uses. */
  audience: SlaAudience;
  /** Engineers' names by user id (assignees). */
  names: ReadonlyMap<number, string>;
}

function IssueRow({ item, showCompany, audience, names }: IssueRowProps) {
  const { issue, lastMessage, work } = item;
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
            {work?.tags.map((tag) => (
              <TagChip key={tag.id} tag={tag} />
            ))}
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
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {work && <Assignees ids={work.assignee_ids} names={names} />}
          {unread > 0 && <Badge variant="info">{unread} unread</Badge>}
          <SlaClock issue={issue} status={item.issueStatus} audience={audience} place="list" />
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
  const isEngineer = user?.isEngineer ?? false;
  const controls = useQueueState(isEngineer);
  const { state } = controls;
  const { filter, sort, order, page } = state;
  const selfId = user?.userId ?? null;
  const list = useQuery({
    ...issueListQuery(aid, {
      page,
      filter,
      sort,
      order,
      // "Me" is the viewer's own id, so a pushed row can be matched against the list.
      assignee: filter === "assignee" ? (state.assignee ?? selfId ?? undefined) : undefined,
      tag: state.tag ?? undefined,
    }),
    enabled: user !== undefined,
  });
  const engineers = useQuery({ ...engineersQuery(), enabled: isEngineer });
  const names = new Map((engineers.data ?? []).map((e) => [e.user_id, e.name]));
  const filtered = filter !== "all" || state.tag !== null;

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
        <QueueFilters controls={controls} isEngineer={isEngineer} selfId={selfId} />
        {list.data && (
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? "1 issue" : `${total}${capped ? "+" : ""} issues`}
          </span>
        )}
        {isEngineer && (
          <div className="flex gap-2 sm:ml-auto">
            <TagCatalogueDialog />
            <CategoryCatalogueDialog />
          </div>
        )}
      </div>
      {list.isError ? (
        <QueryError query={list} message={alertMessage(ALERTS.FETCH_ISSUES, list.error.error)} />
      ) : !list.data ? (
        <ListSkeleton />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={filtered ? "No issues match this filter" : "No issues yet"}
          description={
            !filtered ? (
              <p>When something is wrong, open an issue: an engineer answers here, live.</p>
            ) : (
              <p>Try another filter, or show all issues.</p>
            )
          }
          action={
            !filtered ? (
              // Restricted: the header's New issue already says why; one reason is enough.
              user && !isRestricted(user) && <NewIssueDialog user={user} label="Open your first issue" />
            ) : (
              <Button variant="secondary" onClick={controls.reset}>
                Show all issues
              </Button>
            )
          }
        />
      ) : (
        <>
          <ul aria-label="Issues" className="space-y-2">
            {list.data.items.map((item) => (
              <IssueRow
                key={item.channelId}
                item={item}
                showCompany={isEngineer}
                audience={isEngineer ? "engineer" : "customer"}
                names={names}
              />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={controls.setPage} more={capped} />
        </>
      )}
    </>
  );
}
