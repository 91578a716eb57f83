/** Password sign-in, and the e-mailed one-time code that completes it when MFA is on. */

import { isEngineerRole } from "@portico/shared/rules/roles";
import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import { eq, sql } from "drizzle-orm";
import { otpChallenges, users } from "../../db/schema";
import { dummyPasswordHash, verifyPassword } from "../../platform/auth/passwords";
import { hashToken, newOtpCode, newToken, sameHash } from "../../platform/auth/secrets";
import { USER_DISABLED } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import { forbidden, HttpError, unauthorized } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { credentialKeys } from "../../platform/rate-limit";
import { findUserByEmail, loadVendorRole, onlyInDisabledOrganizations } from "./users.queries";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const INVALID_OTP = "The code is invalid or has expired";
export const EMAIL_NOT_CONFIRMED = "Please confirm your e-mail address first";
export const ENGINEERS_ONLY = "Only engineers can sign in during maintenance";
export const OTP_SENT = "A new code was sent to your e-mail address";

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;

export type PasswordCheck = { userId: number; mfa: false } | { userId: number; mfa: true; mfaToken: string };

/** Checks the password; with MFA on, e-mails a code and answers with the token that names the challenge. */
export async function checkPassword(
  ctx: AppContext,
  input: { username: string; password: string; ip: string; engineersOnly: boolean },
): Promise<PasswordCheck> {
  const user = await ctx.limits.guardCredential(credentialKeys(input.username, input.ip), async () => {
    const found = await findUserByEmail(ctx.db, input.username);
    const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!found || !ok) throw unauthorized(INVALID_CREDENTIALS);
    return found;
  });
  if (user.isDisabled) throw forbidden(USER_DISABLED);
  if (!user.emailVerifiedAt) throw forbidden(EMAIL_NOT_CONFIRMED);
  await assertOrganizationEnabled(ctx, user.id);
  if (input.engineersOnly) await assertEngineer(ctx, user.id);
  if (!user.mfaEnabled) return { userId: user.id, mfa: false };
  const mfaToken = newToken();
  const code = newOtpCode();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(otpChallenges).values({
      userId: user.id,
      mfaTokenHash: hashToken(mfaToken),
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
    await ctx.mailer.enqueue(tx, user.email, mails.otp(code));
  });
  ctx.mailer.kick();
  return { userId: user.id, mfa: true, mfaToken };
}

/** A member of disabled organizations only is refused until one is enabled again (issue 16). */
async function assertOrganizationEnabled(ctx: AppContext, userId: number): Promise<void> {
  if (await onlyInDisabledOrganizations(ctx.db, userId)) throw forbidden(CUSTOMER_MESSAGES.accountDisabled);
}

/** The maintenance sign-in's rule: only vendor engineers and admins. */
async function assertEngineer(ctx: AppContext, userId: number): Promise<void> {
  const role = await loadVendorRole(ctx.db, userId);
  if (!isEngineerRole(role)) throw forbidden(ENGINEERS_ONLY);
}

async function openChallenge(ctx: AppContext, mfaToken: string) {
  const [challenge] = await ctx.db
    .select({ challenge: otpChallenges, email: users.email, isDisabled: users.isDisabled })
    .from(otpChallenges)
    .innerJoin(users, eq(users.id, otpChallenges.userId))
    .where(eq(otpChallenges.mfaTokenHash, hashToken(mfaToken)));
  if (!challenge || challenge.challenge.usedAt || challenge.challenge.attempts >= OTP_MAX_ATTEMPTS)
    return undefined;
  return challenge;
}

/** Second step: the code must belong to this user's open challenge, within its time and attempts. */
export async function verifyOtp(
  ctx: AppContext,
  input: { username: string; token: string; otp: string; ip: string },
) {
  const userId = await ctx.limits.guardCredential(credentialKeys(input.username, input.ip), () =>
    useChallenge(ctx, input),
  );
  await assertOrganizationEnabled(ctx, userId);
  // The code proves who this is; during maintenance only an engineer may have a session.
  if ((await ctx.maintenance.current()).enabled) await assertEngineer(ctx, userId);
  return userId;
}

async function useChallenge(ctx: AppContext, input: { username: string; token: string; otp: string }) {
  const found = await openChallenge(ctx, input.token);
  if (!found || found.email !== input.username) throw unauthorized(INVALID_OTP);
  if (found.isDisabled) throw forbidden(USER_DISABLED);
  const { challenge } = found;
  const fresh = challenge.expiresAt.getTime() > Date.now();
  if (!fresh || !sameHash(challenge.codeHash, hashToken(input.otp))) {
    await ctx.db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(eq(otpChallenges.id, challenge.id));
    throw unauthorized(INVALID_OTP);
  }
  // Marking it used in the same statement that checks it makes a code good for one sign-in only.
  const used = await ctx.db
    .update(otpChallenges)
    .set({ usedAt: new Date() })
    .where(sql`${otpChallenges.id} = ${challenge.id} and ${otpChallenges.usedAt} is null`)
    .returning({ id: otpChallenges.id });
  if (used.length === 0) throw unauthorized(INVALID_OTP);
  return challenge.userId;
}

export async function resendOtp(ctx: AppContext, mfaToken: string): Promise<void> {
  const found = await openChallenge(ctx, mfaToken);
  if (!found) throw new HttpError(400, INVALID_OTP);
  await ctx.limits.consume([["otpSendPerAccount", found.email]]);
  const code = newOtpCode();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(otpChallenges)
      .set({ codeHash: hashToken(code), expiresAt: new Date(Date.now() + OTP_TTL_MS) })
      .where(eq(otpChallenges.id, found.challenge.id));
    await ctx.mailer.enqueue(tx, found.email, mails.otp(code));
  });
  ctx.mailer.kick();
}
