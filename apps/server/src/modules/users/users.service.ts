/**
 * Resending an invitation (issue 17): the pending invite gets a fresh token and seven more days,
 * and its e-mail goes out again through the outbox, in one transaction with the audit entry. The
 * old link stops working (only the new token's hash is kept). Bounded like inviting: per inviter
 * and per recipient.
 */
import type { TResentInvite } from "@portico/shared/schemas/users";
import { USER_MESSAGES } from "@portico/shared/schemas/users";
import { and, eq, isNull } from "drizzle-orm";
import { accounts, invites } from "../../db/schema";
import { hashToken, newToken } from "../../platform/auth/secrets";
import type { AppContext } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { INVITE_TTL_MS } from "../auth/signup.service";
import { findUserByEmail } from "../auth/users.queries";
import { type AuditActor, recordAudit } from "../customers/audit";

/** The invitation's link, as sendInvites builds it: join for a known address, sign up otherwise. */
function inviteLink(ctx: AppContext, email: string, token: string, existingUser: boolean): string {
  const params = new URLSearchParams(existingUser ? { token } : { email, token });
  return `${ctx.config.publicUrl}${existingUser ? "/join-organization" : "/signup"}?${params.toString()}`;
}

export async function resendInvite(
  ctx: AppContext,
  actor: AuditActor,
  input: { accountId: number; inviteId: number },
): Promise<TResentInvite> {
  const pendingInvite = and(
    eq(invites.id, input.inviteId),
    eq(invites.accountId, input.accountId),
    isNull(invites.acceptedAt),
  );
  const [found] = await ctx.db
    .select({ email: invites.email, company: accounts.company })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(pendingInvite);
  if (!found) throw notFound(USER_MESSAGES.inviteNotFound);
  await ctx.limits.consume([
    ["invitesPerInviter", String(actor.userId)],
    ["invitesPerRecipient", found.email],
  ]);

  const resent = await ctx.db.transaction(async (tx) => {
    const token = newToken();
    const now = new Date();
    const [row] = await tx
      .update(invites)
      .set({
        tokenHash: hashToken(token),
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      })
      .where(pendingInvite)
      .returning();
    // Accepted or revoked since it was read.
    if (!row) throw notFound(USER_MESSAGES.inviteNotFound);
    const existingUser = Boolean(await findUserByEmail(tx, row.email));
    const href = inviteLink(ctx, row.email, token, existingUser);
    await ctx.mailer.enqueue(tx, row.email, mails.invite(found.company, actor.name, href));
    await recordAudit(tx, actor, {
      accountId: input.accountId,
      action: "user.invited",
      details: { email: row.email, role: row.role, resent: true },
    });
    return {
      invite_id: row.id,
      email: row.email,
      role: row.role,
      created_at: row.createdAt.toISOString(),
    };
  });
  ctx.mailer.kick();
  return resent;
}
