/** Small pieces of the cluster page: a check's outcome, a drive or set state, usage with its figures. */
import type { CheckSeverity, TCheck } from "@portico/shared/schemas/clusters";
import { Badge, type BadgeProps } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatUsage, SEVERITY_LABELS, UsageBar, usagePercent } from "./cluster-status";

type Variant = NonNullable<BadgeProps["variant"]>;

const SEVERITY_VARIANTS: Record<CheckSeverity, Variant> = {
  info: "info",
  warning: "warning",
  critical: "danger",
};

/** A check's outcome: "Passed", or its severity when it failed. */
export function CheckBadge({ check }: { check: Pick<TCheck, "passed" | "severity"> }) {
  if (check.passed) return <Badge variant="success">Passed</Badge>;
  return <Badge variant={SEVERITY_VARIANTS[check.severity]}>{SEVERITY_LABELS[check.severity]}</Badge>;
}

/** Drive states (ok, healing, offline, faulty, missing), set health (healthy, degraded, offline). */
export function stateVariant(state: string): Variant {
  const s = state.toLowerCase();
  if (s === "ok" || s === "healthy") return "success";
  if (s === "offline" || s === "faulty" || s === "missing") return "danger";
  return "warning";
}

export function StateBadge({ state, className }: { state: string; className?: string }) {
  return (
    <Badge variant={stateVariant(state)} className={className}>
      {state.charAt(0).toUpperCase() + state.slice(1)}
    </Badge>
  );
}

/** A bar with its figures in text: "1.5 TiB of 4 TiB (38%)", or just the percentage when compact. */
export function Usage({
  used,
  total,
  compact = false,
  className,
}: {
  used: number;
  total: number;
  compact?: boolean;
  className?: string;
}) {
  const percent = `${usagePercent(used, total)}%`;
  if (compact) {
    return (
      <div className={cn("flex items-center gap-2", className)}>
        <UsageBar used={used} total={total} className="flex-1" />
        <span className="w-16 text-right text-xs text-muted-foreground tabular-nums">{percent} used</span>
      </div>
    );
  }
  return (
    <div className={className}>
      <UsageBar used={used} total={total} className="h-2.5" />
      <p className="mt-1.5 text-sm text-muted-foreground">
        {formatUsage(used, total)} ({percent})
      </p>
    </div>
  );
}
