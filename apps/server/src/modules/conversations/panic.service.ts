/**
 * Panic issues (spec §1, §7.2 panic): an issue of type "panic" that goes to the top of every
 * engineer's queue, e-mails every available engineer through the outbox and alerts every engineer
 * (PANIC, with an SMS to those who opted in), in the transaction that opens it (so all of it
 * happens or none). The caller pushes the alerts after commit.
 */
import { panicRefusal } from "@portico/shared/rules/panic";
import { PANIC_COOLDOWN_SECONDS, PANIC_MESSAGES } from "@portico/shared/schemas/search";
import { and, eq, gt, sql } from "drizzle-orm";
import { accounts, issues } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { forbidden, HttpError, notFound } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { allEngineers, raiseAlerts } from "../alerts/alerts.service";
import { ACCOUNT_NOT_FOUND, assertMayOpenIssue } from "./conversations.policy";
import { createIssue } from "./issues.service";
import { listEngineers } from "./people.queries";

/** Why this viewer may not raise a panic for the account, or null (GET ispanicallowed). */
export async function panicRefusalFor(exec: Executor, viewer: Viewer, accountId: number) {
  const [account] = await exec.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return panicRefusal({ isEngineer: viewer.isEngineer, account });
}

export interface NewPanic {
  accountId: number;
  title: string;
  message: string;
}

export async function raisePanic(ctx: AppContext, tx: Executor, viewer: Viewer, input: NewPanic) {
  const account = await assertMayOpenIssue(tx, viewer, input.accountId);
  const refusal = panicRefusal({ isEngineer: viewer.isEngineer, account });
  if (refusal) throw forbidden(refusal);
  // One panic per account at a time: the lock makes two simultaneous requests take turns, so
  // the second one sees the first and is refused, on any instance.
  await tx.execute(sql`select pg_advisory_xact_lock(${PANIC_LOCK}, ${input.accountId})`);
  const [recent] = await tx
    .select({ issueNumber: issues.issueNumber })
    .from(issues)
    .where(
      and(
        eq(issues.accountId, input.accountId),
        sql`${issues.issueType} = 'panic'`,
        gt(issues.createdAt, sql`now() - make_interval(secs => ${PANIC_COOLDOWN_SECONDS})`),
      ),
    )
    .limit(1);
  if (recent) {
    throw new HttpError(429, PANIC_MESSAGES.tooSoon, undefined, {
      "retry-after": String(PANIC_COOLDOWN_SECONDS),
    });
  }
  const issue = await createIssue(
    tx,
    viewer,
    { accountId: input.accountId, title: input.title, message: input.message },
    new Date(),
    "panic",
  );
  const link = `${ctx.config.publicUrl}/issues/${issue.issueNumber}`;
  const mail = mails.panic({ company: account.company, title: input.title, raisedBy: viewer.name, link });
  // Every available engineer hears of it, whatever their on-call setting.
  for (const engineer of await listEngineers(tx, { availableOnly: true }))
    await ctx.mailer.enqueue(tx, engineer.email, mail);
  // And every enabled engineer gets the alert (mandatory), by SMS too where they asked for it.
  const alerts = await raiseAlerts(
    tx,
    {
      type: "PANIC",
      userIds: allEngineers(),
      message: `Panic from ${account.company}: #${issue.issueNumber} ${input.title}`,
      link: `/issues/${issue.issueNumber}`,
      issueNumber: issue.issueNumber,
      accountId: input.accountId,
    },
    { sms: { mailer: ctx.mailer, publicUrl: ctx.config.publicUrl } },
  );
  return { issue, alerts };
}

/** The first key of the panic advisory lock (the second is the account id). */
const PANIC_LOCK = 0x70616e; // "pan"
