/** Forgotten, reset and changed passwords. Each change signs out the user's other sessions. */
import { and, eq, gt, isNull } from "drizzle-orm";
import { emailTokens, users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords";
import { hashToken, newToken } from "../../platform/auth/secrets";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Tx } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { credentialKeys } from "../../platform/rate-limit";
import { revokeSessions } from "./sessions";
import { LINK_INVALID } from "./signup.service";
import { findUserByEmail } from "./users.queries";

export const RESET_REQUESTED =
  "If an account exists for that address, we have sent a link to reset the password.";
export const PASSWORD_RESET = "Your password has been reset. Sign in with the new password.";
export const PASSWORD_CHANGED = "Your password has been changed.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to turn off the sign-in code";
export const EMAIL_MISMATCH = "Email does not match your account";

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Answers the same, in the same time, for every address: the limits and one insert of a job;
 * whether a mail goes out is decided by the job, out of the request's sight.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.consume([
    ["resetPerAccount", email],
    ["resetPerAddress", ip],
  ]);
  await ctx.jobs.enqueue(ctx.db, PASSWORD_RESET_JOB, { email });
  ctx.jobs.kick();
}

export const PASSWORD_RESET_JOB = "auth.password-reset";

/** The reset job: mails a single-use link when the address belongs to an enabled user. */
export async function sendPasswordReset(ctx: AppContext, tx: Tx, email: string): Promise<void> {
  const user = await findUserByEmail(tx, email);
  if (!user || user.isDisabled) return;
  const token = newToken();
  await tx.insert(emailTokens).values({
    email,
    purpose: "reset",
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const href = `${ctx.config.publicUrl}/reset-password?${new URLSearchParams({ email, token })}`;
  await ctx.mailer.enqueue(tx, email, mails.resetPassword(href));
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string; ip: string },
): Promise<void> {
  await ctx.limits.consume([
    ["resetPerAccount", input.email],
    ["resetPerAddress", input.ip],
  ]);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(input.token)),
          eq(emailTokens.email, input.email),
          eq(emailTokens.purpose, "reset"),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    const user = row && (await findUserByEmail(tx, input.email));
    if (!user) throw badRequest(LINK_INVALID);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id);
    await ctx.mailer.enqueue(tx, user.email, mails.passwordChanged());
  });
  ctx.mailer.kick();
}

export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: {
    email: string;
    current_password: string;
    new_password: string;
    ip: string;
  },
): Promise<void> {
  if (input.email !== viewer.email) throw badRequest(EMAIL_MISMATCH);
  const user = await assertCurrentPassword(ctx, viewer, input.current_password, input.ip);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, viewer.sessionId);
    await ctx.mailer.enqueue(tx, user.email, mails.passwordChanged());
  });
  ctx.mailer.kick();
}

/**
 * Proof that the person at the keyboard knows the password (changing it, turning MFA off), under
 * the same failure limits as signing in.
 */
export async function assertCurrentPassword(ctx: AppContext, viewer: Viewer, password: string, ip: string) {
  return ctx.limits.guardCredential(credentialKeys(viewer.email, ip), async () => {
    const user = await findUserByEmail(ctx.db, viewer.email);
    if (!user || !(await verifyPassword(user.passwordHash, password)))
      throw badRequest(WRONG_CURRENT_PASSWORD);
    return user;
  });
}
