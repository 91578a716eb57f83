/**
 * Durable background jobs in the database. A request that must not reveal or wait for its work
 * (a password reset answers the same for every address) records a job in one insert and answers;
 * any instance then claims due jobs with SKIP LOCKED and runs each in a savepoint, so a job's
 * effects and its removal commit together and a crash half-way leaves it to be retried.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { jobs } from "../../db/schema";
import type { Db, Executor, Tx } from "../db/client";
import { Pump } from "../pump";

/**
 * Runs one job in a savepoint of the batch's transaction. `afterCommit` takes work to do once
 * that transaction has committed (e.g. pushing what the job wrote to the sockets).
 */
export type JobHandler = (tx: Tx, payload: unknown, afterCommit: (fn: () => void) => void) => Promise<void>;

const BATCH = 20;
const MAX_ATTEMPTS = 6;
/** Seconds before retry n (1-based): 5 s, 20 s, 80 s, … */
const backoffSeconds = (attempt: number) => 5 * 4 ** (attempt - 1);

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly pump: Pump;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Called after each batch commits (e.g. to send the mail its jobs wrote to the outbox). */
    private readonly afterCommit: () => void = () => undefined,
  ) {
    this.pump = new Pump(() => this.runDue(), log, "background jobs");
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Records a job in the caller's transaction; it runs after `runAt` (now by default). */
  async enqueue(exec: Executor, kind: string, payload: unknown, runAt?: Date): Promise<void> {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    await exec.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
  }

  kick = () => this.pump.kick();
  flush = () => this.pump.flush();
  start = (intervalMs = 5_000) => this.pump.start(intervalMs);
  stop = () => this.pump.stop();

  private async runDue(): Promise<void> {
    for (;;) {
      const committed: (() => void)[] = [];
      const claimed = await this.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(jobs)
          .where(
            and(
              isNull(jobs.failedAt),
              lte(jobs.runAt, new Date()),
              // Only kinds this instance knows: another version's jobs wait for their own instances.
              inArray(jobs.kind, [...this.handlers.keys()]),
            ),
          )
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        for (const job of due) await this.runOne(tx, job, committed);
        return due.length;
      });
      for (const fn of committed) {
        try {
          fn();
        } catch (err) {
          this.log.error({ err }, "a job's after-commit step failed");
        }
      }
      if (claimed > 0) this.afterCommit();
      if (claimed < BATCH) return;
    }
  }

  private async runOne(tx: Tx, job: typeof jobs.$inferSelect, committed: (() => void)[]): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // Kept only if the job's savepoint holds: a failed job's steps are dropped with it.
      const steps: (() => void)[] = [];
      await tx.transaction((savepoint) => handler(savepoint, job.payload, (fn) => steps.push(fn)));
      committed.push(...steps);
      await tx.delete(jobs).where(eq(jobs.id, job.id));
    } catch (err) {
      const attempts = job.attempts + 1;
      const givingUp = attempts >= MAX_ATTEMPTS;
      this.log[givingUp ? "error" : "warn"]({ err, job: job.id, kind: job.kind, attempts }, "job failed");
      await tx
        .update(jobs)
        .set({
          attempts,
          lastError: String(err),
          runAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
          failedAt: givingUp ? new Date() : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }
}
