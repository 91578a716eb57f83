/**
 * The accounts report (§7.1 reports accounts): customer organizations now, by plan, trial, status
 * and capacity against their contract, and their growth over the range; the paged capacity table
 * and the CSV. Everything is aggregated in SQL: 20,000 organizations are never loaded as rows.
 */
import { SERVICE_TYPES } from "@portico/shared/schemas/accounts";
import {
  ACCOUNT_REPORT_STATUSES,
  type AccountReportStatus,
  CAPACITY_FLAGS,
  CAPACITY_NEAR_PCT,
  type CapacityFlag,
  type TAccountsReport,
  type TCapacityPage,
  type TCapacityRow,
  type TReportRange,
} from "@portico/shared/schemas/reports";
import { and, asc, count, gt, type SQL, sql } from "drizzle-orm";
import { accounts, subscriptions } from "../../db/schema";
import { csvLines, toCsv } from "../../platform/csv";
import type { Executor } from "../../platform/db/client";
import { inRange, rangeStart } from "../../platform/db/range-sql";
import { rowsOf } from "../../platform/db/rows";
import { cumulative, fillSeries, isCustomerAccount, type PeriodCount, periodOf } from "./report-sql";

type Plan = (typeof SERVICE_TYPES)[number];

/**
 * The account's plan as one of SERVICE_TYPES: billing providers vary case and separators
 * ("Enterprise_Plus"), and a type outside the catalogue is a custom plan; null before any plan.
 */
const planSql = sql<Plan | null>`(case
  when nullif(trim(${accounts.serviceType}), '') is null then null
  when upper(regexp_replace(trim(${accounts.serviceType}), '[[:space:]_]+', '-', 'g')) in (${sql.join(
    SERVICE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )}) then upper(regexp_replace(trim(${accounts.serviceType}), '[[:space:]_]+', '-', 'g'))
  else 'CUSTOM' end)`;

const statusSql = sql<AccountReportStatus>`(case
  when ${accounts.isDisabled} then 'disabled'
  when ${accounts.planStatus} in ('active', 'past_due', 'canceled') then ${accounts.planStatus}
  else 'no_plan' end)`;

/** A live paid plan: active or past due (a disabled organization's plan still counts). */
const subscribedSql = sql<boolean>`coalesce(${accounts.planStatus} in ('active', 'past_due'), false)`;

const knownCapacity = sql`(${accounts.contractCapacity} > 0 and ${accounts.reportedCapacity} is not null)`;

const flagSql = sql<CapacityFlag>`(case
  when not coalesce(${knownCapacity}, false) then 'unknown'
  when ${accounts.reportedCapacity} > ${accounts.contractCapacity} then 'over'
  when ${accounts.reportedCapacity} * 100 >= ${accounts.contractCapacity} * ${CAPACITY_NEAR_PCT} then 'near'
  else 'within' end)`;

const flagRankSql = sql`(case ${flagSql} ${sql.raw(
  CAPACITY_FLAGS.map((flag, rank) => `when '${flag}' then ${rank}`).join(" "),
)} end)`;

const usagePctSql = sql<number | null>`(case when ${knownCapacity}
  then round(${accounts.reportedCapacity} * 100.0 / ${accounts.contractCapacity}, 1)::float8 end)`;

interface Group {
  plan: Plan | null;
  status: AccountReportStatus;
  is_trial: boolean;
  subscribed: boolean;
  flag: CapacityFlag;
  n: number;
  contract: number;
  reported: number;
}

/** Every customer organization now, grouped by all the breakdowns at once (a few hundred groups at most). */
async function groupsNow(exec: Executor): Promise<Group[]> {
  return rowsOf<Group>(
    exec,
    sql`select ${planSql} as plan, ${statusSql} as status, ${accounts.isTrial} as is_trial,
      ${subscribedSql} as subscribed, ${flagSql} as flag, count(*)::int as n,
      coalesce(sum(${accounts.contractCapacity}), 0)::float8 as contract,
      coalesce(sum(${accounts.reportedCapacity}), 0)::float8 as reported
    from ${accounts} where ${isCustomerAccount}
    group by 1, 2, 3, 4, 5`,
  );
}

/** Organizations and subscriptions per bucket of the range, and the organizations before it. */
async function growth(exec: Executor, range: TReportRange): Promise<TAccountsReport["growth"]> {
  const bucket = range.bucket;
  const [counts, [before]] = await Promise.all([
    rowsOf<PeriodCount>(
      exec,
      sql`select kind, period, count(*)::int as n from (
        select 'new_accounts' as kind, ${periodOf(accounts.createdAt, bucket)} as period
        from ${accounts} where ${isCustomerAccount} and ${inRange(accounts.createdAt, range)}
        union all
        select 'new_subscriptions', ${periodOf(subscriptions.createdAt, bucket)}
        from ${subscriptions} join ${accounts} on ${accounts.id} = ${subscriptions.accountId}
        where ${isCustomerAccount} and ${inRange(subscriptions.createdAt, range)}
        union all
        select 'ended_subscriptions', ${periodOf(subscriptions.endedAt, bucket)}
        from ${subscriptions} join ${accounts} on ${accounts.id} = ${subscriptions.accountId}
        where ${isCustomerAccount} and ${inRange(subscriptions.endedAt, range)}
      ) x group by 1, 2`,
    ),
    rowsOf<{ n: number }>(
      exec,
      sql`select count(*)::int as n from ${accounts}
        where ${isCustomerAccount} and ${accounts.createdAt} < ${rangeStart(range)}`,
    ),
  ]);
  const series = fillSeries(range, ["new_accounts", "new_subscriptions", "ended_subscriptions"], counts);
  const totals = cumulative(series, "new_accounts", Number(before?.n ?? 0));
  return series.map((row, i) => ({
    period: row.period,
    new_accounts: row.new_accounts,
    total_accounts: totals[i] ?? 0,
    new_subscriptions: row.new_subscriptions,
    ended_subscriptions: row.ended_subscriptions,
  }));
}

const sumOf = (groups: readonly Group[], pick: (g: Group) => number) =>
  groups.reduce((sum, g) => sum + Number(pick(g)), 0);

export async function accountsReport(exec: Executor, range: TReportRange): Promise<TAccountsReport> {
  const [groups, series] = await Promise.all([groupsNow(exec), growth(exec, range)]);
  const countWhere = (keep: (g: Group) => boolean) => sumOf(groups.filter(keep), (g) => g.n);
  const plans = [...SERVICE_TYPES, null] as const;
  return {
    range,
    totals: {
      accounts: countWhere(() => true),
      enabled: countWhere((g) => g.status !== "disabled"),
      disabled: countWhere((g) => g.status === "disabled"),
      trial: countWhere((g) => g.is_trial),
      subscribed: countWhere((g) => g.subscribed),
    },
    by_plan: plans
      .map((plan) => {
        const of = groups.filter((g) => g.plan === plan);
        return {
          plan,
          accounts: sumOf(of, (g) => g.n),
          contract_tib: sumOf(of, (g) => g.contract),
          reported_tib: sumOf(of, (g) => g.reported),
        };
      })
      .filter((row) => row.accounts > 0),
    by_trial: { trial: countWhere((g) => g.is_trial), not_trial: countWhere((g) => !g.is_trial) },
    by_status: ACCOUNT_REPORT_STATUSES.map((status) => ({
      status,
      accounts: countWhere((g) => g.status === status),
    })),
    capacity: {
      over: countWhere((g) => g.flag === "over"),
      near: countWhere((g) => g.flag === "near"),
      within: countWhere((g) => g.flag === "within"),
      unknown: countWhere((g) => g.flag === "unknown"),
      contract_tib: sumOf(groups, (g) => g.contract),
      reported_tib: sumOf(groups, (g) => g.reported),
      near_pct: CAPACITY_NEAR_PCT,
    },
    growth: series,
  };
}

const CAPACITY_ROW = {
  account_id: accounts.id,
  company: accounts.company,
  plan: planSql,
  is_trial: accounts.isTrial,
  status: statusSql,
  contract_tib: accounts.contractCapacity,
  reported_tib: accounts.reportedCapacity,
  usage_pct: usagePctSql.mapWith((v: unknown) => (v === null ? null : Number(v))),
  flag: flagSql,
  created_at: accounts.createdAt,
};

const presentRow = (row: Omit<TCapacityRow, "created_at"> & { created_at: Date }): TCapacityRow => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export interface CapacityFilter {
  flag: "all" | CapacityFlag;
  q?: string | undefined;
  page: number;
  page_size: number;
}

/** The capacity table: fullest first (over, near, within, unknown; then usage; then company). */
export async function capacityPage(exec: Executor, filter: CapacityFilter): Promise<TCapacityPage> {
  const where: SQL[] = [isCustomerAccount];
  if (filter.flag !== "all") where.push(sql`${flagSql} = ${filter.flag}`);
  if (filter.q) {
    where.push(sql`${accounts.company} ilike ${`%${filter.q.replace(/[\\%_]/g, "\\$&")}%`}`);
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    exec
      .select(CAPACITY_ROW)
      .from(accounts)
      .where(condition)
      .orderBy(asc(flagRankSql), sql`${usagePctSql} desc nulls last`, asc(accounts.company), asc(accounts.id))
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size),
    exec.select({ n: count() }).from(accounts).where(condition),
  ]);
  return {
    items: rows.map(presentRow),
    total: Number(total?.n ?? 0),
    page: filter.page,
    page_size: filter.page_size,
  };
}

export const ACCOUNTS_CSV_COLUMNS = [
  "account_id",
  "company",
  "plan",
  "trial",
  "status",
  "contract_tib",
  "reported_tib",
  "usage_pct",
  "flag",
  "created_at",
] as const;

export const accountsCsvFilename = (range: TReportRange) =>
  `accounts-report-${range.from}-to-${range.to}.csv`;

const BATCH = 1000;

/** Every customer organization, oldest first, read in batches by id (20,000 never sit in memory as objects). */
export async function accountsCsv(exec: Executor): Promise<string> {
  const parts = [toCsv(ACCOUNTS_CSV_COLUMNS, [])];
  let after = 0;
  for (;;) {
    const rows = await exec
      .select(CAPACITY_ROW)
      .from(accounts)
      .where(and(isCustomerAccount, gt(accounts.id, after)))
      .orderBy(asc(accounts.id))
      .limit(BATCH);
    parts.push(
      csvLines(
        rows.map((row) => [
          row.account_id,
          row.company,
          row.plan,
          row.is_trial ? "yes" : "no",
          row.status,
          row.contract_tib,
          row.reported_tib,
          row.usage_pct,
          row.flag,
          row.created_at.toISOString(),
        ]),
      ),
    );
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.account_id;
  }
  return parts.join("");
}
