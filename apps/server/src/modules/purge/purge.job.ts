/**
 * The purge job (`purge.run` {purge_id}): deletes everything of one account, a batch at a time.
 *
 * Each run of the job deletes ONE batch (up to `batchSize` rows of one kind) of the current stage
 * and, in the same transaction (the job queue's savepoint), adds what it deleted to the purge's
 * `counts`, moves `stage` on when a stage has nothing left, and enqueues the next run. So the
 * batch's deletions, its counts and the next job commit together or not at all: a process killed
 * at any moment leaves the last committed batch's state and its queued job, which any instance
 * resumes on restart, and no batch is ever counted twice.
 *
 * Stored bytes (local folder or S3) are deleted through `storage.delete` BEFORE their rows, inside
 * the batch: a crash in between leaves rows whose bytes are gone, and the retry deletes them again
 * (deleting nothing is not an error). The account is disabled and invisible meanwhile.
 *
 * A failing batch is rolled back (a savepoint of its own), its error recorded in `last_error`, and
 * the job retried with backoff; after MAX_ATTEMPTS failures in a row the purge is `failed`.
 */
import {
  PURGE_STAGES,
  type PurgeCountKey,
  type PurgeCounts,
  type PurgeStage,
} from "@portico/shared/schemas/purge";
import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { accountPurges } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Tx } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { Storage } from "../../platform/storage";

export const PURGE_JOB = "purge.run";
export const PURGE_BATCH = 200;
const MAX_ATTEMPTS = 6;
/** Seconds before retry n (1-based), as the job queue's own: 5 s, 20 s, 80 s, … */
const backoffSeconds = (attempt: number) => 5 * 4 ** (attempt - 1);

const ZPurgeJob = z.object({ purge_id: z.number().int(), attempt: z.number().int().min(0).optional() });

interface StepContext {
  tx: Tx;
  accountId: number;
  batch: number;
  storage: Storage;
}
/** Deletes one batch; what it deleted by count key, or null when nothing of its kind is left. */
type Step = (s: StepContext) => Promise<PurgeCounts | null>;

/** Deletes up to a batch of `table`'s rows matching `where` (cascades do the rest). */
function deleteWhere(table: string, where: (s: StepContext) => SQL, key?: PurgeCountKey): Step {
  const t = sql.identifier(table);
  return async (s) => {
    const [row] = await rowsOf<{ n: number }>(
      s.tx,
      sql`with gone as (
            delete from ${t} where ctid in (select ctid from ${t} where ${where(s)} limit ${s.batch})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    if (n === 0) return null;
    return key ? { [key]: n } : {};
  };
}

const ofAccount = (table: string, key?: PurgeCountKey) =>
  deleteWhere(table, (s) => sql`account_id = ${s.accountId}`, key);

/** Files of the account (attachments, reports, documents, pictures filed under it): bytes first. */
const filesStep: Step = async (s) => {
  const batch = await rowsOf<{ uuid: string; size: number | string }>(
    s.tx,
    sql`select uuid::text as uuid, size from files where account_id = ${s.accountId} order by uuid limit ${s.batch}`,
  );
  if (batch.length === 0) return null;
  for (const file of batch) await s.storage.delete(file.uuid);
  const ids = batch.map((f) => f.uuid);
  await s.tx.execute(sql`delete from files where uuid::text in ${ids}`);
  return { files: batch.length, file_bytes: batch.reduce((sum, f) => sum + Number(f.size), 0) };
};

const clustersStep: Step = async (s) => {
  const batch = await rowsOf<{ id: string }>(
    s.tx,
    sql`select id from clusters where account_id = ${s.accountId} order by id limit ${s.batch}`,
  );
  if (batch.length === 0) return null;
  const ids = batch.map((c) => c.id);
  const [reports] = await rowsOf<{ n: number }>(
    s.tx,
    sql`select count(*)::int as n from cluster_reports where cluster_id in ${ids}`,
  );
  await s.tx.execute(sql`delete from clusters where id in ${ids}`);
  return { clusters: ids.length, cluster_reports: Number(reports?.n ?? 0) };
};

const meetingsStep = deleteWhere(
  "meetings",
  (s) => sql`issue_number in (select issue_number from issues where account_id = ${s.accountId})`,
  "meetings",
);

const issuesStep: Step = async (s) => {
  const batch = await rowsOf<{ issue_number: number }>(
    s.tx,
    sql`select issue_number from issues where account_id = ${s.accountId} order by issue_number limit ${s.batch}`,
  );
  if (batch.length === 0) return null;
  const numbers = batch.map((i) => i.issue_number);
  const [messages] = await rowsOf<{ n: number }>(
    s.tx,
    sql`select count(*)::int as n from messages where issue_number in ${numbers}`,
  );
  // Messages, events, notes, participants, reads, summaries, tags, followers go by cascade.
  await s.tx.execute(sql`delete from issues where issue_number in ${numbers}`);
  return { issues: numbers.length, messages: Number(messages?.n ?? 0) };
};

/**
 * The account's members, a batch at a time: one who belongs to another organization keeps their
 * user (only this membership goes, and a default pointing here is cleared); one who belongs to
 * no other goes with their personal data (picture bytes, sales requests, mail still addressed to
 * them, e-mail tokens; the rest by cascade).
 */
const peopleStep: Step = async (s) => {
  const batch = await rowsOf<{ user_id: number; email: string; kept: boolean; picture: string | null }>(
    s.tx,
    sql`select m.user_id, u.email, p.storage_key as picture,
               exists (select 1 from memberships o where o.user_id = m.user_id and o.account_id <> m.account_id) as kept
        from memberships m
        join users u on u.id = m.user_id
        left join user_pictures p on p.user_id = m.user_id
        where m.account_id = ${s.accountId}
        order by m.user_id
        limit ${s.batch}`,
  );
  if (batch.length === 0) return null;
  const kept = batch.filter((m) => m.kept).map((m) => m.user_id);
  const gone = batch.filter((m) => !m.kept);
  if (kept.length > 0) {
    await s.tx.execute(sql`delete from memberships where account_id = ${s.accountId} and user_id in ${kept}`);
    await s.tx.execute(
      sql`update users set default_account_id = null where id in ${kept} and default_account_id = ${s.accountId}`,
    );
  }
  if (gone.length > 0) {
    for (const user of gone) if (user.picture) await s.storage.delete(user.picture);
    const ids = gone.map((u) => u.user_id);
    const emails = gone.map((u) => u.email);
    await s.tx.execute(sql`delete from sales_requests where user_id in ${ids}`);
    await s.tx.execute(sql`delete from mail_outbox where lower("to") in ${emails}`);
    await s.tx.execute(sql`delete from email_tokens where lower(email) in ${emails}`);
    await s.tx.execute(
      sql`delete from invites where lower(email) in ${emails} and account_id = ${s.accountId}`,
    );
    await s.tx.execute(sql`delete from users where id in ${ids}`);
  }
  return { memberships: batch.length, ...(gone.length > 0 ? { users: gone.length } : {}) };
};

/** The account row itself (whatever still hangs off it goes by cascade). */
const accountStep: Step = async (s) => {
  await s.tx.execute(
    sql`update users set default_account_id = null where default_account_id = ${s.accountId}`,
  );
  const gone = await rowsOf<{ id: number }>(
    s.tx,
    sql`delete from accounts where id = ${s.accountId} returning id`,
  );
  return gone.length > 0 ? {} : null;
};

/** Each stage's steps, in order; a stage is over when none of its steps finds anything. */
const STAGES: Record<Exclude<PurgeStage, "done">, Step[]> = {
  files: [filesStep],
  clusters: [clustersStep],
  issues: [
    ofAccount("todos", "todos"),
    ofAccount("time_logs", "time_logs"),
    meetingsStep,
    issuesStep,
    // Alerts about the account (its issues, clusters, subscription), whoever received them.
    ofAccount("alerts", "alerts"),
  ],
  access: [
    ofAccount("api_tokens", "api_tokens"),
    ofAccount("registration_keys", "registration_keys"),
    ofAccount("licences", "licences"),
    ofAccount("invites", "invites"),
    ofAccount("account_engineers"),
    ofAccount("account_followers"),
    ofAccount("account_use_cases"),
    ofAccount("feedback", "feedback"),
    ofAccount("account_audit", "audit_entries"),
  ],
  billing: [
    ofAccount("policy_acceptances"),
    ofAccount("billing_payments", "payments"),
    ofAccount("subscription_events"),
    ofAccount("subscriptions", "subscriptions"),
    ofAccount("billing_customers"),
    ofAccount("sales_requests"),
  ],
  people: [peopleStep],
  account: [accountStep],
};

function addCounts(into: PurgeCounts, more: PurgeCounts): PurgeCounts {
  const out: PurgeCounts = { ...into };
  for (const [key, n] of Object.entries(more) as [PurgeCountKey, number][]) out[key] = (out[key] ?? 0) + n;
  return out;
}

/**
 * Deletes the next batch: runs the current stage's steps until one deletes something; a stage
 * with nothing left moves on to the next (within this run). The new stage and counts.
 */
export async function purgeBatch(
  tx: Tx,
  storage: Storage,
  purge: { accountId: number; stage: PurgeStage; counts: PurgeCounts },
  batch: number,
): Promise<{ stage: PurgeStage; counts: PurgeCounts }> {
  let stage = purge.stage;
  while (stage !== "done") {
    for (const step of STAGES[stage]) {
      const deleted = await step({ tx, accountId: purge.accountId, batch, storage });
      if (deleted) {
        // The account row is the last thing to go: the purge is then over.
        const next = stage === "account" ? "done" : stage;
        return { stage: next, counts: addCounts(purge.counts, deleted) };
      }
    }
    stage = PURGE_STAGES[PURGE_STAGES.indexOf(stage) + 1] ?? "done";
  }
  return { stage, counts: purge.counts };
}

export interface PurgeJobOptions {
  batchSize?: number;
}

type PurgeJobContext = Pick<AppContext, "jobs" | "storage"> & { log: FastifyBaseLogger };

/** The job's handler; tests register it again with a smaller batch or wrapped. */
export function createPurgeHandler(ctx: PurgeJobContext, opts: PurgeJobOptions = {}) {
  const batch = opts.batchSize ?? PURGE_BATCH;
  return async (tx: Tx, payload: unknown, afterCommit: (fn: () => void) => void) => {
    const job = ZPurgeJob.parse(payload);
    const [purge] = await tx
      .select()
      .from(accountPurges)
      .where(eq(accountPurges.id, job.purge_id))
      .for("update");
    if (purge?.status !== "running") return;
    try {
      const next = await tx.transaction((savepoint) => purgeBatch(savepoint, ctx.storage, purge, batch));
      const done = next.stage === "done";
      await tx
        .update(accountPurges)
        .set({
          stage: next.stage,
          counts: next.counts,
          lastError: null,
          ...(done ? { status: "done" as const, finishedAt: new Date() } : {}),
        })
        .where(eq(accountPurges.id, purge.id));
      if (!done) {
        await ctx.jobs.enqueue(tx, PURGE_JOB, { purge_id: purge.id });
        afterCommit(() => ctx.jobs.kick());
      }
    } catch (err) {
      const attempt = (job.attempt ?? 0) + 1;
      const givingUp = attempt >= MAX_ATTEMPTS;
      ctx.log[givingUp ? "error" : "warn"]({ err, purge: purge.id, attempt }, "purge batch failed");
      await tx
        .update(accountPurges)
        .set({
          lastError: String(err instanceof Error ? err.message : err),
          ...(givingUp ? { status: "failed" as const, finishedAt: new Date() } : {}),
        })
        .where(eq(accountPurges.id, purge.id));
      if (!givingUp) {
        await ctx.jobs.enqueue(
          tx,
          PURGE_JOB,
          { purge_id: purge.id, attempt },
          new Date(Date.now() + backoffSeconds(attempt) * 1000),
        );
      }
    }
  };
}

export function registerPurgeJob(ctx: PurgeJobContext, opts: PurgeJobOptions = {}) {
  ctx.jobs.register(PURGE_JOB, createPurgeHandler(ctx, opts));
}
