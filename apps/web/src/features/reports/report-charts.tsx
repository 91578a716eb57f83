/**
 * The reports' charts (recharts, loaded only with this module: the reports screen imports it
 * lazily), in the theme's look (chartTheme). Each chart is drawn for sighted users only: the
 * screen gives the same figures as a table beside it.
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
import { chartTheme } from "../../components/ui/chart-frame";

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface ChartSpec {
  type: "bar" | "line";
  /** Each row's label is its category: a period, a plan, a version. */
  data: ReadonlyArray<{ label: string }>;
  series: readonly ChartSeries[];
  stacked?: boolean;
}

const { margin, grid, axis, tooltip, legend } = chartTheme;

export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const bars = spec.type === "bar";
  const Chart = bars ? BarChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={spec.data} margin={margin} accessibilityLayer={false}>
        {/* Bars stand on horizontal lines only; lines cross both. */}
        <CartesianGrid {...grid} vertical={!bars} />
        <XAxis {...axis} dataKey="label" minTickGap={8} />
        <YAxis {...axis} width={40} allowDecimals={false} />
        <Tooltip {...tooltip} cursor={bars ? chartTheme.barCursor : { stroke: "var(--border)" }} />
        {spec.series.length > 1 && <Legend {...legend} />}
        {spec.series.map((s) =>
          bars ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              isAnimationActive={false}
              {...(spec.stacked ? { stackId: "stack" } : {})}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
