/**
 * Issue status, derived from the issue's answer state (spec §4). The status is never stored:
 * both apps compute it from `issue_answer_state` so a list and a detail view can't disagree.
 */

export const ISSUE_STATUSES = ["open", "waiting", "answered", "archived"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_STATUS_LABELS: Readonly<Record<IssueStatus, string>> = {
  open: "Open",
  waiting: "Waiting for response",
  answered: "Answered",
  archived: "Archived",
};

/** Who wrote the last answer; null until anyone has. */
export type AnswerUserType = "customer" | "engineer";

export interface IssueAnswerState {
  /** True once the issue has been answered. */
  state: boolean;
  user_type: AnswerUserType | null;
  /** When the answer state last changed, ISO 8601. */
  timestamp: string | null;
  is_archived: boolean;
}

/**
 * archived: archived AND answered (an archived issue that is not answered stays live, so it
 * can't vanish from the open list); answered: answered; waiting: the customer wrote last and
 * awaits the vendor; open: everything else, including an issue with no answer state yet.
 */
export function deriveIssueStatus(answerState: IssueAnswerState | null | undefined): IssueStatus {
  if (!answerState) return "open";
  if (answerState.state && answerState.is_archived) return "archived";
  if (answerState.state) return "answered";
  if (answerState.user_type === "customer") return "waiting";
  return "open";
}

export function issueStatusLabel(status: IssueStatus): string {
  return ISSUE_STATUS_LABELS[status];
}
