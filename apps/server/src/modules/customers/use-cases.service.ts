/**
 * Use cases: the vendor-wide list engineers keep (names unique whatever their case: a unique
 * index on lower(name) decides, so two engineers creating "Archive" and "archive" at once cannot
 * both succeed) and the ones chosen per account, audited as use_cases.changed {added, removed}.
 */
import { CUSTOMER_MESSAGES as M, type TUseCase } from "@portico/shared/schemas/customers";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { accountUseCases, useCases } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { AccountRef } from "./account-work.policy";
import { type AuditActor, recordAudit } from "./audit";

const byName = [sql`lower(${useCases.name})`, useCases.id] as const;

/**
 * Every use case by name, with how many accounts chose it: all of them for an engineer; for a
 * customer, only their own organizations (other customers' choices are not theirs to count).
 */
export async function listUseCases(exec: Executor, viewer: Viewer, onlyId?: number): Promise<TUseCase[]> {
  const visible: SQL | undefined = viewer.isEngineer
    ? undefined
    : viewer.memberships.length > 0
      ? inArray(
          accountUseCases.accountId,
          viewer.memberships.map((m) => m.accountId),
        )
      : sql`false`;
  return exec
    .select({
      id: useCases.id,
      name: useCases.name,
      description: useCases.description,
      accounts: sql<number>`count(${accountUseCases.accountId})::int`,
    })
    .from(useCases)
    .leftJoin(accountUseCases, and(eq(accountUseCases.useCaseId, useCases.id), visible))
    .where(onlyId === undefined ? undefined : eq(useCases.id, onlyId))
    .groupBy(useCases.id)
    .orderBy(...byName);
}

async function getUseCase(exec: Executor, viewer: Viewer, id: number): Promise<TUseCase> {
  const [useCase] = await listUseCases(exec, viewer, id);
  if (!useCase) throw notFound(M.useCaseNotFound);
  return useCase;
}

export interface UseCaseInput {
  name: string;
  description: string;
}

export async function createUseCase(tx: Executor, viewer: Viewer, input: UseCaseInput): Promise<TUseCase> {
  const [row] = await tx.insert(useCases).values(input).onConflictDoNothing().returning({ id: useCases.id });
  if (!row) throw conflict(M.useCaseTaken);
  return getUseCase(tx, viewer, row.id);
}

export async function updateUseCase(
  tx: Executor,
  viewer: Viewer,
  id: number,
  input: UseCaseInput,
): Promise<TUseCase> {
  let updated: { id: number }[];
  try {
    updated = await tx.update(useCases).set(input).where(eq(useCases.id, id)).returning({ id: useCases.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.useCaseTaken);
    throw err;
  }
  if (updated.length === 0) throw notFound(M.useCaseNotFound);
  return getUseCase(tx, viewer, id);
}

/** Deletes a use case; each account that had it records that it was removed. */
export async function deleteUseCase(tx: Executor, actor: AuditActor, id: number): Promise<void> {
  const [useCase] = await tx
    .select({ name: useCases.name })
    .from(useCases)
    .where(eq(useCases.id, id))
    .for("update");
  if (!useCase) throw notFound(M.useCaseNotFound);
  const holders = await tx
    .delete(accountUseCases)
    .where(eq(accountUseCases.useCaseId, id))
    .returning({ accountId: accountUseCases.accountId });
  await tx.delete(useCases).where(eq(useCases.id, id));
  for (const { accountId } of holders) {
    await recordAudit(tx, actor, {
      accountId,
      action: "use_cases.changed",
      details: { added: [], removed: [useCase.name], use_case_deleted: true },
    });
  }
}

/** The account's use cases by name. */
export function listAccountUseCases(exec: Executor, accountId: number) {
  return exec
    .select({ id: useCases.id, name: useCases.name })
    .from(accountUseCases)
    .innerJoin(useCases, eq(useCases.id, accountUseCases.useCaseId))
    .where(eq(accountUseCases.accountId, accountId))
    .orderBy(...byName);
}

/** Sets exactly these use cases on the account (400 useCaseNotFound for an unknown id). */
export async function setAccountUseCases(
  tx: Executor,
  actor: AuditActor,
  account: AccountRef,
  useCaseIds: readonly number[],
) {
  const wanted = [...new Set(useCaseIds)];
  // Shared locks: a use case chosen here cannot be deleted before this commits.
  const chosen =
    wanted.length === 0
      ? []
      : await tx
          .select({ id: useCases.id, name: useCases.name })
          .from(useCases)
          .where(inArray(useCases.id, wanted))
          .for("share");
  if (chosen.length !== wanted.length) throw badRequest(M.useCaseNotFound);
  const before = await listAccountUseCases(tx, account.id);
  const added = chosen.filter((c) => !before.some((b) => b.id === c.id));
  const removed = before.filter((b) => !wanted.includes(b.id));
  if (removed.length > 0) {
    await tx.delete(accountUseCases).where(
      and(
        eq(accountUseCases.accountId, account.id),
        inArray(
          accountUseCases.useCaseId,
          removed.map((r) => r.id),
        ),
      ),
    );
  }
  if (added.length > 0) {
    await tx.insert(accountUseCases).values(added.map((a) => ({ accountId: account.id, useCaseId: a.id })));
  }
  if (added.length + removed.length > 0) {
    const names = (list: { name: string }[]) => list.map((u) => u.name).sort();
    await recordAudit(tx, actor, {
      accountId: account.id,
      action: "use_cases.changed",
      details: { added: names(added), removed: names(removed) },
    });
  }
  return listAccountUseCases(tx, account.id);
}
