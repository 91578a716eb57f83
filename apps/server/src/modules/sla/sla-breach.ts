/**
 * SLA breaches (issue 18): every minute a durable job finds the issues whose first-response
 * deadline has passed with no response, stamps each once (sla_breach_alerted_at) and alerts
 * SLA_BREACH to the issue's assignees; without any, the engineers of its account; without those,
 * every engineer. Stamp and alerts commit together, so a restart half-way loses or doubles none.
 */

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { accountEngineers, accounts, issueAssignees, issues } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { ensureRecurringJob, type RecurringJob, registerRecurringJob } from "../../platform/jobs/recurring";
import { allEngineers, pushAlerts, type RaisedAlert, raiseAlerts } from "../alerts/alerts.service";

export const SLA_BREACH_JOB = "sla.breach-sweep";
const SWEEP: RecurringJob = { kind: SLA_BREACH_JOB, lockKey: 720_018, everyMs: 60_000 };
/** Issues alerted per run; a backlog drains a batch a minute. */
export const SLA_BREACH_BATCH = 500;

export const slaBreachMessage = (issueNumber: number, title: string, hours: number, company: string) =>
  `Issue #${issueNumber} "${title}" has waited past its ${hours}-hour first response (${company})`;

/** Who hears of a breach: the assignees, else the account's engineers, else every engineer. */
const breachRecipients = (issueNumber: number, accountId: number) => {
  const assigned = sql`select ${issueAssignees.userId} from ${issueAssignees} where ${issueAssignees.issueNumber} = ${issueNumber}`;
  const ofAccount = sql`select ${accountEngineers.userId} from ${accountEngineers} where ${accountEngineers.accountId} = ${accountId}`;
  return sql`${assigned}
    union select user_id from (${ofAccount}) e where not exists (${assigned})
    union select id from (${allEngineers()}) e where not exists (${assigned}) and not exists (${ofAccount})`;
};

interface Breach {
  issue_number: number;
  title: string;
  account_id: number;
  sla_hours: number;
  company: string;
}

/** Stamps and alerts the breaches due now (a batch); returns the alerts to push after commit. */
export async function sweepSlaBreaches(tx: Executor): Promise<RaisedAlert[]> {
  // Read from the partial index issues_sla_waiting_idx: only deadlines not yet alerted.
  const breaches = await rowsOf<Breach>(
    tx,
    sql`
    with due as (
      update ${issues} set sla_breach_alerted_at = now()
      where issue_number in (
        select issue_number from ${issues}
        where sla_due_at <= now() and first_response_at is null and sla_due_at is not null
          and sla_breach_alerted_at is null and not answered
        order by sla_due_at
        limit ${SLA_BREACH_BATCH}
        for update skip locked)
      returning issue_number, title, account_id, sla_hours
    )
    select due.issue_number, due.title, due.account_id, due.sla_hours, a.company
    from due join ${accounts} a on a.id = due.account_id
    order by due.issue_number`,
  );
  const raised: RaisedAlert[] = [];
  for (const breach of breaches) {
    raised.push(
      ...(await raiseAlerts(tx, {
        type: "SLA_BREACH",
        userIds: breachRecipients(breach.issue_number, breach.account_id),
        message: slaBreachMessage(breach.issue_number, breach.title, breach.sla_hours, breach.company),
        link: `/issues/${breach.issue_number}`,
        issueNumber: breach.issue_number,
        accountId: breach.account_id,
      })),
    );
  }
  return raised;
}

export const ensureSlaBreachSweep = (ctx: AppContext) => ensureRecurringJob(ctx, SWEEP);

/** The sweep's job, one pending from start-up on (as the clusters' not-reporting sweep). */
export async function slaModule(app: FastifyInstance) {
  registerRecurringJob(app.ctx.jobs, SWEEP, async (tx, _payload, afterCommit) => {
    const raised = await sweepSlaBreaches(tx);
    afterCommit(() => void pushAlerts(app.ctx.realtime, null, raised));
  });
  app.addHook("onReady", async () => {
    await ensureSlaBreachSweep(app.ctx).catch((err) =>
      app.log.warn({ err }, "the SLA breach sweep could not be scheduled yet"),
    );
  });
}
