/**
 * The console's user actions (issue 16): vendor admin role, organization owner, team (add or
 * move a membership), disable, remove from an organization, MFA. Each is one transaction that
 * records its audit entries; the guards that count owners or admins first lock the account's
 * row, so two engineers acting at once are applied one after the other and cannot both remove
 * "one of the last two".
 */
import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { accounts, memberships, users } from "../../db/schema";
import { VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail/mailer";
import { mails } from "../../platform/mail/templates";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import { revokeSessions } from "../auth/sessions";
import { type AuditActor, recordAudit } from "./audit";

type CustomerRole = "user" | "owner";

export interface UserState {
  user_id: number;
  is_disabled: boolean;
  mfa_enabled: boolean;
}

/**
 * Locks the accounts' rows (in id order, so two commands never wait on each other) until the
 * transaction ends; 404 when one does not exist. NO KEY UPDATE serializes the commands that take
 * it without holding up unrelated inserts that merely reference the account.
 */
async function lockAccounts(exec: Executor, ids: number[]) {
  const wanted = [...new Set(ids)];
  const rows = await exec
    .select({ id: accounts.id, company: accounts.company, isDisabled: accounts.isDisabled })
    .from(accounts)
    .where(inArray(accounts.id, wanted))
    .orderBy(asc(accounts.id))
    .for("no key update");
  if (rows.length !== wanted.length) throw notFound(ACCOUNT_NOT_FOUND);
  return new Map(rows.map((r) => [r.id, r]));
}

async function lockAccount(exec: Executor, id: number) {
  const account = (await lockAccounts(exec, [id])).get(id);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

/** The user, their row locked for this transaction; 404 when there is none. */
async function lockUser(exec: Executor, userId: number) {
  const [user] = await exec
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isDisabled: users.isDisabled,
      mfaEnabled: users.mfaEnabled,
      defaultAccountId: users.defaultAccountId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!user) throw notFound(M.userNotFound);
  return user;
}

async function roleIn(exec: Executor, accountId: number, userId: number) {
  const [row] = await exec
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row?.role;
}

async function accountIdsOf(exec: Executor, userId: number): Promise<number[]> {
  const rows = await exec
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((r) => r.accountId);
}

/**
 * 409 unless an enabled admin other than `leaving` remains. Call it with the vendor account's
 * row locked.
 */
async function assertAdminRemains(exec: Executor, leaving: number[]) {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, VENDOR_ACCOUNT_ID),
        eq(memberships.role, "admin"),
        eq(users.isDisabled, false),
        notInArray(memberships.userId, leaving),
      ),
    );
  if (!row?.n) throw conflict(M.lastAdmin);
}

/** 409 unless an owner other than `leaving` remains. Call it with the account's row locked. */
async function assertOwnerRemains(exec: Executor, accountId: number, leaving: number[]) {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.role, "owner"),
        notInArray(memberships.userId, leaving),
      ),
    );
  if (!row?.n) throw conflict(M.lastOwner);
}

/** Records the same action on each of the user's organizations (their history shows it). */
async function auditOnEachAccount(
  exec: Executor,
  actor: AuditActor,
  user: { id: number; name: string },
  action: "user.disabled" | "user.enabled" | "user.mfa_enabled" | "user.mfa_disabled",
) {
  for (const accountId of await accountIdsOf(exec, user.id)) {
    await recordAudit(exec, actor, { accountId, action, target: { userId: user.id, name: user.name } });
  }
}

/** POST set-admin: grants or removes the vendor admin role; only engineers of account 1 hold it. */
export async function setAdmin(exec: Executor, actor: AuditActor, input: { userId: number; admin: boolean }) {
  await lockAccount(exec, VENDOR_ACCOUNT_ID);
  const user = await lockUser(exec, input.userId);
  const role = await roleIn(exec, VENDOR_ACCOUNT_ID, user.id);
  if (role !== "engineer" && role !== "admin") throw badRequest(M.notVendorEngineer);
  const next = input.admin ? "admin" : "engineer";
  if (role !== next) {
    if (!input.admin) await assertAdminRemains(exec, [user.id]);
    await exec
      .update(memberships)
      .set({ role: next })
      .where(and(eq(memberships.accountId, VENDOR_ACCOUNT_ID), eq(memberships.userId, user.id)));
    await recordAudit(exec, actor, {
      accountId: VENDOR_ACCOUNT_ID,
      action: input.admin ? "user.admin_granted" : "user.admin_revoked",
      target: { userId: user.id, name: user.name },
    });
  }
  return { user_id: user.id, admin: input.admin };
}

/** POST set-account-owner: a member of a customer organization becomes its owner, or back to user. */
export async function setAccountOwner(
  exec: Executor,
  actor: AuditActor,
  input: { accountId: number; userId: number; owner: boolean },
) {
  if (input.accountId === VENDOR_ACCOUNT_ID) throw badRequest(M.vendorAccount);
  await lockAccount(exec, input.accountId);
  const [member] = await exec
    .select({ role: memberships.role, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, input.accountId), eq(memberships.userId, input.userId)));
  if (!member) throw notFound(M.notAMember);
  const user = { id: input.userId, name: member.name };
  const next: CustomerRole = input.owner ? "owner" : "user";
  if (member.role !== next) {
    if (!input.owner) await assertOwnerRemains(exec, input.accountId, [user.id]);
    await exec
      .update(memberships)
      .set({ role: next })
      .where(and(eq(memberships.accountId, input.accountId), eq(memberships.userId, user.id)));
    await recordAudit(exec, actor, {
      accountId: input.accountId,
      action: input.owner ? "user.made_owner" : "user.owner_removed",
      target: { userId: user.id, name: user.name },
    });
  }
  return { account_id: input.accountId, user_id: user.id, role: next };
}

/**
 * POST set-team: adds a customer's user to an organization, or moves them there from
 * `fromAccountId` (the last-owner guard applies to the organization left). Vendor engineers are
 * made in account 1 only, never by this.
 */
export async function setTeam(
  exec: Executor,
  actor: AuditActor,
  input: { userId: number; accountId: number; role: CustomerRole; fromAccountId?: number | undefined },
) {
  const { userId, accountId, role, fromAccountId } = input;
  if (accountId === VENDOR_ACCOUNT_ID || fromAccountId === VENDOR_ACCOUNT_ID) {
    throw badRequest(M.vendorAccount);
  }
  const locked = await lockAccounts(exec, fromAccountId ? [accountId, fromAccountId] : [accountId]);
  const to = locked.get(accountId);
  if (!to) throw notFound(ACCOUNT_NOT_FOUND);
  if (to.isDisabled) throw conflict(M.accountDisabled);
  const user = await lockUser(exec, userId);
  if (await roleIn(exec, VENDOR_ACCOUNT_ID, userId)) throw badRequest(M.notACustomer);
  if (await roleIn(exec, accountId, userId)) throw conflict(M.alreadyMember);
  const target = { userId, name: user.name };

  const from = fromAccountId ? locked.get(fromAccountId) : undefined;
  if (from) {
    const fromRole = await roleIn(exec, from.id, userId);
    if (!fromRole) throw notFound(M.notAMember);
    if (fromRole === "owner") await assertOwnerRemains(exec, from.id, [userId]);
    await exec
      .delete(memberships)
      .where(and(eq(memberships.accountId, from.id), eq(memberships.userId, userId)));
  }
  await exec.insert(memberships).values({ accountId, userId, role });
  if (user.defaultAccountId === null || user.defaultAccountId === from?.id) {
    await exec.update(users).set({ defaultAccountId: accountId }).where(eq(users.id, userId));
  }

  if (from) {
    const details = {
      from: { account_id: from.id, company: from.company },
      to: { account_id: to.id, company: to.company },
      role,
    };
    for (const id of [from.id, to.id]) {
      await recordAudit(exec, actor, { accountId: id, action: "user.team_moved", target, details });
    }
  } else {
    await recordAudit(exec, actor, { accountId, action: "user.team_added", target, details: { role } });
  }
  return { account_id: to.id, company: to.company, role };
}

const presentState = (u: { id: number; isDisabled: boolean; mfaEnabled: boolean }): UserState => ({
  user_id: u.id,
  is_disabled: u.isDisabled,
  mfa_enabled: u.mfaEnabled,
});

/** POST users/:id/disable: disabling signs the user out everywhere; the last enabled admin stays. */
export async function setUserDisabled(
  exec: Executor,
  actor: AuditActor,
  input: { userId: number; disable: boolean; byAdmin: boolean },
): Promise<UserState> {
  if (input.userId === actor.userId) throw badRequest(M.notYourself);
  // Held first, as set-admin does, so the admin count cannot change under the guard.
  if (input.disable) await lockAccount(exec, VENDOR_ACCOUNT_ID);
  const user = await lockUser(exec, input.userId);
  const targetIsAdmin = (await roleIn(exec, VENDOR_ACCOUNT_ID, user.id)) === "admin";
  if (targetIsAdmin && !input.byAdmin) throw forbidden(M.adminsOnly);
  if (user.isDisabled === input.disable) return presentState(user);
  if (input.disable && targetIsAdmin) await assertAdminRemains(exec, [user.id]);
  await exec
    .update(users)
    .set({ isDisabled: input.disable, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  if (input.disable) await revokeSessions(exec, user.id);
  await auditOnEachAccount(exec, actor, user, input.disable ? "user.disabled" : "user.enabled");
  return presentState({ ...user, isDisabled: input.disable });
}

/**
 * DELETE users: removes members from an organization, all or none (404 when one is not a
 * member). Account 1 keeps an enabled admin, any other organization an owner.
 */
export async function removeUsers(
  exec: Executor,
  actor: AuditActor,
  input: { accountId: number; userIds: number[]; byAdmin: boolean },
): Promise<void> {
  const { accountId } = input;
  const userIds = [...new Set(input.userIds)];
  await lockAccount(exec, accountId);
  const members = await exec
    .select({ userId: memberships.userId, role: memberships.role, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
  if (members.length !== userIds.length) throw notFound(M.notAMember);

  if (accountId === VENDOR_ACCOUNT_ID) {
    if (members.some((m) => m.role === "admin") && !input.byAdmin) throw forbidden(M.adminsOnly);
    if (members.some((m) => m.role === "admin")) await assertAdminRemains(exec, userIds);
  } else if (members.some((m) => m.role === "owner")) {
    await assertOwnerRemains(exec, accountId, userIds);
  }
  await exec
    .delete(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
  await exec
    .update(users)
    .set({ defaultAccountId: null })
    .where(and(inArray(users.id, userIds), eq(users.defaultAccountId, accountId)));
  for (const m of members) {
    await recordAudit(exec, actor, {
      accountId,
      action: "user.removed",
      target: { userId: m.userId, name: m.name },
      details: { role: m.role },
    });
  }
}

/**
 * POST users/:id/mfa: turns another user's e-mailed sign-in code on or off and tells them by
 * e-mail. Not for oneself: turning one's own code off asks for the password (POST mfa).
 */
export async function setUserMfa(
  exec: Executor,
  mailer: Mailer,
  actor: AuditActor,
  input: { userId: number; enable: boolean; byAdmin: boolean },
): Promise<UserState> {
  if (input.userId === actor.userId) throw badRequest(M.notYourself);
  const user = await lockUser(exec, input.userId);
  if (!input.byAdmin && (await roleIn(exec, VENDOR_ACCOUNT_ID, user.id)) === "admin") {
    throw forbidden(M.adminsOnly);
  }
  if (user.mfaEnabled === input.enable) return presentState(user);
  await exec
    .update(users)
    .set({ mfaEnabled: input.enable, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const [vendor] = await exec
    .select({ company: accounts.company })
    .from(accounts)
    .where(eq(accounts.id, VENDOR_ACCOUNT_ID));
  await mailer.enqueue(
    exec,
    user.email,
    mails.mfaChangedBySupport(input.enable, vendor?.company ?? "Portico"),
  );
  await auditOnEachAccount(exec, actor, user, input.enable ? "user.mfa_enabled" : "user.mfa_disabled");
  return presentState({ ...user, mfaEnabled: input.enable });
}
