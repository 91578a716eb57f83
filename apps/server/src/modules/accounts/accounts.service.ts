import { ORGANIZATION_NAME_TAKEN } from "@portico/shared/schemas/accounts";
import { eq, sql } from "drizzle-orm";
import { accounts, memberships, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/errors";
import { conflict } from "../../platform/errors";

export async function isOrganizationNameTaken(
  exec: Executor,
  name: string,
  exceptAccountId?: number,
): Promise<boolean> {
  const [row] = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.company}) = ${name.toLowerCase()}`);
  return row !== undefined && row.id !== exceptAccountId;
}

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ORGANIZATION_NAME_TAKEN);
    throw err;
  }
}

/** Creates an organization owned by the user and makes it their default. */
/** A new organization; `owner` (a customer creating their own) joins it as owner and acts on it by default. */
export async function createOrganization(exec: Executor, owner: number | null, company: string) {
  if (await isOrganizationNameTaken(exec, company)) throw conflict(ORGANIZATION_NAME_TAKEN);
  const [account] = await guardUnique(() => exec.insert(accounts).values({ company }).returning());
  if (!account) throw new Error("account insert returned nothing");
  if (owner !== null) {
    await exec.insert(memberships).values({ accountId: account.id, userId: owner, role: "owner" });
    await exec.update(users).set({ defaultAccountId: account.id }).where(eq(users.id, owner));
  }
  return account;
}

/** Renames the organization; answers its name before (for the audit). */
export async function renameOrganization(exec: Executor, accountId: number, company: string) {
  if (await isOrganizationNameTaken(exec, company, accountId)) throw conflict(ORGANIZATION_NAME_TAKEN);
  const [before] = await exec
    .select({ company: accounts.company })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for("update");
  await guardUnique(() => exec.update(accounts).set({ company }).where(eq(accounts.id, accountId)));
  return before?.company;
}
