/**
 * Issues over time (§7.2 reports): per bucket of the range, issues opened (panics among them),
 * first responses, issues marked answered and first-response deadlines missed; with the share of
 * SLA first responses in time and their median. Each measure is a range scan of its own index
 * (issues_created_idx, issues_first_response_idx, issues_resolved_idx, issues_sla_due_idx).
 */
import type { TIssuesReport, TReportRange } from "@portico/shared/schemas/reports";
import { sql } from "drizzle-orm";
import { issues } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { inRange } from "../../platform/db/range-sql";
import { rowsOf } from "../../platform/db/rows";
import { missedDeadline } from "../sla/missed-deadline";
import { fillSeries, ofCustomerAccount, type PeriodCount, periodOf } from "./report-sql";

const SERIES = ["opened", "panics", "first_responses", "answered", "breaches"] as const;

const customerIssue = ofCustomerAccount(issues.accountId);
const breached = missedDeadline(issues.firstResponseAt, issues.slaDueAt);

export async function issuesReport(exec: Executor, range: TReportRange): Promise<TIssuesReport> {
  const bucket = range.bucket;
  const [counts, [figures]] = await Promise.all([
    rowsOf<PeriodCount>(
      exec,
      sql`select kind, period, count(*)::int as n from (
        select case when ${issues.issueType} = 'panic' then 'panic' else 'opened' end as kind,
          ${periodOf(issues.createdAt, bucket)} as period
        from ${issues} where ${inRange(issues.createdAt, range)} and ${customerIssue}
        union all
        select 'first_responses', ${periodOf(issues.firstResponseAt, bucket)}
        from ${issues} where ${inRange(issues.firstResponseAt, range)} and ${customerIssue}
        union all
        select 'answered', ${periodOf(issues.resolvedAt, bucket)}
        from ${issues} where ${inRange(issues.resolvedAt, range)} and ${issues.answered} and ${customerIssue}
        union all
        select 'breaches', ${periodOf(issues.slaDueAt, bucket)}
        from ${issues} where ${inRange(issues.slaDueAt, range)} and ${breached} and ${customerIssue}
      ) x group by 1, 2`,
    ),
    rowsOf<{ with_sla: number; in_time: number; median: number | null }>(
      exec,
      sql`select count(${issues.slaDueAt})::int as with_sla,
        count(*) filter (where ${issues.firstResponseAt} <= ${issues.slaDueAt})::int as in_time,
        round(percentile_cont(0.5) within group (
          order by extract(epoch from ${issues.firstResponseAt} - ${issues.createdAt}) / 60
        )::numeric)::float8 as median
      from ${issues} where ${inRange(issues.firstResponseAt, range)} and ${customerIssue}`,
    ),
  ]);
  // Panics are opened issues too: one scan counts both.
  const expanded = counts.flatMap((c) =>
    c.kind === "panic"
      ? [
          { ...c, kind: "opened" },
          { ...c, kind: "panics" },
        ]
      : [c],
  );
  const series = fillSeries(range, SERIES, expanded);
  const total = (kind: (typeof SERIES)[number]) => series.reduce((sum, row) => sum + row[kind], 0);
  const withSla = Number(figures?.with_sla ?? 0);
  return {
    range,
    totals: {
      opened: total("opened"),
      panics: total("panics"),
      first_responses: total("first_responses"),
      answered: total("answered"),
      breaches: total("breaches"),
      within_sla_pct: withSla === 0 ? null : Math.round((Number(figures?.in_time) * 1000) / withSla) / 10,
      median_first_response_minutes:
        figures?.median === null || figures?.median === undefined ? null : Number(figures.median),
    },
    series: series.map((row) => ({
      period: row.period,
      opened: row.opened,
      panics: row.panics,
      first_responses: row.first_responses,
      answered: row.answered,
      breaches: row.breaches,
    })),
  };
}

export const ISSUES_CSV_COLUMNS = ["period", ...SERIES] as const;

export const issuesCsvFilename = (range: TReportRange) => `issues-report-${range.from}-to-${range.to}.csv`;

export const issuesCsvRows = (report: TIssuesReport) =>
  report.series.map((row) => [
    row.period,
    row.opened,
    row.panics,
    row.first_responses,
    row.answered,
    row.breaches,
  ]);
