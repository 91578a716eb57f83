/**
 * Who may see and act on an issue. A customer reaches the issues of the account the request acts
 * on (`aid`, else their default organization; resolveAccount refuses someone else's `aid`);
 * an engineer reaches every issue, or one account's with `aid`. Anything else is "not found".
 */
import { ORGANIZATION_DISABLED } from "@portico/shared/errors";
import { isRestricted } from "@portico/shared/rules/roles";
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import type { TIssueDetail } from "@portico/shared/schemas/conversations";
import { eq } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { membershipRole, resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { findIssue, type IssueRow, type IssueScope, issueStatus } from "./issues.queries";

export const ISSUE_NOT_FOUND = "Issue not found";
export const ACCOUNT_NOT_FOUND = "Account not found";
export const ACCOUNT_DISABLED = ORGANIZATION_DISABLED;
export const ISSUE_ARCHIVED = "This issue is archived; it takes no new messages until an engineer reopens it";
export const RENAME_REFUSED =
  "Only the issue's author, an owner of the organization or an engineer can rename it";

/** The issues a list of this viewer covers. */
export function issueScope(viewer: Viewer, aid: number | undefined): IssueScope {
  if (viewer.isEngineer) return aid === undefined ? { all: true } : { accountIds: [aid] };
  return { accountIds: [resolveAccount(viewer, aid).accountId] };
}

/** The issue if this viewer may see it in the account the request acts on; 404 otherwise. */
export async function loadIssue(
  exec: Executor,
  viewer: Viewer,
  aid: number | undefined,
  issueNumber: number,
): Promise<IssueRow> {
  const scope = issueScope(viewer, aid);
  const issue = await findIssue(exec, issueNumber);
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  if ("accountIds" in scope && !scope.accountIds.includes(issue.accountId)) throw notFound(ISSUE_NOT_FOUND);
  return issue;
}

/** Whether the viewer may read issues of this account at all (WebSocket channels). */
export function mayReadAccount(viewer: Viewer, accountId: number): boolean {
  return viewer.isEngineer || membershipRole(viewer, accountId) !== undefined;
}

/** The account a new issue goes to: the customer's own organization, or any for engineers. */
export async function assertMayOpenIssue(exec: Executor, viewer: Viewer, accountId: number) {
  if (!viewer.isEngineer) resolveAccount(viewer, accountId);
  const [account] = await exec.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  if (account.isDisabled) throw forbidden(ACCOUNT_DISABLED);
  // §6: customers of a cancelled plan keep reading their issues but open no new ones (panics included).
  if (isRestricted({ isEngineer: viewer.isEngineer, planStatus: account.planStatus }))
    throw forbidden(BILLING_MESSAGES.restricted);
  return account;
}

export const isArchived = (issue: IssueRow) => issueStatus(issue) === "archived";

export function assertTakesMessages(issue: IssueRow) {
  if (isArchived(issue)) throw conflict(ISSUE_ARCHIVED);
}

function mayRename(viewer: Viewer, issue: IssueRow) {
  return (
    viewer.isEngineer ||
    issue.createdBy === viewer.userId ||
    membershipRole(viewer, issue.accountId) === "owner"
  );
}

export function assertMayRename(viewer: Viewer, issue: IssueRow) {
  if (!mayRename(viewer, issue)) throw forbidden(RENAME_REFUSED);
}

export function issueAbilities(
  viewer: Viewer,
  issue: IssueRow,
  participant: boolean,
): TIssueDetail["abilities"] {
  return {
    post: !isArchived(issue),
    rename: mayRename(viewer, issue),
    answer: viewer.isEngineer,
    join: viewer.isEngineer && !participant,
    work: viewer.isEngineer,
  };
}
