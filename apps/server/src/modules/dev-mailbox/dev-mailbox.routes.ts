/**
 * Development mailbox: without SMTP_URL every e-mail stays in the outbox table, and this page
 * shows it, so sign-up, one-time codes and resets work offline. It shows live sign-in codes and
 * reset links, so it exists only with DEPLOY_ENV=development and answers only this machine
 * (judged by the socket, never by a forwarded-for header); anyone else gets a plain 404.
 */
import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { outbox } from "../../db/schema";
import { escapeHtml } from "../../platform/mail/templates";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export const isLoopback = (address: string | undefined) => LOOPBACK.test(address ?? "");

export async function devMailboxRoutes(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) return reply.callNotFound();
  });
  const recent = () => app.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);

  app.get(
    "/api/dev/mail",
    { config: { public: true, maintenance: "open" }, schema: { hide: true } },
    async () =>
      (await recent()).map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: (m.attachments ?? []).map((a) => ({
          filename: a.filename,
          content_type: a.contentType,
          content_base64: a.contentBase64,
        })),
        created_at: m.createdAt.toISOString(),
      })),
  );

  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    const mails = await recent();
    const articles = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
  <div class="body">${
    m.channel === "sms"
      ? `<p>SMS: ${escapeHtml(m.text ?? "")}</p>`
      : (m.html ?? "<p>(body removed after delivery)</p>")
  }</div>${
    m.attachments?.length
      ? `<p class="meta">Attached: ${m.attachments.map((a) => escapeHtml(a.filename)).join(", ")}</p>`
      : ""
  }
</article>`,
      )
      .join("\n");
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portico development mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#6b7280;font-size:.85rem}</style></head>
<body><h1>Development mailbox</h1>
<p>Mail is not delivered because SMTP_URL is not set; the newest 100 messages are shown here.</p>
${articles || "<p>No mail yet.</p>"}
</body></html>`);
  });
}
