/**
 * Sign-up by e-mail confirmation, invitations to an organization, and joining one. Tokens are
 * single-use and stored hashed; every change runs in one transaction with the mail it sends.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { accounts, emailTokens, invites, memberships, users } from "../../db/schema";
import { hashPassword } from "../../platform/auth/passwords";
import { hashToken, newToken } from "../../platform/auth/secrets";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Tx } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/errors";
import { badRequest, conflict, forbidden, HttpError } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import type { LimitCheck } from "../../platform/rate-limit";
import { createOrganization } from "../accounts/accounts.service";
import { type AuditActor, recordAudit } from "../customers/audit";
import { findUserByEmail } from "./users.queries";

export const LINK_INVALID = "This link is invalid or has expired";
export const INVITE_INVALID = "This invite is invalid or has expired";
export const INVITE_OTHER_EMAIL = "This invite was sent to another e-mail address";
export const TEAM_NAME_MISMATCH = "The organization name does not match the invite";
export const ALREADY_MEMBER = "You are already a member of this organization";
export const EMAIL_TAKEN = "An account with this e-mail address already exists";
export const CHECK_INBOX = "Check your inbox to confirm your e-mail address.";

const SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const link = (ctx: AppContext, path: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${path}?${new URLSearchParams(params).toString()}`;

/**
 * Signed-out sign-up: always the same answer in the same time, so it does not reveal which
 * addresses have accounts; the job decides which mail to send.
 */
export async function requestSignup(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.consume([
    ["signupPerAccount", email],
    ["signupPerAddress", ip],
  ]);
  await ctx.jobs.enqueue(ctx.db, SIGNUP_REQUEST_JOB, { email });
  ctx.jobs.kick();
}

export const SIGNUP_REQUEST_JOB = "auth.signup-request";

/** The sign-up job: a confirmation link for a new address, a sign-in hint for a known one. */
export async function sendSignupLink(ctx: AppContext, tx: Tx, email: string): Promise<void> {
  if (await findUserByEmail(tx, email)) {
    await ctx.mailer.enqueue(tx, email, mails.alreadyRegistered(`${ctx.config.publicUrl}/`));
    return;
  }
  const token = newToken();
  await tx.insert(emailTokens).values({
    email,
    purpose: "signup",
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SIGNUP_TTL_MS),
  });
  await ctx.mailer.enqueue(tx, email, mails.confirmSignup(link(ctx, "/signup", { email, token })));
}

export async function sendInvites(
  ctx: AppContext,
  inviter: AuditActor,
  accountId: number,
  invitees: Array<{ email: string; role: "user" | "owner" }>,
): Promise<string[]> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new HttpError(404, "Account not found");
  // Invitations carry the inviter's words to strangers: bounded per inviter and per recipient.
  await ctx.limits.consume([["invitesPerInviter", String(inviter.userId)]], invitees.length);
  await ctx.limits.consume(invitees.map(({ email }): LimitCheck => ["invitesPerRecipient", email]));
  const invited: string[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const { email, role } of invitees) {
      const user = await findUserByEmail(tx, email);
      if (user) {
        const [member] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, user.id)));
        if (member) continue;
      }
      const token = newToken();
      await tx.insert(invites).values({
        accountId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: inviter.userId,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
      const href = user ? link(ctx, "/join-organization", { token }) : link(ctx, "/signup", { email, token });
      await ctx.mailer.enqueue(tx, email, mails.invite(account.company, inviter.name, href));
      await recordAudit(tx, inviter, { accountId, action: "user.invited", details: { email, role } });
      invited.push(email);
    }
  });
  ctx.mailer.kick();
  return invited;
}

async function findInvite(exec: AppContext["db"] | Tx, token: string) {
  const [row] = await exec
    .select({ invite: invites, company: accounts.company })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(
      and(
        eq(invites.tokenHash, hashToken(token)),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, new Date()),
      ),
    );
  return row;
}

async function findSignupToken(exec: AppContext["db"] | Tx, email: string, token: string) {
  const [row] = await exec
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.email, email),
        eq(emailTokens.purpose, "signup"),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function verifySignupLink(ctx: AppContext, email: string, token: string) {
  const existing = Boolean(await findUserByEmail(ctx.db, email));
  const invite = await findInvite(ctx.db, token);
  if (invite && invite.invite.email === email) {
    return { email, kind: "invite" as const, company: invite.company, existing_user: existing };
  }
  if (await findSignupToken(ctx.db, email, token)) {
    return { email, kind: "signup" as const, company: null, existing_user: existing };
  }
  throw badRequest(LINK_INVALID);
}

export interface SignupInput {
  email: string;
  token: string;
  name: string;
  password: string;
  country_code: string;
  timezone: string;
  team_name?: string | undefined;
}

/** Creates the user from a confirmed sign-up or invite link; the link is used up in the same transaction. */
export async function completeSignup(ctx: AppContext, input: SignupInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw conflict(EMAIL_TAKEN);
    const invite = await findInvite(tx, input.token);
    const signupToken = invite ? undefined : await findSignupToken(tx, input.email, input.token);
    if ((!invite || invite.invite.email !== input.email) && !signupToken) throw badRequest(LINK_INVALID);
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash,
        emailVerifiedAt: now,
        consentReceivedAt: now,
        countryCode: input.country_code,
        timezone: input.timezone,
      })
      .returning()
      .catch((err: unknown) => {
        // A concurrent sign-up (double submit) created the address after the check above.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      });
    if (!user) throw new Error("user insert returned nothing");
    if (invite) {
      await acceptInvite(tx, invite.invite, user.id);
    } else if (signupToken) {
      await tx.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.id, signupToken.id));
      if (input.team_name) await createOrganization(tx, user.id, input.team_name);
    }
  });
}

async function acceptInvite(tx: Tx, invite: typeof invites.$inferSelect, userId: number) {
  const claimed = await tx
    .update(invites)
    .set({ acceptedAt: new Date() })
    .where(sql`${invites.id} = ${invite.id} and ${invites.acceptedAt} is null`)
    .returning({ id: invites.id });
  if (claimed.length === 0) throw badRequest(INVITE_INVALID);
  const joined = await tx
    .insert(memberships)
    .values({ accountId: invite.accountId, userId, role: invite.role })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  // Two invites to one organization accepted at once: the second finds the membership there.
  if (joined.length === 0) throw conflict(ALREADY_MEMBER);
  await tx.update(users).set({ defaultAccountId: invite.accountId }).where(eq(users.id, userId));
}

/** A signed-in user accepts an invite sent to their address, confirming the organization's name. */
export async function joinAccount(
  ctx: AppContext,
  viewer: Viewer,
  input: { token: string; team_name: string },
) {
  return ctx.db.transaction(async (tx) => {
    const found = await findInvite(tx, input.token);
    if (!found) throw badRequest(INVITE_INVALID);
    if (found.invite.email !== viewer.email) throw forbidden(INVITE_OTHER_EMAIL);
    if (found.company.toLowerCase() !== input.team_name.trim().toLowerCase())
      throw badRequest(TEAM_NAME_MISMATCH);
    const [member] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, found.invite.accountId), eq(memberships.userId, viewer.userId)));
    if (member) throw conflict(ALREADY_MEMBER);
    await acceptInvite(tx, found.invite, viewer.userId);
    return found.invite.accountId;
  });
}
