/**
 * The Twilio sender against a fake Twilio API on 127.0.0.1: the SDK's own request client, handed
 * in as its `httpClient` option, with the host swapped. Nothing reaches the real Twilio.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { Mailer } from "../../platform/mail/mailer";
import { createTestApp, type TestContext } from "../../test/helper";
import { TwilioSms } from "./twilio-sms";

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const SERVICE = `MG${"fedcba9876543210".repeat(2)}`;

interface Seen {
  method: string;
  path: string;
  authorization: string;
  form: Record<string, string>;
}

let server: Server;
let base = "";
let seen: Seen[] = [];
/** What the fake answers next: Twilio's 201 with a message resource by default. */
let answer: { status: number; body: object } = { status: 201, body: {} };

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The SDK's request client, sending to the fake instead of api.twilio.com. */
class LocalTwilio extends twilio.RequestClient {
  override request<T>(opts: twilio.RequestClient["request"] extends (o: infer O) => unknown ? O : never) {
    return super.request<T>({ ...opts, uri: opts.uri.replace("https://api.twilio.com", base) } as never);
  }
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    seen.push({
      method: req.method ?? "",
      path: req.url ?? "",
      authorization: req.headers.authorization ?? "",
      form,
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = { status: 201, body: { sid: "SM1", status: "queued", to: "+14155550123", body: "x" } };
});

const sender = (from = "+15005550006") =>
  new TwilioSms({ accountSid: SID, authToken: "s3cret", from }, new LocalTwilio());

describe("TwilioSms", () => {
  it("creates a message on the account with To, From and Body, authenticated by the SID and token", async () => {
    await sender().send("+14155550123", "Your Portico verification code is 123456");
    expect(seen).toEqual([
      {
        method: "POST",
        path: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:s3cret`).toString("base64")}`,
        form: { To: "+14155550123", From: "+15005550006", Body: "Your Portico verification code is 123456" },
      },
    ]);
  });

  it("sends through a messaging service when TWILIO_FROM is its SID", async () => {
    await sender(SERVICE).send("+14155550123", "hello");
    expect(seen[0]?.form).toEqual({ To: "+14155550123", MessagingServiceSid: SERVICE, Body: "hello" });
  });

  it("fails when Twilio refuses, so the outbox keeps the message for a retry", async () => {
    answer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    };
    await expect(sender().send("+10000000", "hello")).rejects.toThrow("not a valid phone number");
  });
});

describe("the outbox with the Twilio sender", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("delivers a queued SMS once and drops its text; a refused one stays pending with the error", async () => {
    const mailer = new Mailer(t.db, t.app.log, {
      from: "Portico <p@example.com>",
      echoToLog: false,
      sms: sender(),
    });
    await mailer.enqueueSms(t.db, "+14155550123", "Your Portico verification code is 654321");
    await mailer.flush();
    await mailer.flush();
    expect(seen.map((s) => s.form)).toEqual([
      { To: "+14155550123", From: "+15005550006", Body: "Your Portico verification code is 654321" },
    ]);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.to, "+14155550123"));
    expect(sent).toMatchObject({ channel: "sms", text: null, attempts: 1 });
    expect(sent?.sentAt).not.toBeNull();

    answer = { status: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } };
    await mailer.enqueueSms(t.db, "+14155550999", "Your Portico verification code is 111111");
    await mailer.flush();
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.to, "+14155550999"));
    expect(failed).toMatchObject({
      sentAt: null,
      attempts: 1,
      text: "Your Portico verification code is 111111",
    });
    expect(failed?.lastError).toContain("Internal Server Error");
    await mailer.stop();
  });
});
