/**
 * The §4 order computed in SQL (and paged there) is the order of the shared compareConversations,
 * on a mixed set: every status, panics, every plan rank, archived-but-unanswered, ties.
 */
import {
  type ConversationListItem,
  compareConversations,
  sortConversations,
} from "@portico/shared/rules/issue-order";
import { planRank } from "@portico/shared/rules/plan-rank";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, issues } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { call } from "./test-fixtures";

let t: TestContext;
let engineer: string;
const accountIds: number[] = [];

/** [service type, trial] of the accounts: every row of the plan-rank table and the odd spellings. */
const PLANS: Array<[string | null, boolean]> = [
  ["STANDARD", false],
  ["ENTERPRISE", false],
  ["ENTERPRISE-LITE", false],
  ["ENTERPRISE-PLUS", false],
  ["ENTERPRISE-PLUS", true],
  ["ENTERPRISE-LITE", true],
  ["TRIAL", false],
  [null, false],
  ["CUSTOM", false],
  ["Enterprise_Plus ", false],
  ["  enterprise lite", true],
  ["STANDARD", true],
  ["enterprise__plus", false],
];

type State = { answered: boolean; archived: boolean; userType: "customer" | "engineer" | null };
const STATES: State[] = [
  { answered: false, archived: false, userType: null },
  { answered: false, archived: false, userType: "engineer" },
  { answered: false, archived: false, userType: "customer" },
  { answered: true, archived: false, userType: "engineer" },
  { answered: true, archived: true, userType: "engineer" },
  { answered: false, archived: true, userType: "customer" },
];

beforeAll(async () => {
  t = await createTestApp();
  engineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }))).authorization;
  for (const [serviceType, isTrial] of PLANS) {
    const account = await createAccount(t.db);
    await t.db.update(accounts).set({ serviceType, isTrial }).where(eq(accounts.id, account.id));
    accountIds.push(account.id);
  }
  // A deterministic spread: each account gets issues of several states, some panics, and update
  // times that collide now and then (ties are broken by the issue number).
  const base = Date.UTC(2026, 0, 1);
  let k = 0;
  for (const accountId of accountIds) {
    for (let i = 0; i < 4; i++, k++) {
      const state = STATES[k % STATES.length] as State;
      await t.db.insert(issues).values({
        accountId,
        title: `issue ${k}`,
        isWeekendPriority: false,
        issueType: k % 7 === 0 ? "panic" : null,
        answered: state.answered,
        isArchived: state.archived,
        answerUserType: state.userType,
        updatedAt: new Date(base + ((k * 37) % 23) * 60_000),
      });
    }
  }
});
afterAll(() => t.close());

type Item = ConversationListItem<{ issue_number: number; account_id: number }>;

async function listAll(authorization: string, query: string, pageSize: number): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      t.app,
      authorization,
      "GET",
      `/api/chat/issue?page_size=${pageSize}&page=${page}${query}`,
    );
    expect(res.status).toBe(200);
    all.push(...(res.body.items as Item[]));
    if (res.body.items.length < pageSize) {
      expect(res.body.total).toBe(all.length);
      return all;
    }
  }
}

const numbers = (items: Item[]) => items.map((i) => i.issue.issue_number);
const byNumber = (direction: 1 | -1) => (a: Item, b: Item) =>
  direction * (a.issue.issue_number - b.issue.issue_number);

describe("plan rank in SQL", () => {
  it("portico_plan_rank equals the shared planRank, odd spellings included", async () => {
    const rows = await t.db
      .select({
        serviceType: accounts.serviceType,
        isTrial: accounts.isTrial,
        rank: sql<number>`portico_plan_rank(${accounts.serviceType}, ${accounts.isTrial})`,
      })
      .from(accounts);
    expect(rows.length).toBeGreaterThan(PLANS.length);
    for (const row of rows) {
      expect(row).toEqual({ ...row, rank: planRank(row.serviceType, row.isTrial) });
    }
  });

  it("every issue carries its account's rank, and follows the account when its plan changes", async () => {
    const ranks = async (accountId: number) =>
      (await t.db.select({ rank: issues.planRank }).from(issues).where(eq(issues.accountId, accountId))).map(
        (r) => r.rank,
      );
    const [first] = PLANS;
    const accountId = accountIds[0] as number;
    expect(await ranks(accountId)).toEqual([1, 1, 1, 1]);
    await t.db
      .update(accounts)
      .set({ serviceType: "ENTERPRISE-PLUS", isTrial: true })
      .where(eq(accounts.id, accountId));
    expect(await ranks(accountId)).toEqual([5, 5, 5, 5]);
    await t.db
      .update(accounts)
      .set({ serviceType: first?.[0] ?? null, isTrial: first?.[1] ?? false })
      .where(eq(accounts.id, accountId));
    expect(await ranks(accountId)).toEqual([1, 1, 1, 1]);
  });
});

describe("the engineers' queue", () => {
  it("pages (7 at a time) through exactly the compareConversations order, newest first", async () => {
    const paged = await listAll(engineer, "", 7);
    expect(paged.length).toBe(PLANS.length * 4);
    const expected = sortConversations([...paged].sort(byNumber(-1)));
    expect(numbers(paged)).toEqual(numbers(expected));
    // The set really is mixed: panics, several plan ranks and all four statuses.
    expect(new Set(paged.map((i) => i.issueStatus))).toEqual(
      new Set(["open", "waiting", "answered", "archived"]),
    );
    expect(new Set(paged.map((i) => i.planRank)).size).toBeGreaterThan(5);
    expect(paged.some((i) => i.issueType === "panic" && i.issueStatus === "waiting")).toBe(true);
  });

  it("an account's plan change moves its live issues in the queue", async () => {
    const none = accountIds[PLANS.findIndex(([type]) => type === null)] as number;
    await t.db.update(accounts).set({ serviceType: "STANDARD" }).where(eq(accounts.id, none));
    try {
      const paged = await listAll(engineer, "", 9);
      expect(paged.filter((i) => i.issue.account_id === none).every((i) => i.planRank === 1)).toBe(true);
      expect(numbers(paged)).toEqual(numbers(sortConversations([...paged].sort(byNumber(-1)))));
    } finally {
      await t.db.update(accounts).set({ serviceType: null }).where(eq(accounts.id, none));
    }
  });

  it("ASC keeps the groups and turns the time order around (oldest first)", async () => {
    const paged = await listAll(engineer, "&sort=ASC", 5);
    const oldestFirst = (a: Item, b: Item) =>
      compareConversations(
        { ...a, lastUpdatedAt: -Date.parse(String(a.lastUpdatedAt)) },
        { ...b, lastUpdatedAt: -Date.parse(String(b.lastUpdatedAt)) },
      );
    const expected = [...paged].sort(byNumber(1)).sort(oldestFirst);
    expect(numbers(paged)).toEqual(numbers(expected));
  });

  it("one organization's list (the account index path) is the same order restricted to it", async () => {
    const whole = await listAll(engineer, "", 100);
    for (const accountId of accountIds.slice(0, 4)) {
      const one = await listAll(engineer, `&aid=${accountId}`, 3);
      expect(numbers(one)).toEqual(numbers(whole.filter((i) => i.issue.account_id === accountId)));
    }
  });

  it("a customer's list of their organization is that same order", async () => {
    const accountId = accountIds[4] as number;
    const owner = await createUser(t.db, { accountId, role: "owner" });
    const auth = (await signIn(t.app, owner)).authorization;
    const whole = await listAll(engineer, "", 100);
    expect(numbers(await listAll(auth, "", 2))).toEqual(
      numbers(whole.filter((i) => i.issue.account_id === accountId)),
    );
  });
});
