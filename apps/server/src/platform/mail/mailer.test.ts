import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";
import { MAIL_RETENTION_MS } from "./mailer";

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(data);
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const RESET_MAIL = {
  subject: "Reset your Portico password",
  text: "Reset it at https://portal.example/reset-password?token=live-secret-token",
  html: '<a href="https://portal.example/reset-password?token=live-secret-token">Reset password</a>',
};

describe("mail delivered by SMTP", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("sends the body, then keeps no token-bearing body in the outbox", async () => {
    await t.app.ctx.mailer.enqueue(t.db, "reader@example.com", RESET_MAIL);
    await t.app.ctx.mailer.flush();
    expect(sink.received.some((m) => m.includes("live-secret-token"))).toBe(true);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, "reader@example.com"));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.subject).toBe(RESET_MAIL.subject);
    expect(row?.text).toBeNull();
    expect(row?.html).toBeNull();
  });
});

describe("the outbox without SMTP (the development mailbox)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps the body after delivery, for the mailbox to show", async () => {
    await t.app.ctx.mailer.enqueue(t.db, "dev@example.com", RESET_MAIL);
    await t.app.ctx.mailer.flush();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, "dev@example.com"));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.text).toContain("live-secret-token");
  });

  it("purges delivered and abandoned mail past the retention period, and nothing else", async () => {
    const old = new Date(Date.now() - MAIL_RETENTION_MS - 60_000);
    const recent = new Date();
    const rows = [
      { to: "old-sent@example.com", createdAt: old, sentAt: old, attempts: 1 },
      { to: "old-abandoned@example.com", createdAt: old, sentAt: null, attempts: 8 },
      { to: "old-pending@example.com", createdAt: old, sentAt: null, attempts: 2 },
      { to: "new-sent@example.com", createdAt: recent, sentAt: recent, attempts: 1 },
    ];
    for (const row of rows) await t.db.insert(outbox).values({ ...row, subject: "s", text: "t", html: "h" });
    const purged = await t.app.ctx.mailer.purge();
    expect(purged).toBe(2);
    const left = await t.db
      .select({ to: outbox.to })
      .from(outbox)
      .where(sql`${outbox.to} like '%-%@example.com'`);
    expect(left.map((r) => r.to).sort()).toEqual(["new-sent@example.com", "old-pending@example.com"]);
  });
});
