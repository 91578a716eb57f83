/**
 * The rows of the timeline between messages: an event as one muted line ("Erin Engineer tagged
 * ‘network’ · 14:02"), a note as an amber card (engineers only ever receive notes).
 */
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import Activity from "lucide-react/icons/activity";
import { memo } from "react";
import { cn } from "../../../lib/cn";
import { eventSentence } from "../event-text";
import { fullWhen, shortWhen } from "../format";

/** One event, compact: who did what, when. */
export const EventRow = memo(function EventRow({
  event,
  className,
}: {
  event: TIssueEvent;
  className?: string;
}) {
  return (
    <p
      data-testid="timeline-event"
      className={cn("flex items-start gap-2 px-3 py-1 text-xs text-muted-foreground", className)}
    >
      <Activity aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="min-w-0">
        {eventSentence(event)}
        {event.audience === "engineers" && <span className="sr-only"> (engineers only)</span>}
        {" · "}
        <time dateTime={event.created_at} title={fullWhen(event.created_at)}>
          {shortWhen(event.created_at)}
        </time>
      </span>
    </p>
  );
});
