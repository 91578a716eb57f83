/**
 * Outbox delivery: mail rows are written in the transaction of the change that caused them, then
 * sent by `flush()` (right after the change, and on a timer for retries). Rows are claimed with
 * SKIP LOCKED so several instances never send the same mail twice.
 *
 * Bodies carry live reset and invite links, so they are dropped as soon as SMTP has taken them,
 * and delivered or abandoned mail is purged after a retention period. Without SMTP the outbox is
 * the development mailbox, and bodies stay until that purge.
 */
import { and, asc, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { type OutboxAttachment, outbox } from "../../db/schema";
import type { Db, Executor } from "../db/client";
import { Pump } from "../pump";
import type { MailContent } from "./templates";

const MAX_ATTEMPTS = 8;
const BATCH = 20;
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Sends a text message; Twilio when configured (the phone module), none otherwise. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class Mailer {
  private readonly pump: Pump;
  private readonly transport: Transporter;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: {
      smtpUrl?: string | undefined;
      from: string;
      echoToLog: boolean;
      /** Without one, SMS stay in the outbox: the development mailbox shows them. */
      sms?: SmsSender | undefined;
    },
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
    this.pump = new Pump(() => this.deliverPending(), log, "mail delivery");
  }

  async enqueue(
    exec: Executor,
    to: string,
    content: MailContent,
    attachments?: OutboxAttachment[],
  ): Promise<void> {
    await exec
      .insert(outbox)
      .values({ to, ...content, attachments: attachments?.length ? attachments : null });
  }

  /** A text message to an E.164 number, delivered like mail (once, retried, after commit). */
  async enqueueSms(exec: Executor, to: string, text: string): Promise<void> {
    await exec.insert(outbox).values({ channel: "sms", to, subject: "SMS", text });
  }

  /** Sends pending mail now; callers invoke it after their transaction commits. */
  kick = () => this.pump.kick();
  flush = () => this.pump.flush();
  start = (intervalMs = 15_000) => this.pump.start(intervalMs);
  stop = () => this.pump.stop();

  /** Deletes delivered and abandoned mail older than the retention period. */
  async purge(now = Date.now()): Promise<number> {
    const before = new Date(now - MAIL_RETENTION_MS);
    const gone = await this.db
      .delete(outbox)
      .where(
        and(
          lt(outbox.createdAt, before),
          or(isNotNull(outbox.sentAt), sql`${outbox.attempts} >= ${MAX_ATTEMPTS}`),
        ),
      )
      .returning({ id: outbox.id });
    return gone.length;
  }

  private async deliverPending(): Promise<void> {
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.purge();
    }
    const viaSmtp = Boolean(this.opts.smtpUrl);
    const { sms } = this.opts;
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
            const delivered = row.channel === "sms" ? Boolean(sms) : viaSmtp;
            if (row.channel === "sms") await sms?.send(row.to, row.text ?? "");
            else
              await this.transport.sendMail({
                from: this.opts.from,
                to: row.to,
                subject: row.subject,
                text: row.text ?? "",
                html: row.html ?? "",
                attachments: row.attachments?.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: Buffer.from(a.contentBase64, "base64"),
                })),
              });
            if (!delivered && this.opts.echoToLog)
              this.log.info(
                { to: row.to, subject: row.subject, channel: row.channel },
                `${row.channel} (not sent, no ${row.channel === "sms" ? "TWILIO_*" : "SMTP_URL"}):\n${row.text}`,
              );
            await tx
              .update(outbox)
              .set({
                sentAt: new Date(),
                attempts: sql`${outbox.attempts} + 1`,
                ...(delivered ? { text: null, html: null, attachments: null } : {}),
              })
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
