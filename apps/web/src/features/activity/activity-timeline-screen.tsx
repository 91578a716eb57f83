/**
 * /activity/v2 (spec §7.2 users activity v2; engineers): the same question as /activity, day by
 * day (GET /api/chat/users/activity/v2): a chart of messages, first responses and answers per
 * day with the weekend shaded (recharts, loaded only here), and the day list, which is also the
 * chart's text version, each day's engineers behind a disclosure.
 */
import type { TActivityDay, TActivityTimeline } from "@portico/shared/schemas/reports";
import ChevronDown from "lucide-react/icons/chevron-down";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Fragment, lazy, Suspense, useId, useState } from "react";
import { useLocation } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { CheckboxField } from "../../components/ui/checkbox";
import { Skeleton } from "../../components/ui/skeleton";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { activityTimelineQuery } from "./activity-api";
import { ActivityFrame } from "./activity-parts";
import { count, formatDay, formatDuration } from "./format";

const TimelineChart = lazy(() => import("./timeline-chart"));

const TITLE = "Engineer activity timeline";

const isActive = (day: TActivityDay) =>
  day.messages_sent + day.first_responses + day.issues_answered + day.breaches + day.minutes_logged > 0;

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** One engineer's day in words: "5 messages · 2 first responses · 1 issue answered · 1 h logged". */
function engineerDayText(e: TActivityDay["engineers"][number]): string {
  return [
    plural(e.messages_sent, "message", "messages"),
    plural(e.first_responses, "first response", "first responses"),
    plural(e.issues_answered, "issue answered", "issues answered"),
    plural(e.breaches, "SLA breach", "SLA breaches"),
    `${formatDuration(e.minutes_logged)} logged`,
  ].join(" · ");
}

function DayRow({
  day,
  names,
  open,
  onToggle,
}: {
  day: TActivityDay;
  names: Map<number, string>;
  open: boolean;
  onToggle: () => void;
}) {
  const detailsId = useId();
  const label = formatDay(day.date);
  return (
    <Fragment>
      <tr className="border-b last:border-0">
        <th scope="row" className="px-3 py-2.5 text-left font-medium whitespace-nowrap">
          {label}
          {day.weekend && (
            <Badge variant="neutral" className="ml-2">
              Weekend
            </Badge>
          )}
        </th>
        <td className="px-3 py-2.5 text-right tabular-nums">{count(day.messages_sent)}</td>
        <td className="px-3 py-2.5 text-right tabular-nums">{count(day.first_responses)}</td>
        <td className="px-3 py-2.5 text-right tabular-nums">{count(day.issues_answered)}</td>
        <td className="px-3 py-2.5 text-right tabular-nums">{count(day.breaches)}</td>
        <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
          {formatDuration(day.minutes_logged)}
        </td>
        <td className="px-3 py-2.5">
          {day.engineers.length === 0 ? (
            <span className="text-muted-foreground">None</span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${open ? "Hide" : "Show"} the engineers of ${label}`}
              onClick={onToggle}
            >
              {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
              {plural(day.engineers.length, "engineer", "engineers")}
            </Button>
          )}
        </td>
      </tr>
      {day.engineers.length > 0 && (
        <tr id={detailsId} hidden={!open} className="border-b bg-muted/40">
          <td colSpan={7} className="px-3 py-2.5">
            <ul className="space-y-1" aria-label={`Engineers of ${label}`}>
              {day.engineers.map((e) => (
                <li key={e.user_id}>
                  <span className="font-medium">{names.get(e.user_id) ?? `Engineer #${e.user_id}`}</span>
                  <span className="text-muted-foreground">: {engineerDayText(e)}</span>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The day list's number columns, in DayRow's order. */
const FIGURE_HEADERS = ["Messages", "First responses", "Issues answered", "SLA breaches", "Time logged"];

function DayList({ timeline }: { timeline: TActivityTimeline }) {
  const [onlyActive, setOnlyActive] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const names = new Map(timeline.engineers.map((e) => [e.user_id, e.name]));
  const days = onlyActive ? timeline.days.filter(isActive) : timeline.days;
  const toggle = (date: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(date)) next.add(date);
      return next;
    });
  const header = "h-10 px-3 font-medium text-muted-foreground";
  return (
    <section aria-labelledby="activity-days" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="activity-days" className="text-lg font-semibold">
          Day by day
        </h2>
        <CheckboxField
          label="Only days with activity"
          checked={onlyActive}
          onCheckedChange={(checked) => setOnlyActive(checked === true)}
        />
      </div>
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways at a phone's width; a keyboard must reach it
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Engineer activity per day</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className={`${header} text-left`}>
                Day
              </th>
              {FIGURE_HEADERS.map((name) => (
                <th key={name} scope="col" className={`${header} text-right`}>
                  {name}
                </th>
              ))}
              <th scope="col" className={`${header} text-left`}>
                Engineers
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <DayRow
                key={day.date}
                day={day}
                names={names}
                open={open.has(day.date)}
                onToggle={() => toggle(day.date)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function ActivityTimelineScreen() {
  const { search } = useLocation();
  return (
    <EngineerScreen
      title={TITLE}
      description="Each day of the range: messages, first responses, answers, missed deadlines and time logged, and who did them."
      breadcrumbs={[{ label: "Engineer activity", to: `/activity${search}` }, { label: TITLE }]}
    >
      {() => (
        <ActivityFrame
          query={activityTimelineQuery}
          otherView={{ to: "/activity", label: "Summary per engineer" }}
          loadingLabel="Loading the timeline"
          isEmpty={(timeline) => !timeline.days.some(isActive)}
        >
          {(timeline) => (
            <>
              <Suspense fallback={<Skeleton className="h-80" />}>
                <TimelineChart days={timeline.days} />
              </Suspense>
              <DayList timeline={timeline} />
            </>
          )}
        </ActivityFrame>
      )}
    </EngineerScreen>
  );
}
