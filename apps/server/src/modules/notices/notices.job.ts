/**
 * Delivering a notice (job `notices.deliver`, payload {notice_id}): one batch of the audience per
 * run, users by ascending id after the notice's `cursor`. In the batch's transaction: a NOTICE
 * alert each (message = title, data.detail = body, link /alerts) inserted ON CONFLICT DO NOTHING
 * on the unique (notice_id, user_id), the e-mails of those with their notification flag on when
 * the notice asks for e-mail (one INSERT into the outbox), the cursor and counts on the notice,
 * and the job for the next batch. After commit the alerts are pushed on each `user:{id}` and the
 * queue is kicked for the next batch (the queue kicks the mailer). The last batch marks the
 * notice sent.
 *
 * No transaction holds more than one batch, and everything a batch does commits together, so a
 * process killed at any moment resumes at the last committed cursor and nobody gets it twice
 * (nor is counted twice). A batch that fails is retried with backoff from the same cursor; after
 * MAX_ATTEMPTS failures in a row the notice is marked failed with the error.
 */

import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { alerts, notices, outbox, users } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { JobHandler } from "../../platform/jobs/queue";
import { mails } from "../../platform/mail/templates";
import { type AlertRow, presentAlert, pushAlerts, type RaisedAlert } from "../alerts/alerts.service";
import { type Audience, inAudience, lockNotice, NOTICE_JOB } from "./notices.service";

/** Users per batch: one transaction's worth (~1,000 alerts, and as many e-mails at most). */
export const NOTICE_BATCH_SIZE = 1000;
/** Failed batches in a row before the notice is marked failed. */
export const NOTICE_MAX_ATTEMPTS = 6;
/** Seconds before retry n (1-based): 5 s, 20 s, 80 s, … as the queue's own. */
const backoffSeconds = (attempt: number) => 5 * 4 ** (attempt - 1);

const ZDeliverJob = z.object({ notice_id: z.number(), attempt: z.number().int().min(0).default(0) });

export interface BatchOutcome {
  /** The notice is sent (this was its last batch) or was not sending any more. */
  done: boolean;
  raised: RaisedAlert[];
}

interface CreatedRow extends AlertRow {
  user_id: number;
  unread: number | string;
  mailed: number | string;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** One batch of a notice's delivery, in the caller's transaction. */
export async function deliverBatch(
  tx: Executor,
  noticeId: number,
  opts: { batchSize: number; publicUrl: string },
): Promise<BatchOutcome> {
  const notice = await lockNotice(tx, noticeId);
  if (notice?.status !== "sending") return { done: true, raised: [] };
  const audience: Audience = {
    audience: notice.audience,
    accountIds: notice.accountIds,
    userIds: notice.userIds,
  };
  const batch = await rowsOf<{ id: number }>(
    tx,
    sql`
    select u.id from ${users} u
    where ${inAudience(audience)} and u.id > ${notice.cursor}
    order by u.id limit ${opts.batchSize}`,
  );
  const ids = batch.map((r) => Number(r.id));
  const last = ids.at(-1);
  if (last === undefined) {
    await tx
      .update(notices)
      .set({ status: "sent", finishedAt: sql`now()`, lastError: null })
      .where(eq(notices.id, noticeId));
    return { done: true, raised: [] };
  }
  const mail = mails.notice({ title: notice.title, body: notice.body, link: `${opts.publicUrl}/alerts` });
  const data = JSON.stringify({ detail: notice.body, notice_id: noticeId });
  // The outer select runs on the statement's snapshot: a recipient's unread count is theirs
  // before, plus this one (as raiseAlerts).
  const rows = await rowsOf<CreatedRow>(
    tx,
    sql`
    with created as (
      insert into ${alerts} (user_id, type, message, link, data, notice_id, created_at)
      select u.id, 'NOTICE', ${notice.title}, '/alerts', ${data}::jsonb, ${noticeId}, clock_timestamp()
      from ${users} u where u.id = any(${intArray(ids)}) and not u.is_disabled
      order by u.id
      on conflict (notice_id, user_id) where notice_id is not null do nothing
      returning id, user_id, type, message, data->>'detail' as detail, link, issue_number, created_at, read_at
    ), mailed as (
      insert into ${outbox} ("channel", "to", "subject", "text", "html")
      select 'email', u.email, ${mail.subject}, ${mail.text}, ${mail.html}
      from created c join ${users} u on u.id = c.user_id
      where ${notice.sendEmail} and u.email_notification
      order by u.id
      returning 1
    )
    select c.*,
           (select count(*) from ${alerts} a where a.user_id = c.user_id and a.read_at is null) + 1 as unread,
           (select count(*) from mailed) as mailed
    from created c order by c.id`,
  );
  const mailed = rows[0] ? Number(rows[0].mailed) : 0;
  const done = ids.length < opts.batchSize;
  await tx
    .update(notices)
    .set({
      cursor: last,
      recipientCount: sql`${notices.recipientCount} + ${rows.length}`,
      emailedCount: sql`${notices.emailedCount} + ${mailed}`,
      lastError: null,
      ...(done ? { status: "sent" as const, finishedAt: sql`now()` } : {}),
    })
    .where(eq(notices.id, noticeId));
  return {
    done,
    raised: rows.map((row) => ({
      userId: row.user_id,
      alert: presentAlert(row),
      unread: Number(row.unread),
    })),
  };
}

/**
 * The job's handler. `batchSize` and `deliver` are for tests and the bench (a smaller batch shows
 * the batching with fewer users; a failing delivery shows the retries).
 */
export function createDeliverHandler(
  ctx: Pick<AppContext, "jobs" | "realtime" | "config">,
  opts: { batchSize?: number; deliver?: typeof deliverBatch } = {},
): JobHandler {
  const batchSize = opts.batchSize ?? NOTICE_BATCH_SIZE;
  const deliver = opts.deliver ?? deliverBatch;
  return async (tx, payload, afterCommit) => {
    const job = ZDeliverJob.parse(payload);
    try {
      const outcome = await tx.transaction((batchTx) =>
        deliver(batchTx, job.notice_id, { batchSize, publicUrl: ctx.config.publicUrl }),
      );
      if (!outcome.done) await ctx.jobs.enqueue(tx, NOTICE_JOB, { notice_id: job.notice_id });
      afterCommit(() => {
        void pushAlerts(ctx.realtime, null, outcome.raised);
        if (!outcome.done) ctx.jobs.kick();
      });
    } catch (err) {
      // The batch's savepoint is rolled back: nothing of it stays. Record why, and retry from
      // the same cursor later, or give up.
      const attempt = job.attempt + 1;
      const givingUp = attempt >= NOTICE_MAX_ATTEMPTS;
      await tx
        .update(notices)
        .set({
          lastError: String(err),
          ...(givingUp ? { status: "failed" as const, finishedAt: sql`now()` } : {}),
        })
        .where(eq(notices.id, job.notice_id));
      if (!givingUp) {
        const runAt = new Date(Date.now() + backoffSeconds(attempt) * 1000);
        await ctx.jobs.enqueue(tx, NOTICE_JOB, { notice_id: job.notice_id, attempt }, runAt);
      }
    }
  };
}

export function registerNoticeJobs(ctx: AppContext) {
  ctx.jobs.register(NOTICE_JOB, createDeliverHandler(ctx));
}
