/** How the issue lists set panic and weekend-priority issues apart (spec §3 issue_type, §9 weekend). */
import { isPanicIssue } from "@portico/shared/rules/issue-order";
import type { TConversationEventItem } from "@portico/shared/schemas/conversations";
import { Badge } from "../../components/ui/badge";

/** A panic row: a red edge and tint besides its "Panic · …" status badge. */
export function panicRowClass(item: Pick<TConversationEventItem, "issueType">): string {
  return isPanicIssue(item) ? "border-l-4 border-l-status-panic bg-danger-surface/40" : "";
}

/** Opened in the weekend window (Saturday 04:00 to Monday 04:00 UTC). */
export function WeekendBadge({ item }: { item: Pick<TConversationEventItem, "issue"> }) {
  return item.issue.is_weekend_priority ? <Badge variant="warning">Weekend</Badge> : null;
}
