/**
 * Purging an account (issue 17): what a purge would remove (purge-info), starting one (one
 * transaction: lock the account, mark it purged and disabled, sign out the members it leaves with
 * no organization, record the purge, enqueue the job), and reading purges back.
 */
import {
  PURGE_MESSAGES as M,
  type PurgeCounts,
  type TPurgeInfo,
  type TPurgeRecord,
  type TPurgeRequest,
} from "@portico/shared/schemas/purge";
import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import { accountPurges, accounts } from "../../db/schema";
import { VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { JobQueue } from "../../platform/jobs/queue";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import { revokeSessionsLeftWithoutOrganization } from "../customers/account-actions.service";
import { PURGE_JOB } from "./purge.job";
import { purgedError, wasPurged } from "./purged";

/** The account (locked with `lock`), 410 once a purge has started or it is gone after one, else 404. */
async function loadAccount(exec: Executor, accountId: number, lock = false) {
  const query = exec.select().from(accounts).where(eq(accounts.id, accountId));
  const [account] = await (lock ? query.for("update") : query);
  if (!account) throw (await wasPurged(exec, accountId)) ? purgedError() : notFound(ACCOUNT_NOT_FOUND);
  return account;
}

async function isPurging(exec: Executor, accountId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: accountPurges.id })
    .from(accountPurges)
    .where(and(eq(accountPurges.accountId, accountId), eq(accountPurges.status, "running")))
    .limit(1);
  return row !== undefined;
}

/** A live subscription on a paid plan (a trial or a free plan does not count; ended or cancelled neither). */
async function hasActivePaidSubscription(exec: Executor, accountId: number): Promise<boolean> {
  const [row] = await rowsOf<{ one: number }>(
    exec,
    sql`select 1 as one from subscriptions s join billing_plans p on p.id = s.plan_id
        where s.account_id = ${accountId} and s.ended_at is null and s.status <> 'canceled'
          and s.service_type not in ('TRIAL', 'FREE')
          and (p.price_usd_minor > 0 or p.price_eur_minor > 0 or p.code = 'CUSTOM')
        limit 1`,
  );
  return row !== undefined;
}

/** What a purge of the account would remove now. */
export async function purgeContents(exec: Executor, accountId: number): Promise<PurgeCounts> {
  const [row] = await rowsOf<Record<string, number | string>>(
    exec,
    sql`select
      (select count(*) from memberships m where m.account_id = ${accountId}
         and not exists (select 1 from memberships o where o.user_id = m.user_id and o.account_id <> m.account_id))::int as users,
      (select count(*) from memberships where account_id = ${accountId})::int as memberships,
      (select count(*) from invites where account_id = ${accountId})::int as invites,
      (select count(*) from issues where account_id = ${accountId})::int as issues,
      (select count(*) from messages where issue_number in (select issue_number from issues where account_id = ${accountId}))::int as messages,
      (select count(*) from files where account_id = ${accountId})::int as files,
      (select coalesce(sum(size), 0) from files where account_id = ${accountId})::bigint as file_bytes,
      (select count(*) from clusters where account_id = ${accountId})::int as clusters,
      (select count(*) from cluster_reports where cluster_id in (select id from clusters where account_id = ${accountId}))::int as cluster_reports,
      (select count(*) from api_tokens where account_id = ${accountId})::int as api_tokens,
      (select count(*) from registration_keys where account_id = ${accountId})::int as registration_keys,
      (select count(*) from licences where account_id = ${accountId})::int as licences,
      (select count(*) from subscriptions where account_id = ${accountId})::int as subscriptions,
      (select count(*) from billing_payments where account_id = ${accountId})::int as payments,
      (select count(*) from alerts where account_id = ${accountId})::int as alerts,
      (select count(*) from todos where account_id = ${accountId})::int as todos,
      (select count(*) from meetings where issue_number in (select issue_number from issues where account_id = ${accountId}))::int as meetings,
      (select count(*) from time_logs where account_id = ${accountId})::int as time_logs,
      (select count(*) from feedback where account_id = ${accountId})::int as feedback,
      (select count(*) from account_audit where account_id = ${accountId})::int as audit_entries`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, n]) => [key, Number(n)]));
}

/** Why the account may not be purged now, or null. */
async function refusal(exec: Executor, accountId: number): Promise<string | null> {
  if (accountId === VENDOR_ACCOUNT_ID) return M.vendorAccount;
  if (await isPurging(exec, accountId)) return M.alreadyPurging;
  if (await hasActivePaidSubscription(exec, accountId)) return M.activeSubscription;
  return null;
}

/** GET accounts/:id/purge-info. */
export async function getPurgeInfo(exec: Executor, accountId: number): Promise<TPurgeInfo> {
  const account = await loadAccount(exec, accountId);
  // A purge whose retries ran out leaves the account half-removed and out of reach: it may be
  // started again (from /purgeview) and removes what is left.
  if (account.purgeStartedAt && (await isPurging(exec, accountId))) throw purgedError();
  const reason = await refusal(exec, accountId);
  return {
    account_id: account.id,
    company: account.company,
    allowed: reason === null,
    reason,
    contents: await purgeContents(exec, accountId),
  };
}

export interface PurgeActor {
  userId: number;
  name: string;
}

/**
 * POST accounts/:id/purge, in the caller's transaction. Refused: the vendor's account (400),
 * unknown (404), already purged (410), running (409), the name not typed exactly (400), an active
 * paid subscription (409). Returns the new purge's id; the job starts after commit.
 */
export async function startPurge(
  exec: Executor,
  jobs: JobQueue,
  actor: PurgeActor,
  accountId: number,
  input: TPurgeRequest,
): Promise<number> {
  if (accountId === VENDOR_ACCOUNT_ID) throw badRequest(M.vendorAccount);
  const account = await loadAccount(exec, accountId, true);
  if (await isPurging(exec, accountId)) throw conflict(M.alreadyPurging);
  if (input.company.trim() !== account.company.trim()) throw badRequest(M.confirmMismatch);
  if (await hasActivePaidSubscription(exec, accountId)) throw conflict(M.activeSubscription);
  await exec
    .update(accounts)
    .set({ purgeStartedAt: sql`coalesce(${accounts.purgeStartedAt}, now())`, isDisabled: true })
    .where(eq(accounts.id, accountId));
  await revokeSessionsLeftWithoutOrganization(exec, accountId);
  const [purge] = await exec
    .insert(accountPurges)
    .values({
      accountId,
      company: account.company,
      reason: input.reason ? input.reason : null,
      requestedById: actor.userId,
      requestedByName: actor.name,
    })
    .returning({ id: accountPurges.id });
  if (!purge) throw new Error("insert failed");
  await jobs.enqueue(exec, PURGE_JOB, { purge_id: purge.id });
  return purge.id;
}

type PurgeRow = typeof accountPurges.$inferSelect;

export function presentPurge(row: PurgeRow): TPurgeRecord {
  return {
    id: row.id,
    account_id: row.accountId,
    company: row.company,
    reason: row.reason,
    requested_by: { user_id: row.requestedById, name: row.requestedByName },
    requested_at: row.requestedAt.toISOString(),
    status: row.status,
    stage: row.stage,
    counts: row.counts,
    last_error: row.lastError,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET purge/:id (404 recordNotFound). */
export async function getPurge(exec: Executor, id: number): Promise<TPurgeRecord> {
  const [row] = await exec.select().from(accountPurges).where(eq(accountPurges.id, id));
  if (!row) throw notFound(M.recordNotFound);
  return presentPurge(row);
}

/** GET purge: newest first, company contains q. */
export async function listPurges(exec: Executor, query: { page: number; page_size: number; q?: string }) {
  const where = query.q ? ilike(accountPurges.company, `%${query.q.replace(/[\\%_]/g, "\\$&")}%`) : undefined;
  const [total] = await exec.select({ n: count() }).from(accountPurges).where(where);
  const items = await exec
    .select()
    .from(accountPurges)
    .where(where)
    .orderBy(desc(accountPurges.requestedAt), desc(accountPurges.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    items: items.map(presentPurge),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
