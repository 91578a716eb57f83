/** Forgotten, reset and changed passwords. Each change signs out the user's other sessions. */
import { and, eq, gt, isNull } from "drizzle-orm";
import { emailTokens, users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords";
import { hashToken, newToken } from "../../platform/auth/secrets";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import { badRequest } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { revokeSessions } from "./sessions";
import { LINK_INVALID } from "./signup.service";
import { findUserByEmail } from "./users.queries";

export const RESET_REQUESTED =
  "If an account exists for that address, we have sent a link to reset the password.";
export const PASSWORD_RESET = "Your password has been reset. Sign in with the new password.";
export const PASSWORD_CHANGED = "Your password has been changed.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const EMAIL_MISMATCH = "Email does not match your account";

const RESET_TTL_MS = 60 * 60 * 1000;

export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.consume(["resetPerAccount", email], ["resetPerAddress", ip]);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.isDisabled) return;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(emailTokens).values({
      email,
      purpose: "reset",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    const href = `${ctx.config.publicUrl}/reset-password?${new URLSearchParams({ email, token })}`;
    await ctx.mailer.enqueue(tx, email, mails.resetPassword(href));
  });
  ctx.mailer.kick();
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string; ip: string },
): Promise<void> {
  await ctx.limits.consume(["resetPerAccount", input.email], ["resetPerAddress", input.ip]);
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
    currentRefresh?: string | undefined;
  },
): Promise<void> {
  if (input.email !== viewer.email) throw badRequest(EMAIL_MISMATCH);
  await ctx.limits.consume(["loginPerAccount", viewer.email]);
  const user = await findUserByEmail(ctx.db, viewer.email);
  if (!user || !(await verifyPassword(user.passwordHash, input.current_password)))
    throw badRequest(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, input.currentRefresh);
    await ctx.mailer.enqueue(tx, user.email, mails.passwordChanged());
  });
  ctx.mailer.kick();
}
