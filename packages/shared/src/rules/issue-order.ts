/**
 * Conversation list ordering of spec §4. Live issues (open, waiting) come first, sorted by
 * urgency; then answered ones, then archived ones, each newest first.
 */
import type { IssueStatus } from "./issue-status";

export interface ConversationListItem<TIssue = number> {
  /** Channel id in the conversation service; unique per issue. */
  channelId: string;
  /** The issue itself (its number by default; apps may carry the whole row). */
  issue: TIssue;
  issueStatus: IssueStatus;
  /** Set (non-empty) when the issue is a panic issue. */
  issueType: string | null;
  /** Last activity, ISO 8601 (or epoch ms / Date). */
  lastUpdatedAt: string | number | Date | null;
  unreadMessageCount: number;
  /** Plan rank of the issue's account (see plan-rank.ts); lower is served first. */
  planRank: number;
}

type Orderable = Omit<ConversationListItem<unknown>, "issue">;

/**
 * Within live issues "then by status" puts open before waiting: it follows the spec's own
 * wording ("Open and waiting first") and the order of the status tabs. Change it here only.
 */
export const LIVE_STATUS_ORDER: readonly IssueStatus[] = ["open", "waiting"];

const GROUP: Record<IssueStatus, number> = { open: 0, waiting: 0, answered: 1, archived: 2 };

export function isPanicIssue(item: Pick<Orderable, "issueType">): boolean {
  return item.issueType != null && item.issueType !== "";
}

/** Unparseable or missing times sort as the oldest, so they never jump to the top. */
function updatedAtMs(item: Pick<Orderable, "lastUpdatedAt">): number {
  const value = item.lastUpdatedAt;
  if (value == null) return Number.NEGATIVE_INFINITY;
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function byRecentUpdate(a: Orderable, b: Orderable): number {
  const ta = updatedAtMs(a);
  const tb = updatedAtMs(b);
  return ta === tb ? 0 : ta > tb ? -1 : 1;
}

/** Array.prototype.sort comparator; items that tie keep their previous order (stable sort). */
export function compareConversations(a: Orderable, b: Orderable): number {
  const group = GROUP[a.issueStatus] - GROUP[b.issueStatus];
  if (group !== 0) return group;
  if (GROUP[a.issueStatus] === 0) {
    const panic = Number(isPanicIssue(b)) - Number(isPanicIssue(a));
    if (panic !== 0) return panic;
    if (a.planRank !== b.planRank) return a.planRank - b.planRank;
    const status = LIVE_STATUS_ORDER.indexOf(a.issueStatus) - LIVE_STATUS_ORDER.indexOf(b.issueStatus);
    if (status !== 0) return status;
  }
  return byRecentUpdate(a, b);
}

export function sortConversations<T extends Orderable>(list: readonly T[]): T[] {
  return [...list].sort(compareConversations);
}

/**
 * After an answer changes an item (new status, new update time), put the updated item where it
 * now belongs: the old copy (same channelId) is removed and the new one inserted before the
 * first item it sorts ahead of. The other items keep their relative order; the list is
 * expected to be sorted already. An item not yet in the list is inserted the same way.
 */
export function moveAfterAnswer<T extends Orderable>(list: readonly T[], updated: T): T[] {
  const rest = list.filter((item) => item.channelId !== updated.channelId);
  const index = rest.findIndex((item) => compareConversations(updated, item) < 0);
  if (index === -1) return [...rest, updated];
  return [...rest.slice(0, index), updated, ...rest.slice(index)];
}
