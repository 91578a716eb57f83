/**
 * /alerts (spec §7.2 alerts by page, read-all, PUT alert/{id}): the viewer's alerts, newest first,
 * by pages; filtered by category and unread (in the URL, so a reload or a shared link keeps
 * them); each marked read or unread, or all read at once. Live: new alerts and reads elsewhere
 * refresh the page (AlertsLive in the shell).
 */
import { ALERT_CATEGORIES, type AlertCategory, type TAlert } from "@portico/shared/schemas/alerts";
import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import Bell from "lucide-react/icons/bell";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { InlineError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Label } from "../../components/ui/label";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { Select } from "../../components/ui/select";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { cn } from "../../lib/cn";
import { AlertDetail, AnnouncementIcon, isAnnouncement } from "./alert-detail";
import {
  type AlertListParams,
  alertCategoriesQuery,
  alertListQuery,
  alertSummaryQuery,
  alertsError,
  alertTypeName,
} from "./api";
import { alertWhen } from "./format";
import { MarkAllReadButton } from "./mark-all-read";
import { useSetAlertRead } from "./use-alert-actions";

export const ALERTS_PAGE_SIZE = 25;
const ALL = "all";

/** The URL's filters and page, read leniently: anything unknown is the default. */
function useAlertFilters() {
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get("category");
  const category = ALERT_CATEGORIES.find((c) => c === rawCategory) ?? null;
  const unread = params.get("unread") === "true";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const update = (next: Partial<{ category: AlertCategory | null; unread: boolean; page: number }>) =>
    setParams((current) => {
      const merged = { category, unread, page: 1, ...next };
      const out = new URLSearchParams(current);
      for (const name of ["category", "unread", "page"]) out.delete(name);
      if (merged.category) out.set("category", merged.category);
      if (merged.unread) out.set("unread", "true");
      if (merged.page > 1) out.set("page", String(merged.page));
      return out;
    });
  return { category, unread, page, update };
}

function AlertRow({ alert }: { alert: TAlert }) {
  const messageId = useId();
  const setRead = useSetAlertRead();
  const openQuietly = useSetAlertRead({ quiet: true });
  const unread = alert.read_at === null;
  const announcement = isAnnouncement(alert);
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-lg border bg-card px-4 py-3 sm:flex-row sm:items-center sm:gap-4",
        unread && "border-l-4 border-l-primary",
      )}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p
          id={messageId}
          className={cn(
            "text-sm break-words",
            announcement && "flex items-start gap-2",
            unread ? "font-medium" : "text-muted-foreground",
          )}
        >
          {announcement && <AnnouncementIcon className="mt-0.5" />}
          {alert.link ? (
            <Link
              to={alert.link}
              className="hover:underline"
              onClick={() => unread && openQuietly.mutate({ alert, read: true })}
            >
              {alert.message}
            </Link>
          ) : (
            alert.message
          )}
        </p>
        <AlertDetail alert={alert} />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {unread && <Badge variant="info">Unread</Badge>}
          <span>{alertTypeName(alert.type)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={alert.created_at}>{alertWhen(alert.created_at)}</time>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={messageId}
        busy={setRead.isPending}
        onClick={() => setRead.mutate({ alert, read: unread })}
      >
        {unread ? "Mark as read" : "Mark as unread"}
      </Button>
    </li>
  );
}

function ListSkeleton() {
  return (
    <LoadingRegion label="Loading your alerts" className="space-y-2">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={index} className="flex items-center gap-4 rounded-lg border bg-card px-4 py-3">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-8 w-28" />
        </div>
      ))}
    </LoadingRegion>
  );
}

export default function AlertsScreen() {
  const { category, unread, page, update } = useAlertFilters();
  const params: AlertListParams = { page, pageSize: ALERTS_PAGE_SIZE, unread, category };
  const list = useQuery(alertListQuery(params));
  const summary = useQuery(alertSummaryQuery);
  const categories = useQuery(alertCategoriesQuery);
  const unreadId = useId();
  const filtered = category !== null || unread;

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ALERTS_PAGE_SIZE));
  // Past the last page (alerts were read under the unread filter): go to the last one.
  const pastEnd = list.data !== undefined && list.data.items.length === 0 && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival past the end, not per render
  useEffect(() => {
    if (pastEnd) update({ page: pages });
  }, [pastEnd, pages]);

  const anyUnread = (summary.data?.unread ?? list.data?.unread ?? 0) > 0;
  const categoryOptions = [
    { value: ALL, label: "All categories" },
    ...(categories.data ?? ALERT_CATEGORIES.map((c) => ({ category: c, name: c }))).map((c) => ({
      value: c.category,
      label: c.name,
    })),
  ];

  return (
    <>
      <PageHeader
        title="Alerts"
        description="Replies, assignments, mentions, meetings and todos that concern you."
        actions={<MarkAllReadButton anyUnread={anyUnread} />}
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <Select
          aria-label="Category"
          className="w-48"
          options={categoryOptions}
          value={category ?? ALL}
          onValueChange={(value) => update({ category: value === ALL ? null : (value as AlertCategory) })}
        />
        <div className="flex items-center gap-2">
          <Switch id={unreadId} checked={unread} onCheckedChange={(on) => update({ unread: on })} />
          <Label htmlFor={unreadId}>Unread only</Label>
        </div>
        {list.data && (
          <span className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {total === 1 ? "1 alert" : `${total} alerts`}
          </span>
        )}
      </div>
      {list.isError ? (
        <InlineError
          message={alertsError(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !list.data || pastEnd ? (
        <ListSkeleton />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={filtered ? "No alerts match this filter" : "No alerts yet"}
          description={
            filtered ? (
              <p>Try another category, or show every alert.</p>
            ) : (
              <p>
                Replies on issues you follow, mentions, meetings and todos due show up here. Choose which ones
                in your profile.
              </p>
            )
          }
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => update({ category: null, unread: false })}>
                Show all alerts
              </Button>
            ) : (
              <Link to="/profile" className={buttonVariants({ variant: "secondary" })}>
                Choose your alerts
                <ArrowRight aria-hidden="true" />
              </Link>
            )
          }
        />
      ) : (
        <>
          <ul aria-label="Alerts" className="space-y-2">
            {list.data.items.map((alert) => (
              <AlertRow key={alert.alert_id} alert={alert} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={(next) => update({ page: next })} />
        </>
      )}
    </>
  );
}
