/** Trends tab: a days selector and the charts, whose module (and recharts) loads only here. */
import { TREND_DAYS_DEFAULT } from "@portico/shared/schemas/clusters";
import { useQuery } from "@tanstack/react-query";
import ChartLine from "lucide-react/icons/chart-line";
import { lazy, Suspense, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { clusterTrendsQuery } from "./api";

const TrendCharts = lazy(() => import("./trend-charts"));

export const TREND_WINDOWS = [7, 30, 90, 365] as const;

function ChartsSkeleton() {
  return (
    <LoadingRegion label="Loading trends" className="grid gap-4 lg:grid-cols-2">
      <Skeleton className="h-72 lg:col-span-2" />
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </LoadingRegion>
  );
}

export function ClusterTrends({ accountId, clusterId }: { accountId: number; clusterId: string }) {
  const [days, setDays] = useState<number>(TREND_DAYS_DEFAULT);
  const trends = useQuery(clusterTrendsQuery(accountId, clusterId, days));
  return (
    <section aria-label="Trends" className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Period</legend>
        {TREND_WINDOWS.map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === days ? "primary" : "secondary"}
            aria-pressed={d === days}
            onClick={() => setDays(d)}
          >
            {d === 365 ? "1 year" : `${d} days`}
          </Button>
        ))}
      </fieldset>
      {trends.isPending ? (
        <ChartsSkeleton />
      ) : trends.isError ? (
        <QueryError query={trends} />
      ) : trends.data.points.length === 0 ? (
        <EmptyState
          icon={ChartLine}
          title="No reports in this period"
          description="Choose a longer period, or check the Reports tab for the cluster's call-home log."
        />
      ) : (
        <Suspense fallback={<ChartsSkeleton />}>
          <TrendCharts trends={trends.data} days={days} />
        </Suspense>
      )}
    </section>
  );
}
