/**
 * The account the work of the console acts on (time logs, engineers' roles, following, use
 * cases, the account's alerts) must exist (404 otherwise, as everywhere else); who may do that
 * work, vendor engineers refused before anything is read, is requireEngineer (accounts.policy).
 */
import { eq } from "drizzle-orm";
import { accounts } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import { purgedError, wasPurged } from "../purge/purged";

export interface AccountRef {
  id: number;
  company: string;
}

/**
 * The account, or 404. With `lock`, its row is held until the transaction ends, so two engineers
 * changing the same account's roles or use cases are applied one after the other.
 */
export async function findAccount(exec: Executor, accountId: number, lock = false): Promise<AccountRef> {
  const query = exec
    .select({ id: accounts.id, company: accounts.company, purgeStartedAt: accounts.purgeStartedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [account] = await (lock ? query.for("update") : query);
  if (account?.purgeStartedAt || (!account && (await wasPurged(exec, accountId)))) throw purgedError();
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return { id: account.id, company: account.company };
}
