/**
 * Time logs: the minutes an engineer spent on an account, on a day, optionally about one of the
 * account's issues. Logging and deleting are audited in their own transaction.
 */

import { checkDateRange, dateRangeError } from "@portico/shared/rules/date-range";
import { CUSTOMER_MESSAGES as M, type TTimeLog } from "@portico/shared/schemas/customers";
import { and, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { accounts, issues, timeLogs, users } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import type { AccountRef } from "./account-work.policy";
import { type AuditActor, recordAudit } from "./audit";

export interface TimeLogFilter {
  accountId?: number;
  userId?: number;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/**
 * The from/to of a time-log or feedback query, checked by the one rule of spec §5's date ranges
 * (rules/date-range.ts): from a real date not after today, to a real date not before from (one
 * day is from = to: both are inclusive). An empty value is no bound.
 */
export function readDateRange(from: string | undefined, to: string | undefined) {
  const start = from || undefined;
  const end = to || undefined;
  const problem = dateRangeError(checkDateRange(start, end));
  if (problem !== null) throw badRequest(problem);
  return { from: start, to: end };
}

const TIME_LOG = {
  id: timeLogs.id,
  account_id: timeLogs.accountId,
  company: accounts.company,
  user_id: timeLogs.userId,
  user_name: users.name,
  work_date: timeLogs.workDate,
  minutes: timeLogs.minutes,
  note: timeLogs.note,
  issue_number: timeLogs.issueNumber,
  created_at: timeLogs.createdAt,
};

const present = (row: Omit<TTimeLog, "created_at"> & { created_at: Date }): TTimeLog => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/** Newest work date first; total and total_minutes count every entry the filter matches. */
export async function listTimeLogs(exec: Executor, filter: TimeLogFilter) {
  const where: SQL[] = [];
  if (filter.accountId !== undefined) where.push(eq(timeLogs.accountId, filter.accountId));
  if (filter.userId !== undefined) where.push(eq(timeLogs.userId, filter.userId));
  if (filter.from !== undefined) where.push(gte(timeLogs.workDate, filter.from));
  if (filter.to !== undefined) where.push(lte(timeLogs.workDate, filter.to));
  const condition = and(...where);
  const [rows, [totals]] = await Promise.all([
    exec
      .select(TIME_LOG)
      .from(timeLogs)
      .innerJoin(accounts, eq(accounts.id, timeLogs.accountId))
      .leftJoin(users, eq(users.id, timeLogs.userId))
      .where(condition)
      .orderBy(desc(timeLogs.workDate), desc(timeLogs.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    exec
      .select({ total: count(), minutes: sql<string>`coalesce(sum(${timeLogs.minutes}), 0)` })
      .from(timeLogs)
      .where(condition),
  ]);
  return {
    items: rows.map(present),
    total: totals?.total ?? 0,
    total_minutes: Number(totals?.minutes ?? 0),
    page: filter.page,
    page_size: filter.pageSize,
  };
}

async function getTimeLog(exec: Executor, id: number): Promise<TTimeLog> {
  const [row] = await exec
    .select(TIME_LOG)
    .from(timeLogs)
    .innerJoin(accounts, eq(accounts.id, timeLogs.accountId))
    .leftJoin(users, eq(users.id, timeLogs.userId))
    .where(eq(timeLogs.id, id));
  if (!row) throw notFound(M.timeLogNotFound);
  return present(row);
}

export interface NewTimeLog {
  work_date: string;
  minutes: number;
  note: string;
  issue_number?: number | null | undefined;
}

/** Logs the actor's time on the account; an issue must be one of the account's (400 otherwise). */
export async function logTime(
  tx: Executor,
  actor: AuditActor,
  account: AccountRef,
  input: NewTimeLog,
): Promise<TTimeLog> {
  const issueNumber = input.issue_number ?? null;
  if (issueNumber !== null) {
    const [issue] = await tx
      .select({ accountId: issues.accountId })
      .from(issues)
      .where(eq(issues.issueNumber, issueNumber));
    if (issue?.accountId !== account.id) throw badRequest(M.issueNotOfAccount);
  }
  const [row] = await tx
    .insert(timeLogs)
    .values({
      accountId: account.id,
      userId: actor.userId,
      workDate: input.work_date,
      minutes: input.minutes,
      note: input.note,
      issueNumber,
    })
    .returning({ id: timeLogs.id });
  if (!row) throw new Error("time log insert returned nothing");
  await recordAudit(tx, actor, {
    accountId: account.id,
    action: "time.logged",
    details: {
      log_id: row.id,
      work_date: input.work_date,
      minutes: input.minutes,
      issue_number: issueNumber,
    },
  });
  return getTimeLog(tx, row.id);
}

/** Deletes one of the account's entries: the engineer's own, or any for an admin. */
export async function deleteTimeLog(
  tx: Executor,
  viewer: Viewer,
  actor: AuditActor,
  accountId: number,
  logId: number,
): Promise<void> {
  const [entry] = await tx
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.id, logId), eq(timeLogs.accountId, accountId)))
    .for("update");
  if (!entry) throw notFound(M.timeLogNotFound);
  if (entry.userId !== viewer.userId && !viewer.isAdmin) throw forbidden(M.timeLogOwnOnly);
  await tx.delete(timeLogs).where(eq(timeLogs.id, logId));
  await recordAudit(tx, actor, {
    accountId,
    action: "time.deleted",
    details: {
      log_id: entry.id,
      engineer_id: entry.userId,
      work_date: entry.workDate,
      minutes: entry.minutes,
      issue_number: entry.issueNumber,
    },
  });
}
