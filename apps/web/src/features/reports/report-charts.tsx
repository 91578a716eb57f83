/**
 * The reports' charts (recharts, loaded only with this module: the reports screen imports it
 * lazily). Colours are the theme's CSS variables, so the charts follow light and dark. Each chart
 * is drawn for sighted users only: the screen gives the same figures as a table beside it.
 */
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

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface ChartSpec {
  type: "bar" | "line";
  data: ReadonlyArray<Record<string, unknown>>;
  /** The category (a period, a plan, a version) of each row. */
  xKey: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
}

const axis = {
  stroke: "var(--border)",
  tick: { fill: "var(--muted-foreground)", fontSize: 12 },
  tickLine: false,
} as const;
const tooltip = {
  contentStyle: {
    background: "var(--popover)",
    border: "1px solid var(--border)",
    borderRadius: 6,
    color: "var(--popover-foreground)",
    fontSize: 12,
  },
  cursor: { fill: "var(--muted)" },
} as const;
const legend = { wrapperStyle: { fontSize: 12, color: "var(--muted-foreground)" } } as const;
const margin = { top: 8, right: 12, bottom: 0, left: 0 };

export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const data = spec.data as Record<string, unknown>[];
  const showLegend = spec.series.length > 1;
  return (
    <ResponsiveContainer width="100%" height="100%">
      {spec.type === "bar" ? (
        <BarChart data={data} margin={margin} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis {...axis} dataKey={spec.xKey} minTickGap={8} />
          <YAxis {...axis} width={40} allowDecimals={false} />
          <Tooltip {...tooltip} />
          {showLegend && <Legend {...legend} />}
          {spec.series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              isAnimationActive={false}
              {...(spec.stacked ? { stackId: "stack" } : {})}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart data={data} margin={margin} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis {...axis} dataKey={spec.xKey} minTickGap={8} />
          <YAxis {...axis} width={40} allowDecimals={false} />
          <Tooltip {...tooltip} cursor={{ stroke: "var(--border)" }} />
          {showLegend && <Legend {...legend} />}
          {spec.series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
