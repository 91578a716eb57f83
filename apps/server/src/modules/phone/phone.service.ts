/**
 * Phone verification (spec §7.2 phone verification and check): a 6-digit code by SMS, kept as a
 * hash like the e-mailed sign-in codes, valid 10 minutes and 5 guesses. Sending is limited per
 * user and per number called; wrong guesses also count under the credential-failure limits of
 * the viewer's account and address, so guessing from many codes in a row gets nowhere.
 */
import { PHONE_CODE_ATTEMPTS, PHONE_CODE_TTL_MINUTES, PHONE_MESSAGES } from "@portico/shared/schemas/phone";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import { phoneCodes, users } from "../../db/schema";
import { hashToken, newOtpCode, sameHash } from "../../platform/auth/secrets";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { badRequest, notFound } from "../../platform/errors";
import { credentialKeys } from "../../platform/rate-limit";

export type PhoneState = { phone: string | null; verified: boolean; sms_alerts: boolean };

const CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60 * 1000;

export const smsCodeText = (code: string) => `Your Portico verification code is ${code}`;

/** The number as shown back: every digit but the last 3 hidden. */
export function maskPhone(phone: string): string {
  const keep = 3;
  const digits = phone.replace(/\D/g, "").length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - keep ? d : "•"));
}

export async function getPhoneState(exec: Executor, userId: number): Promise<PhoneState> {
  const [row] = await exec
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt, smsAlerts: users.smsAlerts })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return { phone: row.phone, verified: row.verifiedAt !== null, sms_alerts: row.smsAlerts };
}

/**
 * Stores the number on the user (its verification cleared when the number changes) and texts a
 * new code, replacing any pending one.
 */
export async function sendPhoneCode(ctx: AppContext, viewer: Viewer, phone: string) {
  await ctx.limits.consume([
    ["smsCodePerUser", String(viewer.userId)],
    ["smsCodePerNumber", phone],
  ]);
  const code = newOtpCode();
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        phone,
        phoneVerifiedAt: sql`case when ${users.phone} = ${phone} then ${users.phoneVerifiedAt} end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, viewer.userId));
    const values = { userId: viewer.userId, phone, codeHash: hashToken(code), expiresAt, attempts: 0 };
    await tx
      .insert(phoneCodes)
      .values(values)
      .onConflictDoUpdate({ target: phoneCodes.userId, set: { ...values, createdAt: new Date() } });
    await ctx.mailer.enqueueSms(tx, phone, smsCodeText(code));
  });
  ctx.mailer.kick();
  return { sent_to: maskPhone(phone), expires_at: expiresAt.toISOString() };
}

/** Checks a code under the credential-failure limits; a right one verifies the number it was sent to. */
export async function checkPhoneCode(ctx: AppContext, viewer: Viewer, code: string, ip: string) {
  await ctx.limits.guardCredential(credentialKeys(viewer.email, ip), () => useCode(ctx, viewer.userId, code));
  return getPhoneState(ctx.db, viewer.userId);
}

async function useCode(ctx: AppContext, userId: number, code: string): Promise<void> {
  // Every try takes one of the code's guesses first, in one statement, so concurrent tries
  // cannot share a guess; it is committed whatever this try then answers.
  const [pending] = await ctx.db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.userId, userId), lt(phoneCodes.attempts, PHONE_CODE_ATTEMPTS)))
    .returning();
  if (!pending) {
    const [spent] = await ctx.db
      .select({ userId: phoneCodes.userId })
      .from(phoneCodes)
      .where(eq(phoneCodes.userId, userId));
    throw badRequest(spent ? PHONE_MESSAGES.tooManyAttempts : PHONE_MESSAGES.noPendingCode);
  }
  if (pending.expiresAt.getTime() <= Date.now()) throw badRequest(PHONE_MESSAGES.codeExpired);
  if (!sameHash(pending.codeHash, hashToken(code))) throw badRequest(PHONE_MESSAGES.codeInvalid);
  await ctx.db.transaction(async (tx) => {
    // The code proves this number only: if the profile has changed it since, nothing is verified.
    const used = await tx
      .delete(phoneCodes)
      .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.codeHash, pending.codeHash)))
      .returning({ phone: phoneCodes.phone });
    const verified = await tx
      .update(users)
      .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.phone, pending.phone)))
      .returning({ id: users.id });
    if (used.length === 0 || verified.length === 0) throw badRequest(PHONE_MESSAGES.noPendingCode);
  });
}

/** SMS alerts are for engineers with a verified phone; turning them off is always allowed. */
export async function setSmsAlerts(exec: Executor, viewer: Viewer, enabled: boolean) {
  if (!viewer.isEngineer) throw badRequest(PHONE_MESSAGES.smsEngineersOnly);
  if (enabled && !(await getPhoneState(exec, viewer.userId)).verified)
    throw badRequest(PHONE_MESSAGES.smsNeedsVerifiedPhone);
  await exec
    .update(users)
    .set({ smsAlerts: enabled, updatedAt: new Date() })
    .where(eq(users.id, viewer.userId));
  return getPhoneState(exec, viewer.userId);
}

const digitsOf = (column: SQL | typeof users.phone) => sql`regexp_replace(${column}, '[^+0-9]', '', 'g')`;

/**
 * The columns a profile save sets for a typed number (null clears it): the verification stays
 * only for the same number (formatting aside), and then the verified E.164 spelling is kept,
 * since SMS go to the stored number.
 */
export function phoneColumns(phone: string | null) {
  if (phone === null) return { phone: null, phoneVerifiedAt: null };
  const same = sql`${digitsOf(users.phone)} = ${digitsOf(sql`${phone}::text`)}`;
  return {
    phone: sql<string>`case when ${users.phoneVerifiedAt} is not null and ${same} then ${users.phone} else ${phone} end`,
    phoneVerifiedAt: sql<Date | null>`case when ${same} then ${users.phoneVerifiedAt} end`,
  };
}
