/**
 * Who may reach todos (spec §6 feature gating, §7.2 todos). Every todo call first passes the
 * shared isFeatureAllowed("todo") for the account acted on (403 notAvailable), then sees the
 * todos of that account: a customer their organization's (`aid`, else their default one), an
 * engineer every account's, or one account's with `aid`. Another account's todo is not found.
 */
import { TODO_MESSAGES } from "@portico/shared/schemas/todos";
import type { Config } from "../../config";
import { featureAllowed } from "../../platform/auth/feature-gate";
import { findAccountScope, NO_ORGANIZATION, type Viewer } from "../../platform/auth/viewer";
import { forbidden } from "../../platform/errors";
import type { IssueScope } from "../conversations/issues.queries";

export interface TodoAccess {
  /** The todos this viewer reaches in this request. */
  scope: IssueScope;
  /** The account acted on: `aid`, else a customer's default organization; null for an engineer without `aid`. */
  accountId: number | null;
}

/** 403 notAvailable when the gate is closed for this viewer and account, else what they reach. */
export function todoAccess(
  config: Pick<Config, "deployEnv">,
  viewer: Viewer,
  aid: number | undefined,
): TodoAccess {
  // A customer naming someone else's organization is refused here (403), before the gate.
  const account = findAccountScope(viewer, aid);
  const accountId = viewer.isEngineer ? (aid ?? null) : (account?.accountId ?? null);
  const allowed = featureAllowed(config, viewer, "todo", accountId);
  if (!allowed) throw forbidden(TODO_MESSAGES.notAvailable);
  if (viewer.isEngineer)
    return { scope: aid === undefined ? { all: true } : { accountIds: [aid] }, accountId };
  if (!account) throw forbidden(NO_ORGANIZATION);
  return { scope: { accountIds: [account.accountId] }, accountId: account.accountId };
}

export const inScope = (scope: IssueScope, accountId: number) =>
  "all" in scope || scope.accountIds.includes(accountId);
