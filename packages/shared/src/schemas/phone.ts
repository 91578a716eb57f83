/**
 * Phone verification (spec §7.2 phone verification and check): a 6-digit code by SMS (Twilio, or
 * the development mailbox offline), hashed, 10 minutes, limited like the e-mailed codes.
 * Engineers with a verified phone may opt in to SMS for panics and assignments.
 */
import { z } from "../zod";

export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_ATTEMPTS = 5;

export const PHONE_MESSAGES = {
  phone: "Enter the phone number with its country code, like +14155550123",
  code: "The code is 6 digits",
  codeInvalid: "The code is not valid",
  codeExpired: "The code has expired, request a new one",
  tooManyAttempts: "Too many attempts, request a new code",
  noPendingCode: "Request a code first",
  smsNeedsVerifiedPhone: "Verify your phone number first",
  smsEngineersOnly: "Only engineers can receive SMS alerts",
} as const;

/** E.164: +, country code, up to 15 digits; spaces, dashes and brackets typed are dropped. */
export const phoneNumber = z
  .string({ error: PHONE_MESSAGES.phone })
  .transform((v) => v.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, PHONE_MESSAGES.phone));

/** POST /api/chat/phone/verify */
export const ZPhoneVerifyRequest = z.object({ phone: phoneNumber });
export const ZPhoneVerifyResponse = z.object({
  /** The number as shown: all but the last 3 digits hidden. */
  sent_to: z.string(),
  expires_at: z.string(),
});
/** POST /api/chat/phone/check */
export const ZPhoneCheckRequest = z.object({
  code: z.string({ error: PHONE_MESSAGES.code }).regex(/^\d{6}$/, PHONE_MESSAGES.code),
});
/** PUT /api/chat/phone/sms-alerts (engineers with a verified phone) */
export const ZSmsAlertsRequest = z.object({ enabled: z.boolean() });

export const ZPhoneState = z.object({
  phone: z.string().nullable(),
  verified: z.boolean(),
  sms_alerts: z.boolean(),
});
