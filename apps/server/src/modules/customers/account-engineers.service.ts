/**
 * Engineers' roles on an account (spec §3 eng_acc_roles): one engineer per role, each an enabled
 * vendor engineer. Setting them replaces the three roles at once, audited with what changed.
 */
import { ENGINEER_ROLES, type EngineerRole } from "@portico/shared/rules/roles";
import { CUSTOMER_MESSAGES as M, type TEngineerOnAccount } from "@portico/shared/schemas/customers";
import { and, eq, inArray, not, sql } from "drizzle-orm";
import { accountEngineers, users } from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import type { AccountRef } from "./account-work.policy";
import { type AuditActor, recordAudit } from "./audit";

const ROLE_ORDER = sql`array_position(${`{${ENGINEER_ROLES.join(",")}}`}::text[], ${accountEngineers.role})`;

/** The account's engineers, in the order of ENGINEER_ROLES, then by name. */
export async function listAccountEngineers(exec: Executor, accountId: number): Promise<TEngineerOnAccount[]> {
  return exec
    .select({
      role: accountEngineers.role,
      user_id: accountEngineers.userId,
      name: users.name,
      email: users.email,
    })
    .from(accountEngineers)
    .innerJoin(users, eq(users.id, accountEngineers.userId))
    .where(eq(accountEngineers.accountId, accountId))
    .orderBy(ROLE_ORDER, users.name, users.id);
}

export type RoleHolders = Record<EngineerRole, number | null>;

/** 400 notAnEngineer unless every id is an enabled engineer (a customer's user never holds a role). */
async function assertEnabledEngineers(exec: Executor, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), not(users.isDisabled), isEngineerSql(users.id)));
  if (found.length !== wanted.length) throw badRequest(M.notAnEngineer);
}

const holderOf = (rows: TEngineerOnAccount[], role: EngineerRole) => {
  const row = rows.find((r) => r.role === role);
  return row ? { user_id: row.user_id, name: row.name } : null;
};

/** Replaces the account's three roles; records engineers.changed with {role: {from, to}} when any changed. */
export async function setAccountEngineers(
  tx: Executor,
  actor: AuditActor,
  account: AccountRef,
  holders: RoleHolders,
): Promise<TEngineerOnAccount[]> {
  await assertEnabledEngineers(
    tx,
    ENGINEER_ROLES.flatMap((role) => (holders[role] === null ? [] : [holders[role]])),
  );
  const before = await listAccountEngineers(tx, account.id);
  await tx.delete(accountEngineers).where(eq(accountEngineers.accountId, account.id));
  const rows = ENGINEER_ROLES.flatMap((role) => {
    const userId = holders[role];
    return userId === null ? [] : [{ accountId: account.id, userId, role }];
  });
  if (rows.length > 0) await tx.insert(accountEngineers).values(rows);
  const after = await listAccountEngineers(tx, account.id);
  const changes: Record<string, unknown> = {};
  for (const role of ENGINEER_ROLES) {
    const from = holderOf(before, role);
    const to = holderOf(after, role);
    // A role held by several engineers (data from before the console) reads as changed when set.
    const held = before.filter((r) => r.role === role).length;
    if (from?.user_id !== to?.user_id || held > 1) changes[role] = { from, to };
  }
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, actor, { accountId: account.id, action: "engineers.changed", details: changes });
  }
  return after;
}
