/**
 * Outbox delivery: mail rows are written in the transaction of the change that caused them, then
 * sent by `flush()` (right after the change, and on a timer for retries). Rows are claimed with
 * SKIP LOCKED so several instances never send the same mail twice.
 */
import { and, asc, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { outbox } from "../../db/schema";
import type { Db, Executor } from "../db/client";
import type { MailContent } from "./templates";

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string; echoToLog: boolean },
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
  }

  async enqueue(exec: Executor, to: string, content: MailContent): Promise<void> {
    await exec.insert(outbox).values({ to, ...content });
  }

  /** Sends pending mail now; callers invoke it after their transaction commits. */
  kick(): void {
    void this.flush().catch((err) => this.log.error({ err }, "mail delivery failed"));
  }

  flush(): Promise<void> {
    this.flushing ??= this.deliverPending().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  start(intervalMs = 15_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
  }

  private async deliverPending(): Promise<void> {
    for (;;) {
      const sent = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outbox)
          .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
          .orderBy(asc(outbox.id))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        for (const row of rows) {
          try {
            await this.transport.sendMail({
              from: this.opts.from,
              to: row.to,
              subject: row.subject,
              text: row.text,
              html: row.html,
            });
            if (!this.opts.smtpUrl && this.opts.echoToLog)
              this.log.info(
                { to: row.to, subject: row.subject },
                `mail (not sent, no SMTP_URL):\n${row.text}`,
              );
            await tx
              .update(outbox)
              .set({ sentAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
              .where(sql`${outbox.id} = ${row.id}`);
          } catch (err) {
            this.log.warn({ err, to: row.to }, "mail delivery attempt failed");
            await tx
              .update(outbox)
              .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String(err) })
              .where(sql`${outbox.id} = ${row.id}`);
          }
        }
        return rows.length;
      });
      if (sent < BATCH) return;
    }
  }
}
