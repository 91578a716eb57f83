/**
 * /reports (engineers; spec §7.1 reports accounts and clusters, §7.2 reports): customer
 * organizations (by plan, status and trial, capacity against contract, growth), clusters (by
 * version and health, registrations) and issues (opened, first responses, answered, SLA
 * breaches) over a range of days kept in the address, each section with its CSV. Charts load
 * lazily with their own module and always come with the same figures as a table.
 */
import { MAX_RANGE_DAYS, type ReportBucket } from "@portico/shared/rules/date-range";
import { formatBytes } from "@portico/shared/rules/units";
import { type UseQueryResult, useMutation, useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import MessagesSquare from "lucide-react/icons/messages-square";
import Server from "lucide-react/icons/server";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import {
  DateRangeFilter,
  type DayRange,
  presetRange,
  rangeProblemsFromError,
  useDateRangeParams,
} from "../../components/ui/date-range-filter";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { type ApiError, errorMessage } from "../../lib/api-client";
import { formatMinutes } from "../customers/customer-tabs/time-log-tab";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { CapacityTable } from "./capacity-table";
import { ChartFigure, SERIES_COLORS } from "./chart-figure";
import {
  BUCKET_WORDS,
  count,
  FLAG_BADGES,
  FLAG_LABELS,
  HEALTH_LABELS,
  pct,
  periodLabel,
  planLabel,
  rangeLabel,
  STATUS_LABELS,
  tib,
  versionLabel,
} from "./format";
import {
  downloadReportCsv,
  type ReportKind,
  reportQuery,
  type TAccountsReport,
  type TClustersReport,
  type TIssuesReport,
} from "./reports-api";

const TITLE = "Reports";
const RANGE_RULES = { maxDays: MAX_RANGE_DAYS, endNotInFuture: true } as const;

function Stats({ items }: { items: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([name, value]) => (
        <div key={name} className="rounded-lg border bg-card p-3">
          <dt className="text-xs font-medium text-muted-foreground">{name}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-16" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </LoadingRegion>
  );
}

const SECTIONS: Record<ReportKind, { title: string; description: string }> = {
  accounts: {
    title: "Organizations",
    description:
      "Customer organizations now, by plan, status and trial; capacity against contract; growth over the range.",
  },
  clusters: {
    title: "Clusters",
    description: "Registered clusters now, by version and health; registrations over the range.",
  },
  issues: {
    title: "Issues",
    description: "Issues opened, first responses, answers and SLA breaches over the range.",
  },
};

/** A report's section: its heading and CSV download, then its figures once loaded. */
function ReportSection<T>({
  kind,
  range,
  query,
  children,
}: {
  kind: ReportKind;
  range: DayRange;
  query: UseQueryResult<T, ApiError>;
  children: (data: T) => ReactNode;
}) {
  const { title, description } = SECTIONS[kind];
  const headingId = useId();
  const download = useMutation({
    mutationFn: () => downloadReportCsv(kind, range),
    onSuccess: (name) => toast.success(`${name} has been downloaded.`),
    onError: (error) => toast.error(`The download failed: ${errorMessage(error)}`),
  });
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2 border-b pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button
          variant="secondary"
          busy={download.isPending}
          aria-label={`Download CSV of ${title.toLowerCase()}`}
          onClick={() => download.mutate()}
        >
          <FileSpreadsheet aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      <ErrorAlert>
        {download.isError ? `The download failed: ${errorMessage(download.error)}` : null}
      </ErrorAlert>
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <QueryError query={query} />
      ) : (
        <SectionSkeleton label={`Loading the ${title.toLowerCase()} report`} />
      )}
    </section>
  );
}

/** Each point with its period in words, the label of its chart category and table row. */
const byPeriod = <P extends { period: string }>(points: readonly P[], bucket: ReportBucket) =>
  points.map((point) => ({ ...point, label: periodLabel(point.period, bucket) }));

/** A figure's table rows: each row's label, then its counts. */
const countRows = <R extends { label: string }>(rows: readonly R[], counts: (row: R) => number[]) =>
  rows.map((row) => [row.label, ...counts(row).map(count)]);

const total = <R,>(rows: readonly R[], value: (row: R) => number) =>
  rows.reduce((sum, row) => sum + value(row), 0);

/** A figure's summary of one count per category, e.g. "Standard 3, Premium 1". */
const countSummary = <R extends { label: string }>(rows: readonly R[], counted: (row: R) => number) =>
  rows.map((row) => `${row.label} ${count(counted(row))}`).join(", ");

function CountList({ title, items }: { title: string; items: ReadonlyArray<readonly [string, number]> }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {items.map(([name, value]) => (
          <div key={name} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="tabular-nums">{count(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function AccountsReport({ report }: { report: TAccountsReport }) {
  const { totals, capacity, range } = report;
  if (totals.accounts === 0 && report.growth.every((g) => g.total_accounts === 0)) {
    return (
      <EmptyState
        icon={Building2}
        title="No customer organizations yet"
        description={<p>Organizations appear here once customers sign up or an engineer creates one.</p>}
        action={
          <Link to="/customers" className={buttonVariants({ variant: "secondary" })}>
            Open Customers
          </Link>
        }
      />
    );
  }
  const plans = report.by_plan.map((p) => ({ ...p, label: planLabel(p.plan) }));
  const growth = byPeriod(report.growth, range.bucket);
  const bucketWords = BUCKET_WORDS[range.bucket];
  const created = total(report.growth, (g) => g.new_accounts);
  const last = report.growth.at(-1);
  return (
    <div className="space-y-4">
      <Stats
        items={[
          ["Organizations", count(totals.accounts)],
          ["Enabled", count(totals.enabled)],
          ["Disabled", count(totals.disabled)],
          ["On trial", count(totals.trial)],
          ["Subscribed", count(totals.subscribed)],
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          title="Organizations by plan"
          summary={countSummary(plans, (p) => p.accounts)}
          spec={{
            type: "bar",
            data: plans,
            series: [{ key: "accounts", name: "Organizations", color: SERIES_COLORS[0] }],
          }}
          table={{
            headers: ["Plan", "Organizations", "Contract", "Reported"],
            rows: plans.map((p) => [p.label, count(p.accounts), tib(p.contract_tib), tib(p.reported_tib)]),
          }}
        />
        <div className="grid content-start gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2">
          <CountList
            title="By status"
            items={report.by_status.map((s) => [STATUS_LABELS[s.status], s.accounts] as const)}
          />
          <CountList
            title="Trial"
            items={[
              ["On trial", report.by_trial.trial],
              ["Not on trial", report.by_trial.not_trial],
            ]}
          />
        </div>
        <ChartFigure
          title="Organizations over time"
          summary={`${count(created)} created from ${rangeLabel(range)}; ${count(last?.total_accounts ?? totals.accounts)} at the end, ${bucketWords}.`}
          spec={{
            type: "line",
            data: growth,
            series: [{ key: "total_accounts", name: "Organizations", color: SERIES_COLORS[0] }],
          }}
          table={{
            headers: ["Period", "Organizations", "New organizations"],
            rows: countRows(growth, (g) => [g.total_accounts, g.new_accounts]),
          }}
        />
        <ChartFigure
          title="New organizations and subscriptions"
          summary={`${count(created)} organizations created, ${count(total(report.growth, (g) => g.new_subscriptions))} subscriptions started and ${count(total(report.growth, (g) => g.ended_subscriptions))} ended, ${bucketWords}.`}
          spec={{
            type: "bar",
            data: growth,
            series: [
              { key: "new_accounts", name: "New organizations", color: SERIES_COLORS[0] },
              { key: "new_subscriptions", name: "Subscriptions started", color: SERIES_COLORS[1] },
              { key: "ended_subscriptions", name: "Subscriptions ended", color: SERIES_COLORS[2] },
            ],
          }}
          table={{
            headers: ["Period", "New organizations", "Subscriptions started", "Subscriptions ended"],
            rows: countRows(growth, (g) => [g.new_accounts, g.new_subscriptions, g.ended_subscriptions]),
          }}
        />
      </div>
      <div className="space-y-3 rounded-lg border bg-card p-4">
        <h3 className="text-sm font-semibold">Capacity against contract</h3>
        <p className="text-sm text-muted-foreground">
          {tib(capacity.reported_tib)} reported of {tib(capacity.contract_tib)} contracted. Near means at
          least {capacity.near_pct} % of the contract.
        </p>
        <ul aria-label="Organizations by capacity flag" className="flex flex-wrap gap-2">
          {(["over", "near", "within", "unknown"] as const).map((flag) => (
            <li key={flag}>
              <Badge variant={FLAG_BADGES[flag]}>
                {FLAG_LABELS[flag]}: {count(capacity[flag])}
              </Badge>
            </li>
          ))}
        </ul>
        <CapacityTable />
      </div>
    </div>
  );
}

function ClustersReport({ report }: { report: TClustersReport }) {
  const { totals, range } = report;
  if (totals.clusters === 0) {
    return (
      <EmptyState
        icon={Server}
        title="No clusters registered yet"
        description={
          <p>
            Customers register clusters from Register cluster; versions and health appear here once they do.
          </p>
        }
        action={
          <Link to="/health" className={buttonVariants({ variant: "secondary" })}>
            Open Health
          </Link>
        }
      />
    );
  }
  const versions = report.by_version.map((v) => ({ ...v, label: versionLabel(v.version) }));
  const healths = report.by_health.map((h) => ({ ...h, label: HEALTH_LABELS[h.health] }));
  const registered = byPeriod(report.registered, range.bucket);
  const added = total(report.registered, (r) => r.new_clusters);
  return (
    <div className="space-y-4">
      <Stats
        items={[
          ["Clusters", count(totals.clusters)],
          ["Organizations with clusters", count(totals.accounts)],
          ["Capacity used", `${formatBytes(totals.used_bytes)} of ${formatBytes(totals.total_bytes)}`],
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          title="Clusters by version"
          summary={countSummary(versions, (v) => v.clusters)}
          spec={{
            type: "bar",
            data: versions,
            series: [{ key: "clusters", name: "Clusters", color: SERIES_COLORS[0] }],
          }}
          table={{
            headers: ["Version", "Clusters", "Organizations"],
            rows: countRows(versions, (v) => [v.clusters, v.accounts]),
          }}
        />
        <ChartFigure
          title="Clusters by health"
          summary={countSummary(healths, (h) => h.clusters)}
          spec={{
            type: "bar",
            data: healths,
            series: [{ key: "clusters", name: "Clusters", color: SERIES_COLORS[0] }],
          }}
          table={{ headers: ["Health", "Clusters"], rows: countRows(healths, (h) => [h.clusters]) }}
        />
        <ChartFigure
          className="lg:col-span-2"
          title="Clusters registered over time"
          summary={`${count(added)} registered from ${rangeLabel(range)}, ${BUCKET_WORDS[range.bucket]}.`}
          spec={{
            type: "line",
            data: registered,
            series: [{ key: "total_clusters", name: "Clusters", color: SERIES_COLORS[0] }],
          }}
          table={{
            headers: ["Period", "Clusters", "Registered"],
            rows: countRows(registered, (r) => [r.total_clusters, r.new_clusters]),
          }}
        />
      </div>
    </div>
  );
}

function IssuesReport({ report, onWiden }: { report: TIssuesReport; onWiden: () => void }) {
  const { totals, range } = report;
  const quiet =
    totals.opened === 0 && totals.first_responses === 0 && totals.answered === 0 && totals.breaches === 0;
  if (quiet) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No issues in this range"
        description={<p>Nothing was opened, answered or due for a first response in these dates.</p>}
        action={
          <Button variant="secondary" onClick={onWiden}>
            Show the last 12 months
          </Button>
        }
      />
    );
  }
  const series = byPeriod(report.series, range.bucket);
  return (
    <div className="space-y-4">
      <Stats
        items={[
          ["Opened", count(totals.opened)],
          ["Panics", count(totals.panics)],
          ["First responses", count(totals.first_responses)],
          ["Answered", count(totals.answered)],
          ["SLA breaches", count(totals.breaches)],
          ["Within SLA", pct(totals.within_sla_pct)],
          [
            "Median first response",
            totals.median_first_response_minutes === null
              ? "—"
              : formatMinutes(totals.median_first_response_minutes),
          ],
        ]}
      />
      <ChartFigure
        title="Issues over time"
        summary={`${count(totals.opened)} opened, ${count(totals.first_responses)} first responses, ${count(totals.answered)} answered and ${count(totals.breaches)} SLA breaches from ${rangeLabel(range)}, ${BUCKET_WORDS[range.bucket]}.`}
        spec={{
          type: "line",
          data: series,
          series: [
            { key: "opened", name: "Opened", color: SERIES_COLORS[0] },
            { key: "first_responses", name: "First responses", color: SERIES_COLORS[4] },
            { key: "answered", name: "Answered", color: SERIES_COLORS[1] },
            { key: "breaches", name: "SLA breaches", color: SERIES_COLORS[2] },
          ],
        }}
        table={{
          headers: ["Period", "Opened", "Panics", "First responses", "Answered", "SLA breaches"],
          rows: countRows(series, (s) => [s.opened, s.panics, s.first_responses, s.answered, s.breaches]),
        }}
      />
    </div>
  );
}

function Reports() {
  const { range, problems, valid, setRange } = useDateRangeParams(RANGE_RULES);
  const accounts = useQuery({ ...reportQuery("accounts", range), enabled: valid });
  const clusters = useQuery({ ...reportQuery("clusters", range), enabled: valid });
  const issues = useQuery({ ...reportQuery("issues", range), enabled: valid });
  // The server checks the range too (its "today" may differ from this browser's).
  const refused = [accounts, clusters, issues]
    .map((query) => rangeProblemsFromError(query.error))
    .find((found) => found !== null);
  return (
    <div className="space-y-8">
      <DateRangeFilter
        value={range}
        onChange={setRange}
        {...RANGE_RULES}
        errors={valid ? refused : problems}
        label="Report dates"
      />
      {!valid || refused ? (
        <p className="text-sm text-muted-foreground">Correct the dates to see the reports.</p>
      ) : (
        <>
          <ReportSection kind="accounts" range={range} query={accounts}>
            {(report) => <AccountsReport report={report} />}
          </ReportSection>
          <ReportSection kind="clusters" range={range} query={clusters}>
            {(report) => <ClustersReport report={report} />}
          </ReportSection>
          <ReportSection kind="issues" range={range} query={issues}>
            {(report) => (
              <IssuesReport report={report} onWiden={() => setRange(presetRange(365, range.to))} />
            )}
          </ReportSection>
        </>
      )}
    </div>
  );
}

export default function ReportsScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="Customer organizations, clusters and issues over a range of days, with CSV downloads."
    >
      {() => <Reports />}
    </EngineerScreen>
  );
}
