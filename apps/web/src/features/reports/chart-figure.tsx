/**
 * A report chart with its text alternative: the figures as a table, visually hidden under the
 * chart (screen readers read it; the drawing is hidden from them) or shown instead of it with
 * "Show as table". The drawing comes from the lazy recharts module.
 */

import ChartColumn from "lucide-react/icons/chart-column";
import Table2 from "lucide-react/icons/table-2";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { ChartArea, ChartFrame } from "../../components/ui/chart-frame";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import type { ChartSpec } from "./report-charts";

const ReportChart = lazy(() => import("./report-charts"));

export interface FigureTable {
  /** The first header names the category column (Period, Plan, Version …). */
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}

export function ChartFigure({
  title,
  summary,
  spec,
  table,
  className,
}: {
  title: string;
  summary: string;
  spec: ChartSpec;
  table: FigureTable;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <ChartFrame
      title={title}
      summary={summary}
      className={cn("min-w-0", className)}
      action={
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={asTable}
          aria-label={`${asTable ? "Show as chart" : "Show as table"}: ${title}`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? <ChartColumn aria-hidden="true" /> : <Table2 aria-hidden="true" />}
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      }
    >
      {!asTable && (
        <ChartArea aria-hidden="true">
          <Suspense fallback={<Skeleton className="size-full" />}>
            <ReportChart spec={spec} />
          </Suspense>
        </ChartArea>
      )}
      <div
        // A long table scrolls inside its box: focusable, so it scrolls by keyboard too.
        tabIndex={asTable ? 0 : undefined}
        className={
          asTable
            ? "mt-3 max-h-80 overflow-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
            : "sr-only"
        }
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              {table.headers.map((header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={cn("px-2 py-1.5 font-medium", index > 0 && "text-right")}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row[0]} className="border-b last:border-0">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={table.headers[0]} scope="row" className="px-2 py-1.5 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={table.headers[index]} className="px-2 py-1.5 text-right tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartFrame>
  );
}

/** The theme's colours for series, in order. */
export const SERIES_COLORS = [
  "var(--primary)",
  "var(--muted-foreground)",
  "var(--danger-text)",
  "var(--warning-surface-foreground)",
  "var(--success-text)",
] as const;
