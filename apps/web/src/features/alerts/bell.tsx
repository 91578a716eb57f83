/**
 * The shell's bell: the viewer's unread alerts (GET /api/chat/alerts/summary, kept live by
 * AlertsLive), a popover with the newest ones (opening one marks it read), "Mark all as read" and
 * "See all". Screen readers hear the count politely once it settles, not on every frame.
 */
import type { TAlert } from "@portico/shared/schemas/alerts";
import { useQuery } from "@tanstack/react-query";
import Bell from "lucide-react/icons/bell";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { InlineError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { AlertDetail, AnnouncementIcon, isAnnouncement } from "./alert-detail";
import { alertListQuery, alertSummaryQuery, alertsError } from "./api";
import { alertWhen, unreadText } from "./format";
import { MarkAllReadButton } from "./mark-all-read";
import { useSetAlertRead } from "./use-alert-actions";

// Its own chunk with the chat client, like the mention toasts: the shell stays small.
const AlertsLive = lazy(() => import("./alerts-live"));

export const BELL_SIZE = 6;
/** How long the count must hold before it is read out. */
export const ANNOUNCE_AFTER_MS = 2_000;

/**
 * The text of the polite live region: the count once it has held for `delay`, and only when it
 * differs from what was last said (the first count is the button's name, not news).
 */
export function useSettledAnnouncement(count: number | undefined, delay = ANNOUNCE_AFTER_MS): string {
  const [text, setText] = useState("");
  const said = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (said.current === undefined) {
      said.current = count;
      return;
    }
    if (count === said.current) return;
    const timer = setTimeout(() => {
      said.current = count;
      setText(unreadText(count));
    }, delay);
    return () => clearTimeout(timer);
  }, [count, delay]);
  return text;
}

function countBadge(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

function AlertLinkRow({ alert, onOpen }: { alert: TAlert; onOpen: (alert: TAlert) => void }) {
  const unread = alert.read_at === null;
  return (
    <li>
      <Link
        to={alert.link ?? "/alerts"}
        onClick={() => onOpen(alert)}
        className="flex gap-2.5 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:bg-muted"
      >
        <span
          aria-hidden="true"
          className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-1.5">
            {isAnnouncement(alert) && <AnnouncementIcon className="mt-0.5 size-3.5" />}
            <span className={cn("line-clamp-2 min-w-0", unread ? "font-medium" : "text-muted-foreground")}>
              {alert.message}
            </span>
          </span>
          <AlertDetail alert={alert} compact />
          <span className="block text-xs text-muted-foreground">
            {unread && <span className="sr-only">Unread, </span>}
            {alertWhen(alert.created_at)}
          </span>
        </span>
      </Link>
    </li>
  );
}

function NewestAlerts({ onOpen }: { onOpen: (alert: TAlert) => void }) {
  const newest = useQuery(alertListQuery({ page: 1, pageSize: BELL_SIZE, unread: false, category: null }));
  if (newest.isError) {
    return (
      <InlineError
        message={alertsError(newest.error)}
        onRetry={() => void newest.refetch()}
        retrying={newest.isFetching}
      />
    );
  }
  if (!newest.data) {
    return (
      <LoadingRegion label="Loading your alerts" className="space-y-3 p-2">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
          <div key={index} className="space-y-1.5">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
        ))}
      </LoadingRegion>
    );
  }
  if (newest.data.items.length === 0) {
    return (
      <p className="px-2 py-6 text-center text-sm text-muted-foreground">
        No alerts yet. Replies, mentions and meetings that concern you show up here.
      </p>
    );
  }
  return (
    <ul aria-label="Newest alerts" className="max-h-96 space-y-0.5 overflow-y-auto">
      {newest.data.items.map((alert) => (
        <AlertLinkRow key={alert.alert_id} alert={alert} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** The bell of the top bar; renders nothing until the user is known. */
export function AlertsBell({ userId }: { userId: number | undefined }) {
  const [open, setOpen] = useState(false);
  const summary = useQuery({ ...alertSummaryQuery, enabled: userId !== undefined });
  const unread = summary.data?.unread;
  const announcement = useSettledAnnouncement(unread);
  const markRead = useSetAlertRead({ quiet: true });
  if (userId === undefined) return null;

  const openAlert = (alert: TAlert) => {
    setOpen(false);
    if (alert.read_at === null) markRead.mutate({ alert, read: true });
  };
  const label = unread ? `Alerts, ${unread} unread` : "Alerts";

  return (
    <>
      <Suspense fallback={null}>
        <AlertsLive userId={userId} />
      </Suspense>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={label} className="relative">
            <Bell aria-hidden="true" />
            {unread ? (
              <span
                aria-hidden="true"
                className="absolute top-1 right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[0.6875rem] leading-4 font-semibold text-destructive-foreground"
              >
                {countBadge(unread)}
              </span>
            ) : null}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1.5rem))] p-2" aria-label="Alerts">
          <div className="flex items-center justify-between gap-2 px-2 pt-1 pb-2">
            <h2 className="text-sm font-semibold">Alerts</h2>
            <MarkAllReadButton anyUnread={Boolean(unread)} variant="ghost" size="sm" />
          </div>
          <NewestAlerts onOpen={openAlert} />
          <div className="mt-1 border-t px-2 pt-2">
            <Link
              to="/alerts"
              onClick={() => setOpen(false)}
              className="block rounded-md px-2 py-1.5 text-center text-sm font-medium text-link hover:bg-muted"
            >
              See all
            </Link>
          </div>
        </PopoverContent>
      </Popover>
    </>
  );
}
