/**
 * The organization's registration key (spec §7.1 api-key): what a new cluster presents to its
 * first cluster/register. One row per organization; issuing replaces its hash, so the old key
 * stops at once. Shown once; only the hash and a hint are kept.
 */
import { REGISTRATION_KEY_PREFIX } from "@portico/shared/schemas/licences";
import { eq, sql } from "drizzle-orm";
import { registrationKeys } from "../../db/schema";
import { issueSecret } from "../../platform/auth/secrets";
import type { Db, Executor } from "../../platform/db/client";

export async function registrationKeyInfo(exec: Executor, accountId: number) {
  const [row] = await exec
    .select({ hint: registrationKeys.hint, createdAt: registrationKeys.createdAt })
    .from(registrationKeys)
    .where(eq(registrationKeys.accountId, accountId));
  return { hint: row?.hint ?? null, created_at: row?.createdAt.toISOString() ?? null };
}

export async function issueRegistrationKey(db: Db, accountId: number, userId: number) {
  const { secret, hash, hint } = issueSecret(REGISTRATION_KEY_PREFIX);
  const fresh = { keyHash: hash, hint, createdBy: userId, createdAt: sql`now()` };
  const [row] = await db
    .insert(registrationKeys)
    .values({ accountId, ...fresh })
    .onConflictDoUpdate({ target: registrationKeys.accountId, set: fresh })
    .returning({ createdAt: registrationKeys.createdAt });
  if (!row) throw new Error("registration key not stored");
  return { key: secret, hint, created_at: row.createdAt.toISOString() };
}
