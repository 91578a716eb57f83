/**
 * The customer page's read model (GET accountsinfo/:id): the account of spec §3 with its
 * subscription dates and subscribed products, the engineers' roles, use cases, following, the notes
 * link (engineers only) and what an engineer may do there (`console`).
 */
import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { CUSTOMER_MESSAGES, type TCustomerDetail } from "@portico/shared/schemas/customers";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  accountFollowers,
  accounts,
  accountUseCases,
  billingPayments,
  billingPlans,
  billingProducts,
  clusters,
  files,
  issues,
  licences,
  subscriptions,
  useCases,
} from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import type { AccountAccess } from "./accounts.policy";
import { getAccountDetail } from "./accounts.queries";
import { engineersOf } from "./customer-list.queries";

type Detail = TCustomerDetail;

/** The newest subscription (live or ended) with its plan and product, as GET subscription reads it. */
async function latestSubscription(exec: Executor, accountId: number) {
  const [row] = await exec
    .select({ sub: subscriptions, plan: billingPlans, productName: billingProducts.name })
    .from(subscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
    .innerJoin(billingProducts, eq(billingProducts.id, billingPlans.productId))
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

type LatestSubscription = NonNullable<Awaited<ReturnType<typeof latestSubscription>>>;

function subscriptionDates({ sub }: LatestSubscription): Detail["subscription"] {
  return {
    plan: sub.serviceType as NonNullable<Detail["subscription"]>["plan"],
    status: sub.status,
    started_at: sub.createdAt.toISOString(),
    current_period_start: sub.currentPeriodStart.toISOString(),
    current_period_end: sub.currentPeriodEnd.toISOString(),
    cancel_at: sub.cancelAt?.toISOString() ?? null,
    ended_at: sub.endedAt?.toISOString() ?? null,
    auto_renew: sub.autoRenew,
  };
}

/** What GET subscription answers as subscribed_products: the live subscription's product, if any. */
function subscribedProducts({ sub, plan, productName }: LatestSubscription): Detail["subscribed_products"] {
  if (sub.endedAt !== null) return [];
  return [
    {
      product_id: sub.productId,
      name: productName,
      plan: sub.serviceType as Detail["subscribed_products"][number]["plan"],
      quantity: sub.quantity,
      minQuantity: sub.minQuantity,
      quantityUpdatedAt: sub.quantityUpdatedAt.toISOString(),
      planVersion: plan.version,
      planSlaHours: plan.slaHours,
      planSlaCoverage: plan.slaCoverage,
    },
  ];
}

async function useCasesOf(exec: Executor, accountId: number): Promise<Detail["use_cases"]> {
  return exec
    .select({ id: useCases.id, name: useCases.name })
    .from(accountUseCases)
    .innerJoin(useCases, eq(useCases.id, accountUseCases.useCaseId))
    .where(eq(accountUseCases.accountId, accountId))
    .orderBy(asc(sql`lower(${useCases.name})`), asc(useCases.id));
}

async function isFollowing(exec: Executor, accountId: number, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql`1` })
    .from(accountFollowers)
    .where(and(eq(accountFollowers.accountId, accountId), eq(accountFollowers.userId, userId)));
  return row !== undefined;
}

/** What an organization still holds: while any of it remains, the organization cannot be deleted. */
export interface AccountContents {
  users: number;
  issues: number;
  files: number;
  clusters: number;
  licences: number;
  subscriptions: number;
  /** Money records: kept, so an organization that ever paid is disabled rather than deleted. */
  payments: number;
}

const countOf = async (exec: Executor, table: PgTable, where: SQL) =>
  (await exec.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

export async function accountContents(
  exec: Executor,
  accountId: number,
  users: number,
): Promise<AccountContents> {
  const [issueCount, fileCount, clusterCount, licenceCount, subscriptionCount, paymentCount] =
    await Promise.all([
      countOf(exec, issues, eq(issues.accountId, accountId)),
      countOf(exec, files, eq(files.accountId, accountId)),
      countOf(exec, clusters, eq(clusters.accountId, accountId)),
      countOf(exec, licences, eq(licences.accountId, accountId)),
      countOf(exec, subscriptions, eq(subscriptions.accountId, accountId)),
      countOf(exec, billingPayments, eq(billingPayments.accountId, accountId)),
    ]);
  return {
    users,
    issues: issueCount,
    files: fileCount,
    clusters: clusterCount,
    licences: licenceCount,
    subscriptions: subscriptionCount,
    payments: paymentCount,
  };
}

const NOUNS: Record<keyof AccountContents, [string, string]> = {
  users: ["user", "users"],
  issues: ["issue", "issues"],
  files: ["file", "files"],
  clusters: ["cluster", "clusters"],
  licences: ["licence", "licences"],
  subscriptions: ["subscription", "subscriptions"],
  payments: ["payment", "payments"],
};

/** Why the organization cannot be deleted ("… : it still has 3 users and 2 issues"), or null when empty. */
export function notEmptyReason(contents: AccountContents): string | null {
  const held = (Object.keys(NOUNS) as (keyof AccountContents)[])
    .filter((key) => contents[key] > 0)
    .map((key) => `${contents[key]} ${NOUNS[key][contents[key] === 1 ? 0 : 1]}`);
  if (held.length === 0) return null;
  const list = held.length === 1 ? held[0] : `${held.slice(0, -1).join(", ")} and ${held.at(-1)}`;
  return `${CUSTOMER_MESSAGES.notEmpty}: it still has ${list}`;
}

const NO_CONSOLE: Detail["console"] = {
  editDetails: false,
  disable: false,
  enable: false,
  delete: false,
  deleteReason: null,
  setAdmin: false,
  logTime: false,
};

async function consoleAbilities(
  exec: Executor,
  viewer: Viewer,
  account: { id: number; isDisabled: boolean; users: number },
): Promise<Detail["console"]> {
  if (!viewer.isEngineer) return NO_CONSOLE;
  const isVendor = account.id === VENDOR_ACCOUNT_ID;
  const deleteReason = isVendor
    ? CUSTOMER_MESSAGES.vendorAccount
    : notEmptyReason(await accountContents(exec, account.id, account.users));
  return {
    editDetails: true,
    disable: !isVendor && !account.isDisabled,
    enable: !isVendor && account.isDisabled,
    delete: deleteReason === null,
    deleteReason,
    setAdmin: isVendor && viewer.isAdmin,
    logTime: true,
  };
}

/**
 * GET accountsinfo/:id for a viewer who may see the account (`access` from assertMaySeeAccount);
 * undefined when it does not exist. Customers get no notes link and no console abilities.
 */
export async function getCustomerDetail(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
  access: AccountAccess,
): Promise<TCustomerDetail | undefined> {
  const [detail, [extra], latest, engineers, useCaseRefs, following] = await Promise.all([
    getAccountDetail(exec, accountId, access),
    exec
      .select({ notesLink: accounts.notesLink, version: accounts.version })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    latestSubscription(exec, accountId),
    engineersOf(exec, [accountId]),
    useCasesOf(exec, accountId),
    isFollowing(exec, accountId, viewer.userId),
  ]);
  if (!detail || !extra) return undefined;
  return {
    ...detail,
    notes_link: viewer.isEngineer ? extra.notesLink : null,
    version: extra.version,
    subscription: latest ? subscriptionDates(latest) : null,
    subscribed_products: latest ? subscribedProducts(latest) : [],
    eng_acc_roles: engineers.get(accountId) ?? [],
    use_cases: useCaseRefs,
    following,
    console: await consoleAbilities(exec, viewer, {
      id: accountId,
      isDisabled: detail.is_disabled,
      users: detail.users,
    }),
  };
}
