/**
 * Durable jobs that run every so often (the clusters' not-reporting sweep, billing's
 * reconciliation, the SLA breach sweep). Each keeps itself going: a run enqueues the next in its
 * own savepoint, so the next is planned exactly when the run's work commits and a failed run is
 * retried rather than doubled. Start-up adds a run when none is pending (a new database, or one
 * whose retries ran out), under an advisory lock so instances starting together add one between
 * them.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import type { Db } from "../db/client";
import type { JobHandler, JobQueue } from "./queue";

export interface RecurringJob {
  kind: string;
  /** Any fixed key of its own: guards the start-up check of the pending row. */
  lockKey: number;
  everyMs: number;
}

const nextRun = (job: RecurringJob) => new Date(Date.now() + job.everyMs);

/** Registers the job's handler; each run plans the next one `everyMs` later. */
export function registerRecurringJob(queue: JobQueue, job: RecurringJob, run: JobHandler): void {
  queue.register(job.kind, async (tx, payload, afterCommit) => {
    await queue.enqueue(tx, job.kind, {}, nextRun(job));
    await run(tx, payload, afterCommit);
  });
}

/** Exactly one run pending: adds one `everyMs` from now when there is none. */
export async function ensureRecurringJob(ctx: { db: Db; jobs: JobQueue }, job: RecurringJob): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${job.lockKey})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, job.kind), isNull(jobs.failedAt)))
      .limit(1);
    if (!pending) await ctx.jobs.enqueue(tx, job.kind, {}, nextRun(job));
  });
}
