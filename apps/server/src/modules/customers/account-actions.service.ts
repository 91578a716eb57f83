/**
 * The console's account actions (issue 16): edit an organization's details (optimistic version),
 * disable or enable it (disabling signs out the members it leaves with no enabled organization),
 * delete an empty one. Each is one transaction that records its audit entry; the vendor's own
 * organization (id 1) is refused where the action would break the vendor.
 */
import { CUSTOMER_MESSAGES as M, type ZUpdateAccountDetailsRequest } from "@portico/shared/schemas/customers";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { accounts, memberships, sessions, subscriptions, users } from "../../db/schema";
import { VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import { accountContents, notEmptyReason } from "../accounts/customer-detail.queries";
import { purgedError, wasPurged } from "../purge/purged";
import { type AuditActor, recordAudit } from "./audit";

type DetailsInput = z.infer<typeof ZUpdateAccountDetailsRequest>;

/** The account's row, held until the transaction ends (two engineers' commands apply one after the other). */
async function lockAccount(exec: Executor, accountId: number) {
  const [account] = await exec.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  if (account?.purgeStartedAt || (!account && (await wasPurged(exec, accountId)))) throw purgedError();
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

async function hasSubscribed(exec: Executor, accountId: number): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1);
  return row !== undefined;
}

/** The request's fields by their column, in the order the audit lists them. */
const DETAIL_FIELDS = {
  has_support: "hasSupport",
  is_trial: "isTrial",
  notes_link: "notesLink",
  currency_code: "currencyCode",
  subscription_provider: "subscriptionProvider",
} as const;
type DetailField = keyof typeof DETAIL_FIELDS;

/**
 * POST accounts/:id: applies the fields that differ, bumps the version, and audits {field: {from,
 * to}}. A version other than the stored one means someone else changed it first: 409 stale.
 */
export async function updateAccountDetails(
  exec: Executor,
  actor: AuditActor,
  accountId: number,
  input: DetailsInput,
): Promise<void> {
  const account = await lockAccount(exec, accountId);
  if (account.version !== input.version) throw conflict(M.stale);
  const changes: Partial<Record<DetailField, { from: unknown; to: unknown }>> = {};
  for (const field of Object.keys(DETAIL_FIELDS) as DetailField[]) {
    const to = input[field];
    const from = account[DETAIL_FIELDS[field]];
    if (to !== undefined && to !== from) changes[field] = { from, to };
  }
  if (Object.keys(changes).length === 0) return;
  if (accountId === VENDOR_ACCOUNT_ID && (changes.is_trial || changes.has_support)) {
    throw badRequest(M.vendorAccount);
  }
  if ((changes.currency_code || changes.subscription_provider) && (await hasSubscribed(exec, accountId))) {
    throw conflict(M.billingFixed);
  }
  const set = Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [DETAIL_FIELDS[field as DetailField], change.to]),
  );
  const updated = await exec
    .update(accounts)
    .set({ ...set, version: sql`${accounts.version} + 1` })
    .where(and(eq(accounts.id, accountId), eq(accounts.version, input.version)))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw conflict(M.stale);
  await recordAudit(exec, actor, { accountId, action: "account.details_updated", details: changes });
}

/**
 * Signs out every member of the account who has no other enabled organization. Engineers keep
 * their sessions: they belong to the vendor's account, which is never disabled.
 */
export async function revokeSessionsLeftWithoutOrganization(exec: Executor, accountId: number) {
  await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.userId} in (
          select m.user_id from ${memberships} m
          where m.account_id = ${accountId}
            and not exists (
              select 1 from ${memberships} other
              join ${accounts} a on a.id = other.account_id
              where other.user_id = m.user_id and other.account_id <> ${accountId} and not a.is_disabled))`,
      ),
    );
}

/** POST account/:id {disable}: idempotent (the same state again changes nothing and audits nothing). */
export async function setAccountDisabled(
  exec: Executor,
  actor: AuditActor,
  accountId: number,
  disable: boolean,
): Promise<void> {
  if (accountId === VENDOR_ACCOUNT_ID) throw badRequest(M.vendorAccount);
  const account = await lockAccount(exec, accountId);
  if (account.isDisabled === disable) return;
  await exec.update(accounts).set({ isDisabled: disable }).where(eq(accounts.id, accountId));
  if (disable) await revokeSessionsLeftWithoutOrganization(exec, accountId);
  await recordAudit(exec, actor, { accountId, action: disable ? "account.disabled" : "account.enabled" });
}

/** Payments are money records: an organization that made any is not empty either. */
/**
 * DELETE accounts/:id: only an organization with nothing left (409 "… : it still has 3 users and
 * 2 issues"). The audit row of the deletion outlives the organization (no foreign key).
 */
export async function deleteAccount(exec: Executor, actor: AuditActor, accountId: number): Promise<void> {
  if (accountId === VENDOR_ACCOUNT_ID) throw badRequest(M.vendorAccount);
  const account = await lockAccount(exec, accountId);
  const [members] = await exec
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  const reason = notEmptyReason(await accountContents(exec, accountId, members?.n ?? 0));
  if (reason) throw conflict(reason);
  await exec.update(users).set({ defaultAccountId: null }).where(eq(users.defaultAccountId, accountId));
  await exec.delete(accounts).where(eq(accounts.id, accountId));
  await recordAudit(exec, actor, {
    accountId,
    action: "account.deleted",
    details: { company: account.company },
  });
}
