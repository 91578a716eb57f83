/** "Open an issue about this": the new issue's title and first message from the cluster's checks. */
import type { TCheck, TCluster } from "@portico/shared/schemas/clusters";
import type { NewIssuePrefill } from "../conversations/components/new-issue-dialog";
import { fullWhen } from "../conversations/format";
import { SEVERITY_LABELS } from "./cluster-status";

export function clusterIssuePrefill(
  cluster: TCluster,
  checks: readonly TCheck[],
  generatedAt: string | null,
): NewIssuePrefill {
  const failing = checks.filter((c) => !c.passed);
  const title =
    failing.length === 0
      ? `${cluster.name}: question about the cluster`
      : `${cluster.name}: ${failing.length} failing health ${failing.length === 1 ? "check" : "checks"}`;
  const lines = [
    `Cluster **${cluster.name}** (deployment \`${cluster.deployment_id}\`)${
      generatedAt ? `, health report of ${fullWhen(generatedAt)}` : ""
    }.`,
  ];
  if (failing.length > 0) {
    lines.push("", "Failing checks:");
    for (const check of failing) {
      lines.push(`- **${check.title}** (${SEVERITY_LABELS[check.severity]}): ${check.message}`);
      if (check.advice) lines.push(`  Advice: ${check.advice}`);
    }
  }
  return { title, message: lines.join("\n"), accountId: cluster.account_id, clusterId: cluster.id };
}
