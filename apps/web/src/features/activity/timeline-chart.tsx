/**
 * The timeline's chart (recharts, loaded only with this module: /activity/v2 imports it lazily):
 * per day, stacked bars of messages, first responses and issues answered, weekend days shaded.
 * The figure is described by a summary sentence; the day list under it is the full text version.
 * In the theme's look (chartTheme), so the chart follows light and dark.
 */
import type { TActivityDay } from "@portico/shared/schemas/reports";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartArea, ChartFrame, chartTheme } from "../../components/ui/chart-frame";
import { formatDay, formatShortDay } from "./format";
import { timelineSummary } from "./timeline-summary";

const { margin, grid, axis, tooltip, legend } = chartTheme;
/** Lighter than the other charts' cursor, so a shaded weekend day stays visible under it. */
const cursor = { ...chartTheme.barCursor, fillOpacity: 0.5 };
const bar = { stackId: "day", isAnimationActive: false } as const;

export default function TimelineChart({ days }: { days: readonly TActivityDay[] }) {
  const weekend = new Set(days.filter((day) => day.weekend).map((day) => day.date));
  return (
    <ChartFrame title="Activity per day" summary={timelineSummary(days)} headingLevel={2}>
      <ChartArea className="h-64 sm:h-72">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days as TActivityDay[]} margin={margin}>
            <CartesianGrid {...grid} vertical={false} />
            {[...weekend].map((day) => (
              <ReferenceArea key={day} x1={day} x2={day} fill="var(--muted)" fillOpacity={0.9} />
            ))}
            <XAxis {...axis} dataKey="date" tickFormatter={formatShortDay} minTickGap={16} />
            <YAxis {...axis} width={36} allowDecimals={false} />
            <Tooltip
              {...tooltip}
              cursor={cursor}
              labelFormatter={(day: unknown) =>
                `${formatDay(String(day))}${weekend.has(String(day)) ? " · weekend" : ""}`
              }
            />
            <Legend {...legend} />
            <Bar {...bar} dataKey="messages_sent" name="Messages" fill="var(--primary)" />
            <Bar
              {...bar}
              dataKey="first_responses"
              name="First responses"
              fill="var(--success-surface-foreground)"
            />
            <Bar
              {...bar}
              dataKey="issues_answered"
              name="Issues answered"
              fill="var(--warning-surface-foreground)"
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartArea>
    </ChartFrame>
  );
}
