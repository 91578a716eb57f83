/**
 * Text messages through Twilio's SDK (the outbox pump calls `send` after commit, retrying on
 * failure). TWILIO_FROM is the sender: a Twilio number, or a messaging service SID (MG…) that
 * picks one. Tests hand in their own `httpClient` (the SDK's documented seam) to reach a fake.
 */
import twilio from "twilio";
import type { SmsSender } from "../../platform/mail/mailer";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
}

/** Twilio's answer time before an attempt counts as failed (the outbox retries it). */
const TIMEOUT_MS = 10_000;

export class TwilioSms implements SmsSender {
  private readonly client: twilio.Twilio;

  constructor(
    private readonly settings: TwilioSettings,
    httpClient?: twilio.RequestClient,
  ) {
    this.client = twilio(settings.accountSid, settings.authToken, {
      timeout: TIMEOUT_MS,
      ...(httpClient ? { httpClient } : {}),
    });
  }

  async send(to: string, text: string): Promise<void> {
    const { from } = this.settings;
    const sender = /^MG[0-9a-f]{32}$/i.test(from) ? { messagingServiceSid: from } : { from };
    await this.client.messages.create({ to, body: text, ...sender });
  }
}
