/**
 * The vendor's customer list (GET accountsinfo) and its CSV export: one filter and one order for
 * both. Engineers see every organization, customers only their own. The page is chosen by
 * PostgreSQL (filter, order, limit) and only the page's rows get their engineers and following
 * flag, so a page costs the same at 20,000 accounts as at 20.
 */
import type { EngineerRole } from "@portico/shared/rules/roles";
import type { TCustomerListQuery, TCustomerRow, TEngineerOnAccount } from "@portico/shared/schemas/customers";
import { and, asc, count, eq, exists, ilike, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { accountEngineers, accountFollowers, accounts, memberships, users } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";
import { accountSummary, memberCount } from "./accounts.queries";

/** The filters without paging or sort: what the export takes too. */
export type CustomerFilterQuery = Omit<TCustomerListQuery, "page" | "page_size">;

/** Which accounts match: the viewer's scope and every filter of the query. */
function customerFilter(exec: Executor, viewer: Viewer, query: CustomerFilterQuery): SQL | undefined {
  // An organization being purged (or purged) is no one's to see.
  const filters: SQL[] = [isNull(accounts.purgeStartedAt)];
  if (!viewer.isEngineer) {
    const mine = exec
      .select({ id: memberships.accountId })
      .from(memberships)
      .where(eq(memberships.userId, viewer.userId));
    filters.push(inArray(accounts.id, mine));
  }
  if (query.q) filters.push(ilike(accounts.company, containing(query.q)));
  if (query.status) filters.push(eq(accounts.isDisabled, query.status === "disabled"));
  if (query.plans.length > 0) filters.push(inArray(accounts.serviceType, query.plans));
  if (query.trial) filters.push(eq(accounts.isTrial, true));
  if (query.quick_filter !== "all") {
    const role: EngineerRole = query.quick_filter;
    const engineerId = query.engineer_id ?? viewer.userId;
    filters.push(
      exists(
        exec
          .select({ one: sql`1` })
          .from(accountEngineers)
          .where(
            and(
              eq(accountEngineers.accountId, accounts.id),
              eq(accountEngineers.userId, engineerId),
              eq(accountEngineers.role, role),
            ),
          ),
      ),
    );
  }
  if (query.following) filters.push(followedBy(exec, viewer.userId));
  return filters.length ? and(...filters) : undefined;
}

function followedBy(exec: Executor, userId: number): SQL {
  return exists(
    exec
      .select({ one: sql`1` })
      .from(accountFollowers)
      .where(and(eq(accountFollowers.accountId, accounts.id), eq(accountFollowers.userId, userId))),
  );
}

const companyKey = sql`lower(${accounts.company})`;

/** `column = any($1)`: one array parameter instead of a thousand (the export reads 1,000 ids a batch). */
const isAnyOf = (column: typeof accounts.id | typeof accountEngineers.accountId, ids: readonly number[]) =>
  sql`${column} = any(${sql.param([...ids])}::int[])`;

/**
 * Spec §4's plan rank (packages/shared/src/rules/plan-rank.ts) written out inline: the same table
 * as the database's portico_plan_rank, whose two regular expressions per row cost ~10x more when
 * sorting 20,000 accounts. Separators are folded with translate (one "-" per space or "_"); every
 * stored service type (the SERVICE_TYPES spelling) ranks the same either way (customer-list.test).
 */
const planRankSql = sql`(case translate(lower(btrim(${accounts.serviceType})), ' _', '--')
  when 'trial' then 7
  when 'standard' then (case when ${accounts.isTrial} then 7 else 1 end)
  when 'enterprise' then (case when ${accounts.isTrial} then 7 else 2 end)
  when 'enterprise-lite' then (case when ${accounts.isTrial} then 6 else 3 end)
  when 'enterprise-plus' then (case when ${accounts.isTrial} then 5 else 4 end)
  else (case when ${accounts.isTrial} then 7 else 8 end) end)`;

/** The sort key of each sort; empty values (no capacity, no message yet) sort last either way. */
const SORT_KEYS: Record<TCustomerListQuery["sort"], SQL | null> = {
  company: null,
  created_at: sql`${accounts.createdAt}`,
  plan: planRankSql,
  users: memberCount,
  contract_capacity: sql`${accounts.contractCapacity}`,
  reported_capacity: sql`${accounts.reportedCapacity}`,
  last_message_at: sql`${accounts.lastMessageAt}`,
};

/** The sort asked for, then ties by company (case-insensitive) and id, always ascending. */
function customerOrder(query: Pick<TCustomerListQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "DESC" ? sql.raw("desc") : sql.raw("asc");
  const key = SORT_KEYS[query.sort];
  if (key === null) return [sql`${companyKey} ${direction}`, sql`${accounts.id} ${direction}`];
  return [sql`${key} ${direction} nulls last`, asc(companyKey), asc(accounts.id)];
}

const rowColumns = (viewerId: number, exec: Executor) => ({
  account: accounts,
  users: memberCount,
  following: sql<boolean>`${followedBy(exec, viewerId)}`,
});

type RowWithCounts = { account: typeof accounts.$inferSelect; users: number; following: boolean };

function customerRow(row: RowWithCounts, engineers: TEngineerOnAccount[]): TCustomerRow {
  const a = row.account;
  return {
    ...accountSummary(a, row.users),
    contract_capacity: a.contractCapacity,
    reported_capacity: a.reportedCapacity,
    sla_hours: a.slaHours,
    subscription_provider: (a.subscriptionProvider as TCustomerRow["subscription_provider"]) ?? null,
    currency_code: (a.currencyCode as TCustomerRow["currency_code"]) ?? null,
    last_message_at: a.lastMessageAt?.toISOString() ?? null,
    engineers,
    following: row.following,
  };
}

/** Engineers holding a role on each of the accounts, by role then name. */
export async function engineersOf(
  exec: Executor,
  accountIds: readonly number[],
): Promise<Map<number, TEngineerOnAccount[]>> {
  const byAccount = new Map<number, TEngineerOnAccount[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await exec
    .select({
      accountId: accountEngineers.accountId,
      role: accountEngineers.role,
      user_id: users.id,
      name: users.name,
      email: users.email,
    })
    .from(accountEngineers)
    .innerJoin(users, eq(users.id, accountEngineers.userId))
    .where(isAnyOf(accountEngineers.accountId, accountIds))
    .orderBy(asc(accountEngineers.role), asc(users.name), asc(users.id));
  for (const { accountId, ...engineer } of rows) {
    const list = byAccount.get(accountId) ?? [];
    list.push(engineer);
    byAccount.set(accountId, list);
  }
  return byAccount;
}

/**
 * GET accountsinfo: one page of the matching accounts and how many match. The page's ids are
 * chosen first (filter, order, offset over `accounts` alone), then only those rows are read with
 * their member counts, engineers and following flag.
 */
export async function listCustomers(exec: Executor, viewer: Viewer, query: TCustomerListQuery) {
  const where = customerFilter(exec, viewer, query);
  const [pageIds, [total]] = await Promise.all([
    exec
      .select({ id: accounts.id })
      .from(accounts)
      .where(where)
      .orderBy(...customerOrder(query))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(accounts).where(where),
  ]);
  return {
    items: await customerRowsByIds(
      exec,
      viewer,
      pageIds.map((r) => r.id),
    ),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Every matching account's id, in the list's order (the export reads the rows in batches of these). */
export async function customerIdsInOrder(
  exec: Executor,
  viewer: Viewer,
  query: CustomerFilterQuery,
): Promise<number[]> {
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(customerFilter(exec, viewer, query))
    .orderBy(...customerOrder(query));
  return rows.map((r) => r.id);
}

/** The list's rows of these accounts, in the order of `ids`. */
export async function customerRowsByIds(
  exec: Executor,
  viewer: Viewer,
  ids: readonly number[],
): Promise<TCustomerRow[]> {
  if (ids.length === 0) return [];
  const [rows, engineers] = await Promise.all([
    exec.select(rowColumns(viewer.userId, exec)).from(accounts).where(isAnyOf(accounts.id, ids)),
    engineersOf(exec, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.account.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [customerRow(row, engineers.get(id) ?? [])] : [];
  });
}
