/** Clusters as the API returns them, for the clusters screens' tests. */
import type { TCheck } from "@portico/shared/schemas/clusters";
import type { TCluster, THealthOverview } from "../api";

const TIB = 1024 ** 4;

export function clusterRow(over: Partial<TCluster> = {}): TCluster {
  return {
    id: "c-east",
    account_id: 3,
    name: "east-1",
    description: "Primary object store",
    deployment_id: "dep-east-1",
    created_at: "2026-03-01T09:00:00Z",
    updated_at: "2026-03-01T09:00:00Z",
    summary: { storage: { total_space: 4 * TIB, used_space: 1.5 * TIB } },
    no_of_completed_checks: 7,
    no_of_failed_checks: 0,
    last_report_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    not_reporting: false,
    worst_check: null,
    call_home_key_hint: "portico_ck_…a1b2",
    ...over,
  };
}

export function failing(severity: TCheck["severity"], title: string): TCheck {
  return { id: "drives_offline", title, severity, passed: false, message: `${title} now`, advice: "Fix it" };
}

export function overview(items: TCluster[]): THealthOverview {
  return {
    items,
    summary: {
      clusters: items.length,
      total_space: items.reduce((sum, c) => sum + c.summary.storage.total_space, 0),
      used_space: items.reduce((sum, c) => sum + c.summary.storage.used_space, 0),
      failing: items.filter((c) => c.worst_check).length,
      not_reporting: items.filter((c) => c.not_reporting).length,
      reported_capacity: null,
    },
  };
}
