/**
 * The answer for an organization that was (or is being) purged: 410 "This organization was
 * purged". Used by the account loaders of the console (the account being purged is disabled and
 * invisible; once it is gone its `account_purges` row still says what happened to it).
 */
import { PURGE_MESSAGES } from "@portico/shared/schemas/purge";
import { eq, sql } from "drizzle-orm";
import { accountPurges } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { HttpError } from "../../platform/errors";

export const purgedError = () => new HttpError(410, PURGE_MESSAGES.purged);

/** Whether a purge of this account id was ever started (the account may be gone by now). */
export async function wasPurged(exec: Executor, accountId: number): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql`1` })
    .from(accountPurges)
    .where(eq(accountPurges.accountId, accountId))
    .limit(1);
  return row !== undefined;
}
