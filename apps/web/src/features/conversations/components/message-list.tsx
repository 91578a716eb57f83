/**
 * The conversation's timeline (messages, and between them the events and, for engineers,
 * internal notes), virtualised (@tanstack/react-virtual): only the rows on screen
 * are in the DOM, so 10,000 messages scroll as smoothly as 10. Opens at the newest message, or
 * centred on `highlight` (deep links `?msgIndex=`); scrolling near the top loads older pages,
 * near the bottom newer ones; new messages keep the view at the bottom when it was there.
 */
import type { TIssueEvent, TNote } from "@portico/shared/schemas/issue-work";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import type { Thread } from "../thread";
import { isMessageRow, rowKey, rowMessageIndex, type TimelineRow, timelineRows } from "../timeline";
import { type MessageActions, MessageItem } from "./message-item";
import { NoteCard } from "./notes";
import { EventRow } from "./timeline-rows";

interface MessageListProps extends MessageActions {
  thread: Thread;
  /** Shown among the messages, each after its `after_message_index`. */
  events?: readonly TIssueEvent[];
  notes?: readonly TNote[];
  myUserId: number;
  isEngineer: boolean;
  /** Admins delete anyone's note. */
  isAdmin?: boolean;
  highlight: number | null;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onLoadNewer: () => void;
  /** The newest message index on screen (read as the user reads). */
  onSeen: (index: number) => void;
}

const NEAR_EDGE_PX = 200;
/** Within this of the bottom the view counts as at the newest message, and follows new ones. */
const AT_BOTTOM_PX = 40;
const estimateRowSize = () => 84;
const NONE: readonly never[] = [];

export function MessageList({
  thread,
  events = NONE,
  notes = NONE,
  myUserId,
  isEngineer,
  isAdmin = false,
  highlight,
  loadingOlder,
  onLoadOlder,
  onLoadNewer,
  onSeen,
  ...actions
}: MessageListProps) {
  const { messages } = thread;
  const rows = useMemo(
    () => timelineRows(messages, events as TIssueEvent[], notes as TNote[], thread.hasNewer),
    [messages, events, notes, thread.hasNewer],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const positioned = useRef(false);

  // Stable between renders: a new getItemKey makes the virtualizer rebuild every row's position,
  // which at 10,000 messages costs milliseconds on every scroll frame.
  const getItemKey = useCallback(
    (i: number) => {
      const row = rows[i];
      return row ? rowKey(row) : i;
    },
    [rows],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 8,
    getItemKey,
    // A chat list: older messages put on top keep the message on screen where it was, within the
    // same render (no frame drawn at the wrong place, no rows mounted there and thrown away);
    // a new message follows the bottom when the view was there.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: AT_BOTTOM_PX,
  });

  // First paint: jump to the highlighted message, or to the newest one.
  useLayoutEffect(() => {
    if (positioned.current || rows.length === 0) return;
    positioned.current = true;
    const target = highlight === null ? -1 : rows.findIndex((r) => isMessageRow(r) && r.index === highlight);
    if (target >= 0) {
      virtualizer.scrollToIndex(target, { align: "center" });
    } else {
      virtualizer.scrollToIndex(rows.length - 1, { align: "end" });
    }
  });

  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index;
  const lastRow = lastVisible === undefined ? undefined : rows[lastVisible];
  const newestSeen = lastRow ? rowMessageIndex(lastRow) || undefined : undefined;
  useEffect(() => {
    if (newestSeen !== undefined) onSeen(newestSeen);
  }, [newestSeen, onSeen]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const bottomGap = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < NEAR_EDGE_PX && thread.hasOlder && !loadingOlder) onLoadOlder();
    if (bottomGap < NEAR_EDGE_PX && thread.hasNewer) onLoadNewer();
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto rounded-lg border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {loadingOlder && (
        <div className="absolute inset-x-0 top-0 z-10 space-y-2 p-3">
          <Skeleton className="h-12 w-full" />
        </div>
      )}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index] as TimelineRow;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full px-1 py-0.5"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {isMessageRow(row) ? (
                <MessageItem
                  message={row}
                  mine={row.author.user_id === myUserId}
                  mayDelete={isEngineer}
                  highlighted={row.index === highlight}
                  {...actions}
                />
              ) : row.kind === "event" ? (
                <EventRow event={row.event} />
              ) : (
                <NoteCard
                  note={row.note}
                  mine={row.note.author.user_id === myUserId}
                  mayDelete={row.note.author.user_id === myUserId || isAdmin}
                  compact
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
