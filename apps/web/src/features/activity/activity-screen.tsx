/**
 * /activity (spec §7.2 users activity; engineers): for a range of days and every engineer or one,
 * the totals, each engineer's figures against the accounts' SLAs (GET /api/chat/users/activity),
 * the first-response deadlines that were missed, and the CSV files. /activity/v2 shows the same
 * question day by day. Customers get the engineers-only screen.
 */
import type { TActivityEngineer, TActivityReport, TSlaBreach } from "@portico/shared/schemas/reports";
import ShieldCheck from "lucide-react/icons/shield-check";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { formatWhen } from "../files/format";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { activityReportQuery } from "./activity-api";
import { ActivityFrame } from "./activity-parts";
import { count, formatDuration, formatHoursMinutes, ofText, slaLabel } from "./format";

const TITLE = "Engineer activity";

/** A report with nothing in it: no engineer did anything and no deadline passed. */
export function isEmptyReport(report: TActivityReport): boolean {
  const t = report.totals;
  return (
    t.messages_sent + t.issues_answered + t.first_responses + t.minutes_logged + t.weekend_issues === 0 &&
    report.breaches_total === 0 &&
    report.engineers.every((e) => e.overdue_assigned === 0)
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

function Totals({ report }: { report: TActivityReport }) {
  const t = report.totals;
  const underSla = t.within_sla + t.late_responses;
  return (
    <section aria-labelledby="activity-totals">
      <h2 id="activity-totals" className="sr-only">
        Totals
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Figure label="Messages sent" value={count(t.messages_sent)} />
        <Figure label="Issues answered" value={count(t.issues_answered)} />
        <Figure label="First responses" value={count(t.first_responses)} />
        <Figure
          label="Within SLA"
          value={ofText(t.within_sla, underSla)}
          note="first responses under an SLA"
        />
        <Figure label="SLA breaches" value={count(t.breaches)} note="deadlines in these dates missed" />
        <Figure label="Time logged" value={formatHoursMinutes(t.minutes_logged)} note="hours:minutes" />
        <Figure label="Median first response" value={formatDuration(t.first_response_median_minutes)} />
        <Figure label="Median resolution" value={formatDuration(t.resolution_median_minutes)} />
        <Figure
          label="Weekend coverage"
          value={ofText(t.weekend_issues_responded, t.weekend_issues)}
          note="weekend issues responded to in the weekend"
        />
        <Figure label="Weekend messages" value={count(t.weekend_messages)} />
      </dl>
    </section>
  );
}

const col = dataTableColumns<TActivityEngineer>();
const number = (key: keyof TActivityEngineer & string, header: string) =>
  col.accessor(key, {
    header,
    meta: { numeric: true },
    sortDescFirst: true,
    cell: (info) => count(info.getValue() as number),
  });
/** A duration column: sorts by minutes, the unmeasured ("—") last either way. */
const duration = (
  key: "first_response_median_minutes" | "first_response_avg_minutes" | "resolution_median_minutes",
  header: string,
) =>
  col.accessor((row) => row[key] ?? undefined, {
    id: key,
    header,
    meta: { numeric: true },
    sortUndefined: "last",
    cell: (info) => <span className="whitespace-nowrap">{formatDuration(info.row.original[key])}</span>,
  });

const ENGINEER_COLUMNS: DataTableColumn<TActivityEngineer>[] = [
  col.accessor("name", {
    header: "Engineer",
    sortFn: "text",
    cell: (info) => <span className="font-medium whitespace-nowrap">{info.getValue()}</span>,
    enableHiding: false,
  }),
  number("messages_sent", "Messages"),
  number("issues_answered", "Issues answered"),
  number("first_responses", "First responses"),
  duration("first_response_median_minutes", "Median first response"),
  duration("first_response_avg_minutes", "Average first response"),
  number("within_sla", "Within SLA"),
  number("late_responses", "Late responses"),
  number("overdue_assigned", "Overdue assigned"),
  duration("resolution_median_minutes", "Median resolution"),
  col.accessor("minutes_logged", {
    header: "Time logged",
    meta: { numeric: true },
    sortDescFirst: true,
    cell: (info) => <span className="whitespace-nowrap">{formatDuration(info.getValue())}</span>,
  }),
  number("weekend_messages", "Weekend messages"),
  number("weekend_first_responses", "Weekend first responses"),
];

const names = (people: { name: string }[]) => people.map((p) => p.name).join(", ");

const bcol = dataTableColumns<TSlaBreach>();
const BREACH_COLUMNS: DataTableColumn<TSlaBreach>[] = [
  bcol.accessor("issue_number", {
    header: "Issue",
    enableHiding: false,
    cell: (info) => (
      <div className="min-w-40">
        <Link
          to={`/issues/${info.getValue()}`}
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          #{info.getValue()}
        </Link>
        <p className="line-clamp-2 text-muted-foreground">{info.row.original.title}</p>
      </div>
    ),
  }),
  bcol.accessor("company", {
    header: "Organization",
    sortFn: "text",
    cell: (info) => (
      <Link
        to={`/customers/${info.row.original.account_id}`}
        className="text-link underline-offset-4 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  bcol.accessor((row) => slaLabel(row), {
    id: "sla",
    header: "SLA",
    cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
  }),
  bcol.accessor("due_at", {
    header: "Due",
    sortFn: "text",
    cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
  }),
  bcol.accessor((row) => row.first_response_at ?? undefined, {
    id: "responded",
    header: "Responded",
    sortFn: "text",
    sortUndefined: "last",
    cell: (info) => {
      const at = info.row.original.first_response_at;
      return at === null ? (
        <Badge variant="danger">Still waiting</Badge>
      ) : (
        <span className="whitespace-nowrap">{formatWhen(at)}</span>
      );
    },
  }),
  bcol.accessor("late_minutes", {
    header: "Late by",
    meta: { numeric: true },
    sortDescFirst: true,
    cell: (info) => <span className="whitespace-nowrap">{formatDuration(info.getValue())}</span>,
  }),
  bcol.accessor((row) => row.responder?.name ?? "", {
    id: "responder",
    header: "Responder",
    sortFn: "text",
    cell: (info) => info.getValue() || <span className="text-muted-foreground">—</span>,
  }),
  bcol.accessor((row) => names(row.assignees), {
    id: "assignees",
    header: "Assignees",
    sortFn: "text",
    cell: (info) => info.getValue() || <span className="text-muted-foreground">Nobody</span>,
  }),
];

function Breaches({ report }: { report: TActivityReport }) {
  const shown = report.breaches.length;
  return (
    <div className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold">SLA breaches</h2>
        <p className="text-sm text-muted-foreground">
          {report.breaches_total > shown
            ? `Showing ${count(shown)} of ${count(report.breaches_total)}, latest deadline first. The SLA breaches CSV has them all.`
            : "First-response deadlines in these dates that were missed, latest first."}
        </p>
      </div>
      <DataTable
        label="SLA breaches"
        columns={BREACH_COLUMNS}
        data={report.breaches}
        getRowId={(row) => String(row.issue_number)}
        empty={
          <EmptyState
            icon={ShieldCheck}
            title="No SLA breaches in this range"
            description={<p>Every first-response deadline in these dates was met.</p>}
          />
        }
      />
    </div>
  );
}

function Report({ report }: { report: TActivityReport }) {
  return (
    <>
      <Totals report={report} />
      <section aria-labelledby="activity-engineers" className="space-y-3">
        <h2 id="activity-engineers" className="text-lg font-semibold">
          Per engineer
        </h2>
        <DataTable
          label="Activity per engineer"
          columns={ENGINEER_COLUMNS}
          data={report.engineers}
          getRowId={(row) => String(row.user_id)}
          pageSize={50}
        />
      </section>
      <Breaches report={report} />
    </>
  );
}

export default function ActivityScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="Messages, answers and first responses per engineer against each organization's SLA, with time logged and weekend coverage."
    >
      {() => (
        <ActivityFrame
          query={activityReportQuery}
          otherView={{ to: "/activity/v2", label: "Timeline (v2)" }}
          loadingLabel="Loading engineer activity"
          isEmpty={isEmptyReport}
        >
          {(report) => <Report report={report} />}
        </ActivityFrame>
      )}
    </EngineerScreen>
  );
}
