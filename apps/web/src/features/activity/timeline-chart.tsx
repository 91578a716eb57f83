/**
 * The timeline's chart (recharts, loaded only with this module: /activity/v2 imports it lazily):
 * per day, stacked bars of messages, first responses and issues answered, weekend days shaded.
 * The figure is described by a summary sentence; the day list under it is the full text version.
 * Colours are the theme's CSS variables, so the chart follows light and dark.
 */
import type { TActivityDay } from "@portico/shared/schemas/reports";
import { useId } from "react";
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
import { formatDay, formatShortDay } from "./format";
import { timelineSummary } from "./timeline-summary";

const axis = {
  stroke: "var(--border)",
  tick: { fill: "var(--muted-foreground)", fontSize: 12 },
  tickLine: false,
} as const;
const bar = { stackId: "day", isAnimationActive: false } as const;

export default function TimelineChart({ days }: { days: readonly TActivityDay[] }) {
  const titleId = useId();
  const summaryId = useId();
  const weekend = new Set(days.filter((day) => day.weekend).map((day) => day.date));
  return (
    <figure aria-labelledby={titleId} aria-describedby={summaryId} className="rounded-lg border bg-card p-4">
      <h2 id={titleId} className="text-base font-semibold">
        Activity per day
      </h2>
      <p id={summaryId} className="mt-1 text-sm text-muted-foreground">
        {timelineSummary(days)}
      </p>
      <div className="mt-3 h-64 w-full sm:h-72">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days as TActivityDay[]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            {[...weekend].map((day) => (
              <ReferenceArea key={day} x1={day} x2={day} fill="var(--muted)" fillOpacity={0.9} />
            ))}
            <XAxis {...axis} dataKey="date" tickFormatter={formatShortDay} minTickGap={16} />
            <YAxis {...axis} width={36} allowDecimals={false} />
            <Tooltip
              cursor={{ fill: "var(--muted)", fillOpacity: 0.5 }}
              contentStyle={{
                background: "var(--popover)",
                border: "1px solid var(--border)",
                borderRadius: 6,
                color: "var(--popover-foreground)",
                fontSize: 12,
              }}
              labelFormatter={(day: unknown) =>
                `${formatDay(String(day))}${weekend.has(String(day)) ? " · weekend" : ""}`
              }
            />
            <Legend wrapperStyle={{ fontSize: 12, color: "var(--muted-foreground)" }} />
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
      </div>
    </figure>
  );
}
