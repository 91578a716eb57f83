/**
 * The cluster page's trend charts (recharts, loaded only with this module: the page imports it
 * lazily), in the theme's look (chartTheme).
 */
import { BYTE_UNITS, formatBytes } from "@portico/shared/rules/units";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartArea, ChartFrame, chartTheme } from "../../components/ui/chart-frame";
import type { THealthTrends } from "./api";
import { capacitySummary, forecastLine, networkSummary, problemsSummary } from "./trend-summary";

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const tickDate = (t: number) => dateFormat.format(t);

const { margin, grid, axis, legend } = chartTheme;
const tooltip = { ...chartTheme.tooltip, labelFormatter: (t: unknown) => fullFormat.format(Number(t)) };
const line = { strokeWidth: 2, dot: false, isAnimationActive: false } as const;
const timeAxis = {
  ...axis,
  dataKey: "t",
  type: "number",
  scale: "time",
  domain: ["dataMin", "dataMax"],
  tickFormatter: tickDate,
  tickCount: 6,
} as const;

function ChartFigure({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <ChartFrame title={title} summary={summary}>
      <ChartArea>
        <ResponsiveContainer width="100%" height="100%">
          {children as never}
        </ResponsiveContainer>
      </ChartArea>
    </ChartFrame>
  );
}

/** The binary unit of the largest value, so the capacity axis gets round ticks ("100 TiB", not "109.95 TiB"). */
function byteScale(max: number): { unit: string; divisor: number } {
  const i = Math.max(
    0,
    Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(Math.max(max, 1)) / Math.log(1024))),
  );
  return { unit: BYTE_UNITS[i] as string, divisor: 1024 ** i };
}

export default function TrendCharts({ trends, days }: { trends: THealthTrends; days: number }) {
  const { unit, divisor } = byteScale(Math.max(...trends.points.map((p) => p.usable_total_bytes)));
  const points = trends.points.map((p) => ({
    ...p,
    t: Date.parse(p.t),
    total: p.usable_total_bytes / divisor,
    used: p.usable_used_bytes / divisor,
  }));
  const forecast = forecastLine(trends, days)?.map((p) => ({ t: p.t, forecast: p.forecast / divisor }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartFigure title="Usable capacity" summary={capacitySummary(trends)}>
          <LineChart margin={{ ...margin, left: 8 }}>
            <CartesianGrid {...grid} />
            <XAxis {...timeAxis} />
            <YAxis {...axis} width={64} tickFormatter={(v: number) => `${v} ${unit}`} />
            <Tooltip {...tooltip} formatter={(v: unknown) => formatBytes(Number(v) * divisor)} />
            <Legend {...legend} />
            <Line data={points} dataKey="total" name="Total" stroke="var(--muted-foreground)" {...line} />
            <Line data={points} dataKey="used" name="Used" stroke="var(--primary)" {...line} />
            {forecast && (
              <Line
                data={forecast}
                dataKey="forecast"
                name="Forecast"
                stroke="var(--danger-text)"
                strokeDasharray="6 4"
                {...line}
              />
            )}
          </LineChart>
        </ChartFigure>
      </div>
      <ChartFigure title="Drives offline and failing checks" summary={problemsSummary(trends.points)}>
        <LineChart data={points} margin={margin}>
          <CartesianGrid {...grid} />
          <XAxis {...timeAxis} />
          <YAxis {...axis} width={36} allowDecimals={false} />
          <Tooltip {...tooltip} />
          <Legend {...legend} />
          <Line
            type="stepAfter"
            dataKey="drives_offline"
            name="Drives offline"
            stroke="var(--danger-text)"
            {...line}
          />
          <Line
            type="stepAfter"
            dataKey="failed_checks"
            name="Failing checks"
            stroke="var(--warning-surface-foreground)"
            strokeDasharray="4 3"
            {...line}
          />
        </LineChart>
      </ChartFigure>
      <ChartFigure title="Network errors per report" summary={networkSummary(trends.points)}>
        <BarChart data={points} margin={margin}>
          <CartesianGrid {...grid} vertical={false} />
          <XAxis {...axis} dataKey="t" tickFormatter={tickDate} minTickGap={16} />
          <YAxis {...axis} width={36} allowDecimals={false} />
          <Tooltip {...tooltip} cursor={chartTheme.barCursor} />
          <Bar
            dataKey="network_errors_delta"
            name="Network errors"
            fill="var(--primary)"
            isAnimationActive={false}
          />
        </BarChart>
      </ChartFigure>
    </div>
  );
}
