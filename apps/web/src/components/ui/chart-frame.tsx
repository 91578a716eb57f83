/**
 * What every chart shares: its figure (the title names it, the summary line describes it in words)
 * and the theme's look for recharts. Plain props only, no recharts import: the frame renders
 * before the lazy chart module (and recharts) has loaded, and only the screens that draw charts
 * load recharts.
 */
import { type HTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

export function ChartFrame({
  title,
  summary,
  action,
  headingLevel = 3,
  className,
  children,
}: {
  title: string;
  summary: string;
  /** Beside the title, e.g. a "Show as table" toggle. */
  action?: ReactNode;
  /** 2 where the chart is a section of its own under the page's h1 (set a size larger), else 3. */
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const [Heading, headingSize] =
    headingLevel === 2 ? (["h2", "text-base"] as const) : (["h3", "text-sm"] as const);
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      className={cn("rounded-lg border bg-card p-4", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading id={titleId} className={`${headingSize} font-semibold`}>
            {title}
          </Heading>
          <p id={summaryId} className="mt-1 text-sm text-muted-foreground">
            {summary}
          </p>
        </div>
        {action}
      </div>
      {children}
    </figure>
  );
}

/** The drawing's box, which recharts' ResponsiveContainer fills. */
export function ChartArea({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("mt-3 h-56 w-full sm:h-64", className)} {...rest} />;
}

/** Props for recharts in the theme's CSS variables, so charts follow light and dark. */
export const chartTheme = {
  margin: { top: 8, right: 12, bottom: 0, left: 0 },
  grid: { stroke: "var(--border)", strokeDasharray: "3 3" },
  axis: {
    stroke: "var(--border)",
    tick: { fill: "var(--muted-foreground)", fontSize: 12 },
    tickLine: false,
  },
  tooltip: {
    contentStyle: {
      background: "var(--popover)",
      border: "1px solid var(--border)",
      borderRadius: 6,
      color: "var(--popover-foreground)",
      fontSize: 12,
    },
  },
  /** A bar chart's tooltip shades the hovered category. */
  barCursor: { fill: "var(--muted)" },
  legend: { wrapperStyle: { fontSize: 12, color: "var(--muted-foreground)" } },
} as const;
