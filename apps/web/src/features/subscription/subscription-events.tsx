/**
 * The subscription's events (GET events, paged by the server): every change made here and every
 * provider event, newest first. Engineers also see the provider's event id, to find it in the
 * provider's dashboard; an engineer's change for the customer is marked "On behalf".
 */
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { formatWhen } from "../files/format";
import { EVENTS_PAGE_SIZE, subscriptionEventsQuery, type TSubscriptionEvent } from "./api";
import { PROVIDER_LABELS } from "./subscription-parts";

function sourceLabel(source: TSubscriptionEvent["source"]): string {
  return source === "PORTICO" ? "Portico" : PROVIDER_LABELS[source];
}

const cellClass = "px-3 py-2.5 align-top";

function EventRow({ event, isEngineer }: { event: TSubscriptionEvent; isEngineer: boolean }) {
  return (
    <tr className="border-b last:border-b-0">
      <td className={`${cellClass} whitespace-nowrap text-muted-foreground`}>
        <time dateTime={event.occurred_at}>{formatWhen(event.occurred_at)}</time>
      </td>
      <td className={`${cellClass} font-mono text-xs whitespace-nowrap`}>{event.type}</td>
      <td className={`${cellClass} min-w-56`}>{event.summary}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {sourceLabel(event.source)}
        {event.test_mode && event.source !== "PORTICO" && (
          <Badge variant="warning" className="ml-1.5">
            Test
          </Badge>
        )}
      </td>
      <td className={cellClass}>
        <span className="flex flex-wrap items-center gap-1.5">
          {event.actor ?? <span className="text-muted-foreground">—</span>}
          {event.on_behalf && <Badge variant="info">On behalf</Badge>}
        </span>
      </td>
      {isEngineer && (
        <td className={`${cellClass} font-mono text-xs break-all`}>{event.provider_event_id ?? "—"}</td>
      )}
    </tr>
  );
}

export function SubscriptionEvents({
  accountId,
  isEngineer,
  empty,
}: {
  accountId: number;
  isEngineer: boolean;
  /** Replaces the "No events yet." line (the customer page names its next step). */
  empty?: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const events = useQuery(subscriptionEventsQuery(accountId, page));
  let body: ReactNode;
  if (events.isError) body = <QueryError query={events} />;
  else if (events.isPending)
    body = (
      <LoadingRegion label="Loading the events" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  else if (events.data.items.length === 0)
    body = empty ?? (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No events yet.
      </p>
    );
  else {
    const pages = Math.max(
      1,
      Math.ceil(events.data.total / Math.max(1, events.data.page_size || EVENTS_PAGE_SIZE)),
    );
    body = (
      <>
        <section
          aria-label="Subscription events table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: at a phone's width the table scrolls sideways, and nothing in it takes focus
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Subscription events</caption>
            <thead className="border-b text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Time
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Event
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Summary
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Source
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  By
                </th>
                {isEngineer && (
                  <th scope="col" className="px-3 py-2 font-medium">
                    Provider event id
                  </th>
                )}
              </tr>
            </thead>
            <tbody aria-busy={events.isPlaceholderData || undefined}>
              {events.data.items.map((event) => (
                <EventRow key={event.id} event={event} isEngineer={isEngineer} />
              ))}
            </tbody>
          </table>
        </section>
        <Pager page={page} pages={pages} onPage={setPage} />
      </>
    );
  }
  return (
    <section aria-labelledby="subscription-events" className="space-y-3">
      <h2 id="subscription-events" className="text-lg font-semibold text-foreground">
        Events
      </h2>
      {body}
    </section>
  );
}
