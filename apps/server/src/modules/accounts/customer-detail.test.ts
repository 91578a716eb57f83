import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountEngineers,
  accountFollowers,
  accounts,
  accountUseCases,
  billingPayments,
  billingPlans,
  issues,
  useCases,
} from "../../db/schema";
import { createAccount, createUser, signIn, type TestContext } from "../../test/helper";
import { billingTestApp, buy, call, type Headers, newOrg, type Org } from "../billing/subscription-test-kit";

let t: TestContext;
let engineer: Headers;
let engineerId: number;
let admin: Headers;
let subscribed: Org;
let useCaseNames: string[];

const detailOf = async (accountId: number, as: Headers) => {
  const res = await call(t, "GET", `/api/auth/accountsinfo/${accountId}`, as);
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await billingTestApp();
  const eng = await createUser(t.db, { accountId: 1, role: "engineer", name: "Eve Engineer" });
  engineerId = eng.id;
  engineer = { authorization: (await signIn(t.app, eng)).authorization };
  admin = {
    authorization: (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "admin" })))
      .authorization,
  };
  subscribed = await newOrg(t);
  await buy(t, subscribed, subscribed.owner, { service_type: "STANDARD", capacity: 25 });
  await t.db
    .update(accounts)
    .set({ notesLink: "https://notes.example/acme" })
    .where(eq(accounts.id, subscribed.id));
  await t.db.insert(accountEngineers).values([
    { accountId: subscribed.id, userId: engineerId, role: "customer_engineer" },
    { accountId: subscribed.id, userId: engineerId, role: "account_manager" },
  ]);
  const chosen = await t.db.select().from(useCases).orderBy(asc(useCases.id)).limit(2);
  await t.db
    .insert(accountUseCases)
    .values(chosen.map((u) => ({ accountId: subscribed.id, useCaseId: u.id })));
  useCaseNames = chosen.map((u) => u.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  await t.db.insert(accountFollowers).values({ accountId: subscribed.id, userId: engineerId });
});
afterAll(() => t.close());

describe("GET accountsinfo/:id for an engineer", () => {
  it("answers every field of the account, its subscription as GET subscription tells it, and the console's fields", async () => {
    const detail = await detailOf(subscribed.id, engineer);
    const view = (await call(t, "GET", "", subscribed.owner, { aid: subscribed.id })).json();
    const sub = view.subscription;
    expect(detail).toMatchObject({
      account_id: subscribed.id,
      users: 2,
      is_trial: false,
      is_disabled: false,
      account_type: { type: "SUBSCRIBED", serviceType: "STANDARD", status: "active" },
      contract_capacity: 25,
      notes_link: "https://notes.example/acme",
      version: 1,
      following: true,
    });
    expect(detail.subscription).toEqual({
      plan: "STANDARD",
      status: "active",
      started_at: expect.any(String),
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
      cancel_at: null,
      ended_at: null,
      auto_renew: true,
    });
    expect(Date.parse(detail.subscription.started_at)).toBeLessThanOrEqual(Date.now());
    expect(detail.subscribed_products).toEqual(view.subscribed_products);
    expect(detail.subscribed_products).toHaveLength(1);
    expect(detail.subscribed_products[0]).toMatchObject({ plan: "STANDARD", quantity: 25 });
    expect(detail.eng_acc_roles).toEqual([
      { role: "account_manager", user_id: engineerId, name: "Eve Engineer", email: expect.any(String) },
      { role: "customer_engineer", user_id: engineerId, name: "Eve Engineer", email: expect.any(String) },
    ]);
    expect(detail.use_cases.map((u: { name: string }) => u.name)).toEqual(useCaseNames);
  });

  it("says what an engineer may do, and why a non-empty organization cannot be deleted", async () => {
    const detail = await detailOf(subscribed.id, engineer);
    expect(detail.console).toMatchObject({
      editDetails: true,
      disable: true,
      enable: false,
      delete: false,
      setAdmin: false,
      logTime: true,
    });
    expect(detail.console.deleteReason).toMatch(
      new RegExp(
        `^${CUSTOMER_MESSAGES.notEmpty}: it still has 2 users, .*1 subscription and \\d+ payments?$`,
      ),
    );
  });

  it("composes the reason from what the organization still holds", async () => {
    const org = await createAccount(t.db);
    for (let i = 0; i < 3; i++) await createUser(t.db, { accountId: org.id });
    for (const title of ["one", "two"])
      await t.db.insert(issues).values({ accountId: org.id, title, isWeekendPriority: false });
    const detail = await detailOf(org.id, engineer);
    expect(detail.console.deleteReason).toBe(
      `${CUSTOMER_MESSAGES.notEmpty}: it still has 3 users and 2 issues`,
    );
    expect(detail.console.delete).toBe(false);
  });

  it("a payment alone keeps an organization (money records are kept): the page says so", async () => {
    const org = await createAccount(t.db);
    const [plan] = await t.db.select({ id: billingPlans.id }).from(billingPlans).limit(1);
    await t.db.insert(billingPayments).values({
      providerPaymentId: "pi_kept",
      provider: "STRIPE",
      testMode: true,
      accountId: org.id,
      kind: "subscribe",
      planId: plan?.id ?? 0,
      serviceType: "STANDARD",
      quantity: 10,
      currency: "USD",
      amountMinor: 1000,
      status: "failed",
    });
    const detail = await detailOf(org.id, engineer);
    expect(detail.console).toMatchObject({
      delete: false,
      deleteReason: `${CUSTOMER_MESSAGES.notEmpty}: it still has 1 payment`,
    });
  });

  it("an empty, never subscribed organization may be deleted; it has no subscription", async () => {
    const org = await createAccount(t.db);
    const detail = await detailOf(org.id, engineer);
    expect(detail).toMatchObject({
      users: 0,
      subscription: null,
      subscribed_products: [],
      eng_acc_roles: [],
      use_cases: [],
      following: false,
      notes_link: null,
    });
    expect(detail.console).toMatchObject({ delete: true, deleteReason: null });
  });

  it("a disabled organization may be enabled, not disabled", async () => {
    const org = await createAccount(t.db);
    await t.db.update(accounts).set({ isDisabled: true }).where(eq(accounts.id, org.id));
    const detail = await detailOf(org.id, engineer);
    expect(detail.console).toMatchObject({ disable: false, enable: true });
  });

  it("the vendor's own organization: admins may make admins there; it cannot be disabled or deleted", async () => {
    const byAdmin = await detailOf(1, admin);
    expect(byAdmin.console).toMatchObject({
      setAdmin: true,
      disable: false,
      enable: false,
      delete: false,
      deleteReason: CUSTOMER_MESSAGES.vendorAccount,
    });
    expect((await detailOf(1, engineer)).console.setAdmin).toBe(false);
  });
});

describe("GET accountsinfo/:id for a customer", () => {
  it("hides the notes link and every console ability; the rest of the account is theirs to read", async () => {
    for (const as of [subscribed.owner, subscribed.user]) {
      const detail = await detailOf(subscribed.id, as);
      expect(detail.notes_link).toBeNull();
      expect(detail.following).toBe(false);
      expect(detail.console).toEqual({
        editDetails: false,
        disable: false,
        enable: false,
        delete: false,
        deleteReason: null,
        setAdmin: false,
        logTime: false,
      });
      expect(detail.subscription.plan).toBe("STANDARD");
      expect(detail.eng_acc_roles).toHaveLength(2);
      expect(detail.use_cases).toHaveLength(2);
    }
    expect((await detailOf(subscribed.id, subscribed.owner)).abilities).toEqual({
      rename: true,
      invite: true,
      manageUsers: true,
    });
    expect((await detailOf(subscribed.id, subscribed.user)).abilities.rename).toBe(false);
  });

  it("answers 404 for another organization", async () => {
    const other = await newOrg(t);
    const res = await call(t, "GET", `/api/auth/accountsinfo/${other.id}`, subscribed.owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("Account not found");
  });
});
