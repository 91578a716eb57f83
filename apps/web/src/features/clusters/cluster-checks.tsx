/**
 * The cluster page's latest report: usable capacity with days to full, and the checks, failed
 * first as the server sorts them (advice shown), the passed ones folded into "N checks pass".
 */
import type { TCheck, TReportMetrics } from "@portico/shared/schemas/clusters";
import ChevronDown from "lucide-react/icons/chevron-down";
import HeartPulse from "lucide-react/icons/heart-pulse";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { cn } from "../../lib/cn";
import { callHomeCommand, REPORT_SCHEMA_PATH } from "./call-home-key-panel";
import { CheckBadge, Usage } from "./cluster-parts";
import { usagePercent } from "./cluster-status";

const dayCount = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export function daysToFullText(days: number | null): string {
  if (days === null) return "Usage is not growing";
  if (days < 1) return "Full in less than a day";
  return `Full in about ${dayCount.format(days)} ${Math.round(days) === 1 ? "day" : "days"}`;
}

export function CapacityCard({ metrics }: { metrics: TReportMetrics }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Capacity</CardTitle>
        <CardDescription>Usable space after erasure coding, from the latest report.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="text-2xl font-semibold whitespace-nowrap tabular-nums">
            {usagePercent(metrics.usable_used_bytes, metrics.usable_total_bytes)}% used
          </span>
          <span
            className={cn(
              "text-sm",
              metrics.days_to_full !== null && metrics.days_to_full < 30
                ? "font-medium text-danger"
                : "text-muted-foreground",
            )}
          >
            {daysToFullText(metrics.days_to_full)}
          </span>
        </div>
        <Usage used={metrics.usable_used_bytes} total={metrics.usable_total_bytes} />
        <p className="text-xs text-muted-foreground">
          {metrics.nodes} {metrics.nodes === 1 ? "node" : "nodes"}, {metrics.drives}{" "}
          {metrics.drives === 1 ? "drive" : "drives"}
          {metrics.drives_offline > 0 ? ` (${metrics.drives_offline} offline)` : ""}
        </p>
      </CardContent>
    </Card>
  );
}

function CheckItem({ check }: { check: TCheck }) {
  return (
    <li className="space-y-1 px-4 py-3 sm:px-5" data-testid="check">
      <div className="flex flex-wrap items-center gap-2">
        <CheckBadge check={check} />
        <span className="font-medium text-foreground">{check.title}</span>
      </div>
      <p className="text-sm break-words text-foreground">{check.message}</p>
      {!check.passed && check.advice && (
        <p className="text-sm break-words text-muted-foreground">
          <span className="font-medium text-foreground">What to do: </span>
          {check.advice}
        </p>
      )}
    </li>
  );
}

export function NoReportYet() {
  return (
    <EmptyState
      icon={HeartPulse}
      title="This cluster has not sent a health report yet"
      description={
        <div className="space-y-2">
          <p>
            Have the cluster post a report matching the{" "}
            <a href={REPORT_SCHEMA_PATH} className="font-medium text-link underline-offset-2 hover:underline">
              health report schema
            </a>{" "}
            with its call-home key, e.g. daily from its crontab:
          </p>
          <pre className="rounded-md bg-muted p-3 text-left font-mono text-xs break-all whitespace-pre-wrap text-foreground">
            <code>{callHomeCommand("$PORTICO_KEY")}</code>
          </pre>
        </div>
      }
    />
  );
}

export function ChecksCard({ checks }: { checks: readonly TCheck[] }) {
  const [showPassed, setShowPassed] = useState(false);
  const passedId = useId();
  // The server sends failed first, worst first; only split off the passed ones, keeping its order.
  const failed = checks.filter((c) => !c.passed);
  const passed = checks.filter((c) => c.passed);
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle>Checks</CardTitle>
        <CardDescription>
          {failed.length === 0
            ? "All checks pass."
            : `${failed.length} ${failed.length === 1 ? "check fails" : "checks fail"}.`}
        </CardDescription>
      </CardHeader>
      {failed.length > 0 && (
        <ul aria-label="Failing checks" className="divide-y border-t">
          {failed.map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </ul>
      )}
      {passed.length > 0 && (
        <div className="border-t">
          <Button
            variant="ghost"
            className="h-auto w-full justify-between rounded-none rounded-b-lg px-4 py-3 sm:px-5"
            aria-expanded={showPassed}
            aria-controls={passedId}
            onClick={() => setShowPassed((v) => !v)}
          >
            {passed.length} {passed.length === 1 ? "check passes" : "checks pass"}
            <ChevronDown
              aria-hidden="true"
              className={cn("transition-transform", showPassed && "rotate-180")}
            />
          </Button>
          <ul id={passedId} aria-label="Passing checks" hidden={!showPassed} className="divide-y border-t">
            {passed.map((check) => (
              <CheckItem key={check.id} check={check} />
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
