import { BILLING_MESSAGES, SUBSCRIPTION_BASE } from "@portico/shared/schemas/billing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, billingPlans, subscriptions } from "../../db/schema";
import { NOT_YOUR_ACCOUNT } from "../../platform/auth/viewer";
import { createAccount, createUser, signIn, type TestContext } from "../../test/helper";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { caller } from "../licences/licences-test-kit";
import { currentPlan } from "./catalogue.queries";
import { type AccountRow, priceChange } from "./estimates.service";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});
const call = caller(() => t.app);
const url = (path: string) => `${SUBSCRIPTION_BASE}${path}`;
const error = (status: number, message: string) => ({ status, body: { error: message, status } });

const DAY_MS = 86_400_000;

/** A subscription row as the life cycle would leave it (inserted directly: these tests price, not pay). */
async function subscribe(
  accountId: number,
  opts: {
    plan: string;
    quantity: number;
    currency: "USD" | "EUR";
    periodStart: Date;
    periodEnd: Date;
    endedAt?: Date;
  },
) {
  const plan = await currentPlan(t.db, opts.plan);
  await t.db
    .update(accounts)
    .set({ currencyCode: opts.currency, accountType: "SUBSCRIBED", serviceType: opts.plan })
    .where(eq(accounts.id, accountId));
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      accountId,
      provider: "STRIPE",
      testMode: true,
      productId: plan.productId,
      planId: plan.id,
      serviceType: plan.code,
      currency: opts.currency,
      quantity: opts.quantity,
      minQuantity: plan.minQuantity,
      currentPeriodStart: opts.periodStart,
      currentPeriodEnd: opts.periodEnd,
      endedAt: opts.endedAt ?? null,
      status: opts.endedAt ? "canceled" : "active",
      version: 3,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** A new organization with an owner and a plain user, signed in. */
async function organization() {
  const account = await createAccount(t.db);
  const owner = await createUser(t.db, { accountId: account.id, role: "owner" });
  const user = await createUser(t.db, { accountId: account.id, role: "user" });
  return {
    account,
    owner: (await signIn(t.app, owner)).authorization,
    user: (await signIn(t.app, user)).authorization,
  };
}

async function accountRow(id: number): Promise<AccountRow> {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Error("no account");
  return row;
}

const SEEDED = [
  { plan: "STANDARD", sla_hours: 24, min_quantity: 1, self_serve_cap_tib: 25, USD: 1000, EUR: 920 },
  { plan: "ENTERPRISE-LITE", sla_hours: 8, min_quantity: 10, self_serve_cap_tib: 400, USD: 1500, EUR: 1380 },
  { plan: "ENTERPRISE", sla_hours: 4, min_quantity: 25, self_serve_cap_tib: 400, USD: 2000, EUR: 1840 },
  { plan: "ENTERPRISE-PLUS", sla_hours: 1, min_quantity: 100, self_serve_cap_tib: 400, USD: 3000, EUR: 2760 },
  { plan: "TRIAL", sla_hours: 48, min_quantity: 1, self_serve_cap_tib: 0, USD: 0, EUR: 0 },
  { plan: "CUSTOM", sla_hours: 4, min_quantity: 1, self_serve_cap_tib: 0, USD: 0, EUR: 0 },
];
const seededPlan = ({ USD, EUR, ...rest }: (typeof SEEDED)[number]) => ({
  ...rest,
  plan_version: 1,
  is_current: true,
  price_per_tib_month: { USD, EUR },
});

describe("the catalogue", () => {
  it("lists the product to anyone signed in, and no one else", async () => {
    const res = await call(cast.userA, "GET", url("/products"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ code: "object-storage", name: "Object Storage Subscription", unit: "TiB" }),
    ]);
    expect(await call(undefined, "GET", url("/products"))).toMatchObject(
      error(401, "Authentication required"),
    );
  });

  it("lists the current plans in the catalogue's order, priced in both currencies", async () => {
    const res = await call(cast.ownerB, "GET", url("/productswithplans"));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].plans).toEqual(SEEDED.map((p) => expect.objectContaining(seededPlan(p))));
    expect(await call(undefined, "GET", url("/productswithplans"))).toMatchObject({ status: 401 });
  });

  it("lists every version for engineers only", async () => {
    for (const who of [cast.userA, cast.ownerA]) {
      expect(await call(who, "GET", url("/productswithplans?all=true"))).toMatchObject(
        error(403, BILLING_MESSAGES.engineersOnly),
      );
    }
    const res = await call(cast.engineer, "GET", url("/productswithplans?all=true"));
    expect(res.status).toBe(200);
    expect(res.body[0].plans.length).toBeGreaterThanOrEqual(SEEDED.length);
  });
});

describe("upgrade/plans", () => {
  it("answers the self-serve plans in USD for an organization without a currency, or in the one asked for", async () => {
    const res = await call(cast.userA, "GET", url("/upgrade/plans"));
    expect(res.status).toBe(200);
    expect(res.body.map((p: { plan: string }) => p.plan)).toEqual([
      "STANDARD",
      "ENTERPRISE-LITE",
      "ENTERPRISE",
      "ENTERPRISE-PLUS",
    ]);
    expect(res.body[2]).toMatchObject({
      plan: "ENTERPRISE",
      currency: "USD",
      is_current_plan: false,
      min_capacity_tib: 25,
      price_per_tib_month: { USD: 2000, EUR: 1840 },
    });
    const eur = await call(cast.userA, "GET", url("/upgrade/plans?currency=EUR"));
    expect(eur.body.every((p: { currency: string }) => p.currency === "EUR")).toBe(true);
    expect(await call(cast.userA, "GET", url("/upgrade/plans?currency=GBP"))).toMatchObject(
      error(400, BILLING_MESSAGES.currency),
    );
  });

  it("marks the subscribed plan and keeps the organization's currency", async () => {
    const org = await organization();
    await subscribe(org.account.id, {
      plan: "ENTERPRISE",
      quantity: 100,
      currency: "EUR",
      periodStart: new Date(Date.now() - 10 * DAY_MS),
      periodEnd: new Date(Date.now() + 355 * DAY_MS),
    });
    const res = await call(org.user, "GET", url("/upgrade/plans"));
    expect(res.status).toBe(200);
    expect(res.body.filter((p: { is_current_plan: boolean }) => p.is_current_plan)).toEqual([
      expect.objectContaining({ plan: "ENTERPRISE", currency: "EUR" }),
    ]);
    expect(await call(org.owner, "GET", url("/upgrade/plans?currency=USD"))).toMatchObject(
      error(400, BILLING_MESSAGES.currencyFixed("EUR")),
    );
    // Engineers read it on the organization's behalf.
    const forEngineer = await call(cast.engineer, "GET", url(`/upgrade/plans?aid=${org.account.id}`));
    expect(forEngineer.body[0].currency).toBe("EUR");
  });

  it("is refused for another organization, an unknown one and without a token", async () => {
    expect(await call(cast.ownerB, "GET", url(`/upgrade/plans?aid=${cast.orgA.id}`))).toMatchObject(
      error(403, NOT_YOUR_ACCOUNT),
    );
    expect(await call(cast.engineer, "GET", url("/upgrade/plans?aid=999999"))).toMatchObject(
      error(404, ACCOUNT_NOT_FOUND),
    );
    expect(await call(undefined, "GET", url("/upgrade/plans"))).toMatchObject({ status: 401 });
  });
});

describe("GET estimate: a new subscription's first term", () => {
  const estimate = (who: string, query: string) => call(who, "GET", url(`/estimate?${query}`));

  it.each([
    // plan, capacity, unit, currency, per TiB, monthly, term (12 months)
    ["STANDARD", "10", "TiB", "USD", 1000, 10_000, 120_000],
    ["STANDARD", "10", "TiB", "EUR", 920, 9_200, 110_400],
    ["STANDARD", "25", "TiB", "USD", 1000, 25_000, 300_000],
    ["ENTERPRISE-LITE", "10", "TiB", "EUR", 1380, 13_800, 165_600],
    ["ENTERPRISE-LITE", "010", "TiB", "USD", 1500, 15_000, 180_000],
    ["ENTERPRISE", "25", "TiB", "EUR", 1840, 46_000, 552_000],
    ["ENTERPRISE-PLUS", "400", "TiB", "USD", 3000, 1_200_000, 14_400_000],
  ] as const)("%s %s %s in %s", async (plan, capacity, unit, currency, perTib, monthly, term) => {
    const res = await estimate(
      cast.userA,
      `service_type=${plan}&capacity=${capacity}&unit=${unit}&currency=${currency}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      contact_sales: false,
      self_serve_cap_tib: plan === "STANDARD" ? 25 : 400,
      estimate: {
        plan,
        plan_version: 1,
        currency,
        capacity_tib: Number(capacity),
        per_tib_month_minor: perTib,
        monthly_minor: monthly,
        term_minor: term,
        term_months: 12,
      },
    });
  });

  it("sends capacities above the cap, and plans never sold on their own, to sales", async () => {
    for (const [query, cap] of [
      ["service_type=STANDARD&capacity=26", 25],
      ["service_type=ENTERPRISE&capacity=401", 400],
      ["service_type=ENTERPRISE&capacity=1&unit=PiB", 400],
      ["service_type=ENTERPRISE-PLUS&capacity=999999999&unit=PiB", 400],
      ["service_type=TRIAL&capacity=5", 0],
      ["service_type=CUSTOM&capacity=500", 0],
    ] as const) {
      const res = await estimate(cast.userA, query);
      expect(res, query).toMatchObject({
        status: 200,
        body: { estimate: null, contact_sales: true, self_serve_cap_tib: cap },
      });
    }
  });

  it("refuses bad input with the field's message", async () => {
    for (const [query, status, message] of [
      [
        "service_type=ENTERPRISE-PLUS&capacity=99",
        400,
        BILLING_MESSAGES.belowMinimum("ENTERPRISE-PLUS", 100),
      ],
      ["service_type=ENTERPRISE&capacity=24", 400, BILLING_MESSAGES.belowMinimum("ENTERPRISE", 25)],
      ["service_type=GOLD&capacity=10", 400, BILLING_MESSAGES.planNotFound],
      ["service_type=STANDARD&capacity=10&currency=GBP", 400, BILLING_MESSAGES.currency],
      ["service_type=STANDARD&capacity=10&unit=EiB", 400, BILLING_MESSAGES.unit],
      ["service_type=STANDARD&capacity=12.5", 400, BILLING_MESSAGES.capacityInvalid],
      ["service_type=STANDARD&capacity=-5", 400, BILLING_MESSAGES.capacityInvalid],
      ["service_type=STANDARD&capacity=1e3", 400, BILLING_MESSAGES.capacityInvalid],
      ["service_type=STANDARD&capacity=1234567890", 400, BILLING_MESSAGES.capacityTooLong],
      ["service_type=STANDARD&capacity=", 400, BILLING_MESSAGES.capacityRequired],
      ["service_type=STANDARD&capacity=000", 400, BILLING_MESSAGES.capacityRequired],
      ["service_type=STANDARD", 400, BILLING_MESSAGES.capacityRequired],
    ] as const) {
      expect(await estimate(cast.userA, query), query).toMatchObject(error(status, message));
    }
  });

  it("prices in the organization's currency once it has one", async () => {
    const org = await organization();
    await t.db.update(accounts).set({ currencyCode: "EUR" }).where(eq(accounts.id, org.account.id));
    const res = await estimate(org.user, "service_type=STANDARD&capacity=10");
    expect(res.body.estimate).toMatchObject({ currency: "EUR", term_minor: 110_400 });
    expect(await estimate(org.user, "service_type=STANDARD&capacity=10&currency=USD")).toMatchObject(
      error(400, BILLING_MESSAGES.currencyFixed("EUR")),
    );
  });

  it("is refused for another organization and without a token", async () => {
    const query = "service_type=STANDARD&capacity=10";
    expect(await estimate(cast.ownerB, `${query}&aid=${cast.orgA.id}`)).toMatchObject(
      error(403, NOT_YOUR_ACCOUNT),
    );
    expect(await call(undefined, "GET", url(`/estimate?${query}`))).toMatchObject({ status: 401 });
  });
});

describe("GET estimate/upgrade", () => {
  const upgrade = (who: string, query: string) => call(who, "GET", url(`/estimate/upgrade?${query}`));

  it("is the first term for an organization that never subscribed", async () => {
    const org = await organization();
    const res = await upgrade(org.user, "service_type=ENTERPRISE&capacity=50&currency=EUR");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: "subscribe",
      contact_sales: false,
      current: null,
      target: { plan: "ENTERPRISE", capacity_tib: 50, term_minor: 1_104_000 },
      credit_minor: 0,
      charge_minor: 1_104_000,
      amount_due_minor: 1_104_000,
      next_renewal_minor: 1_104_000,
    });
    expect(res.body.remaining_days).toBeGreaterThanOrEqual(365);
  });

  it("prorates a change over what is left of the term, and changes nothing", async () => {
    const org = await organization();
    const now = Date.now();
    // Half the term left: credit half of 100 TiB of ENTERPRISE, charge half of 200 TiB.
    const sub = await subscribe(org.account.id, {
      plan: "ENTERPRISE",
      quantity: 100,
      currency: "USD",
      periodStart: new Date(now - 100 * DAY_MS),
      periodEnd: new Date(now + 100 * DAY_MS),
    });
    const res = await upgrade(org.user, "service_type=ENTERPRISE&capacity=200");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: "upgrade",
      contact_sales: false,
      current: { plan: "ENTERPRISE", capacity_tib: 100, term_minor: 2_400_000 },
      target: { plan: "ENTERPRISE", capacity_tib: 200, term_minor: 4_800_000 },
      next_renewal_minor: 4_800_000,
      period_end: sub.currentPeriodEnd.toISOString(),
      remaining_days: 100,
    });
    // The request took a moment: a second of a 200-day term is worth less than a cent here.
    expect(Math.abs(res.body.credit_minor - 1_200_000)).toBeLessThanOrEqual(1);
    expect(Math.abs(res.body.charge_minor - 2_400_000)).toBeLessThanOrEqual(1);
    expect(res.body.amount_due_minor).toBe(res.body.charge_minor - res.body.credit_minor);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toEqual(sub);
  });

  it("refuses the same plan and capacity, a cheaper change, below the minimum and another currency", async () => {
    const org = await organization();
    await subscribe(org.account.id, {
      plan: "ENTERPRISE",
      quantity: 100,
      currency: "USD",
      periodStart: new Date(Date.now() - 10 * DAY_MS),
      periodEnd: new Date(Date.now() + 300 * DAY_MS),
    });
    for (const [query, message] of [
      ["service_type=ENTERPRISE&capacity=100", BILLING_MESSAGES.samePlan],
      ["service_type=ENTERPRISE&capacity=50", BILLING_MESSAGES.downgrade],
      ["service_type=STANDARD&capacity=20", BILLING_MESSAGES.downgrade],
      ["service_type=ENTERPRISE-PLUS&capacity=50", BILLING_MESSAGES.belowMinimum("ENTERPRISE-PLUS", 100)],
      ["service_type=ENTERPRISE&capacity=200&currency=EUR", BILLING_MESSAGES.currencyFixed("USD")],
    ] as const) {
      expect(await upgrade(org.owner, query), query).toMatchObject(error(400, message));
    }
    expect(await upgrade(org.owner, "service_type=ENTERPRISE&capacity=401")).toMatchObject({
      status: 200,
      body: {
        kind: "upgrade",
        contact_sales: true,
        self_serve_cap_tib: 400,
        target: null,
        amount_due_minor: 0,
      },
    });
  });

  it("is a new term after the subscription ended", async () => {
    const org = await organization();
    await subscribe(org.account.id, {
      plan: "STANDARD",
      quantity: 10,
      currency: "EUR",
      periodStart: new Date(Date.now() - 400 * DAY_MS),
      periodEnd: new Date(Date.now() - 35 * DAY_MS),
      endedAt: new Date(Date.now() - 35 * DAY_MS),
    });
    const res = await upgrade(org.user, "service_type=STANDARD&capacity=10");
    expect(res.body).toMatchObject({
      kind: "resubscribe",
      current: null,
      target: { currency: "EUR", term_minor: 110_400 },
      amount_due_minor: 110_400,
    });
  });

  it("is refused for another organization and without a token", async () => {
    const query = "service_type=STANDARD&capacity=10";
    expect(await upgrade(cast.ownerB, `${query}&aid=${cast.orgA.id}`)).toMatchObject(
      error(403, NOT_YOUR_ACCOUNT),
    );
    expect(await call(undefined, "GET", url(`/estimate/upgrade?${query}`))).toMatchObject({ status: 401 });
  });
});

describe("priceChange at a fixed time", () => {
  const start = new Date("2025-01-01T00:00:00Z");
  const end = new Date("2026-01-01T00:00:00Z");
  // 182.5 of 365 days left: exactly half the term.
  const half = new Date("2025-07-02T12:00:00Z");

  it.each([
    ["USD", 1_200_000, 1_800_000, 600_000],
    ["EUR", 1_104_000, 1_656_000, 552_000],
  ] as const)(
    "ENTERPRISE 100 TiB → ENTERPRISE-PLUS 100 TiB half-way in %s",
    async (currency, credit, charge, due) => {
      const org = await organization();
      const sub = await subscribe(org.account.id, {
        plan: "ENTERPRISE",
        quantity: 100,
        currency,
        periodStart: start,
        periodEnd: end,
      });
      const priced = await priceChange(
        t.db,
        await accountRow(org.account.id),
        { serviceType: "ENTERPRISE-PLUS", capacityTib: 100 },
        half,
      );
      expect(priced).toMatchObject({
        kind: "ok",
        paymentKind: "upgrade",
        plan: { code: "ENTERPRISE-PLUS", isCurrent: true },
        capacityTib: 100,
        currency,
        subscription: { id: sub.id },
        baseVersion: 3,
        amountDueMinor: due,
        estimate: {
          credit_minor: credit,
          charge_minor: charge,
          amount_due_minor: due,
          remaining_days: 183,
          period_end: end.toISOString(),
        },
      });
    },
  );

  it("answers contact-sales above the cap, and the first term for a first subscription", async () => {
    const org = await organization();
    const account = await accountRow(org.account.id);
    expect(
      await priceChange(t.db, account, { serviceType: "STANDARD", capacityTib: 26 }, half),
    ).toMatchObject({
      kind: "contact-sales",
      capTib: 25,
      paymentKind: "subscribe",
    });
    const priced = await priceChange(t.db, account, { serviceType: "STANDARD", capacityTib: 3 }, half);
    expect(priced).toMatchObject({
      kind: "ok",
      paymentKind: "subscribe",
      currency: "USD",
      subscription: null,
      baseVersion: null,
      amountDueMinor: 36_000,
      estimate: { period_end: "2026-07-02T12:00:00.000Z", remaining_days: 365 },
    });
  });

  it("costs nothing now once the term has run out (the renewal pays the target)", async () => {
    const org = await organization();
    await subscribe(org.account.id, {
      plan: "STANDARD",
      quantity: 5,
      currency: "USD",
      periodStart: start,
      periodEnd: end,
    });
    const priced = await priceChange(
      t.db,
      await accountRow(org.account.id),
      { serviceType: "STANDARD", capacityTib: 6 },
      new Date("2026-01-05T00:00:00Z"),
    );
    expect(priced).toMatchObject({
      kind: "ok",
      amountDueMinor: 0,
      estimate: { credit_minor: 0, charge_minor: 0, next_renewal_minor: 72_000, remaining_days: 0 },
    });
  });
});

describe("plan versions", () => {
  const edit = {
    sla_hours: 6,
    sla_coverage: "24x7",
    min_quantity: 10,
    self_serve_cap_tib: 300,
    price_per_tib_month: { USD: 1600, EUR: 1500 },
  };
  const planId = async (code: string) => (await currentPlan(t.db, code)).id;

  it("only vendor admins edit a plan", async () => {
    const id = await planId("ENTERPRISE-LITE");
    for (const who of [cast.engineer, cast.ownerA, cast.userA]) {
      expect(await call(who, "PUT", url(`/plans/${id}`), edit)).toMatchObject(
        error(403, BILLING_MESSAGES.adminsOnly),
      );
    }
    expect(await call(undefined, "PUT", url(`/plans/${id}`), edit)).toMatchObject({ status: 401 });
    expect(await call(cast.admin, "PUT", url("/plans/999999"), edit)).toMatchObject(
      error(404, BILLING_MESSAGES.planNotFound),
    );
    expect(
      await call(cast.admin, "PUT", url(`/plans/${id}`), {
        ...edit,
        price_per_tib_month: { USD: 12.5, EUR: 1 },
      }),
    ).toMatchObject(error(400, BILLING_MESSAGES.price));
    expect(await currentPlan(t.db, "ENTERPRISE-LITE")).toMatchObject({ id, version: 1 });
  });

  it("an edit is the next version; a subscription keeps its plan row and renews at the new price", async () => {
    const org = await organization();
    const sub = await subscribe(org.account.id, {
      plan: "ENTERPRISE-LITE",
      quantity: 20,
      currency: "USD",
      periodStart: new Date(Date.now() - 30 * DAY_MS),
      periodEnd: new Date(Date.now() + 335 * DAY_MS),
    });
    const renewalBefore = await call(org.user, "GET", url("/estimate/renewal"));
    expect(renewalBefore).toMatchObject({
      status: 200,
      body: {
        renews_at: sub.currentPeriodEnd.toISOString(),
        auto_renew: true,
        estimate: { plan: "ENTERPRISE-LITE", plan_version: 1, term_minor: 360_000 },
      },
    });

    const old = sub.planId;
    const res = await call(cast.admin, "PUT", url(`/plans/${old}`), edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      plan_id: expect.any(Number),
      product_id: sub.productId,
      plan: "ENTERPRISE-LITE",
      plan_version: 2,
      sla_hours: 6,
      sla_coverage: "24x7",
      min_quantity: 10,
      self_serve_cap_tib: 300,
      price_per_tib_month: { USD: 1600, EUR: 1500 },
      is_current: true,
    });
    expect(res.body.plan_id).not.toBe(old);

    // 20 TiB × 1600 × 12 at the new version; the subscription row still names the version it bought.
    expect((await call(org.user, "GET", url("/estimate/renewal"))).body.estimate).toMatchObject({
      plan_version: 2,
      per_tib_month_minor: 1600,
      term_minor: 384_000,
    });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row?.planId).toBe(old);
    // A change prices the current term at what was bought (1500) and the target at the new version.
    const change = await call(
      org.user,
      "GET",
      url("/estimate/upgrade?service_type=ENTERPRISE-LITE&capacity=40"),
    );
    expect(change.body).toMatchObject({
      current: { plan_version: 1, per_tib_month_minor: 1500 },
      target: { plan_version: 2, per_tib_month_minor: 1600 },
    });

    const listed = await call(cast.engineer, "GET", url("/productswithplans?all=true"));
    const versions = listed.body[0].plans.filter((p: { plan: string }) => p.plan === "ENTERPRISE-LITE");
    expect(
      versions.map((p: { plan_version: number; is_current: boolean }) => [p.plan_version, p.is_current]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    // Editing the retired version is refused: it is no longer what customers buy.
    expect(await call(cast.admin, "PUT", url(`/plans/${old}`), edit)).toMatchObject(
      error(409, BILLING_MESSAGES.planChanged),
    );
  });

  it("of two edits of one version at once, one wins and the other is told", async () => {
    const id = await planId("ENTERPRISE-PLUS");
    const results = await Promise.all(
      [3100, 3200].map((USD) =>
        call(cast.admin, "PUT", url(`/plans/${id}`), { ...edit, price_per_tib_month: { USD, EUR: 2900 } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe(BILLING_MESSAGES.planChanged);
    const winner = results.find((r) => r.status === 200)?.body;
    const rows = await t.db.select().from(billingPlans).where(eq(billingPlans.code, "ENTERPRISE-PLUS"));
    expect(rows.filter((r) => r.isCurrent)).toEqual([
      expect.objectContaining({ id: winner?.plan_id, version: 2 }),
    ]);
    expect(rows).toHaveLength(2);
  });
});

describe("GET estimate/renewal", () => {
  it("needs a live subscription", async () => {
    const org = await organization();
    expect(await call(org.user, "GET", url("/estimate/renewal"))).toMatchObject(
      error(400, BILLING_MESSAGES.noSubscription),
    );
    await subscribe(org.account.id, {
      plan: "STANDARD",
      quantity: 10,
      currency: "EUR",
      periodStart: new Date(Date.now() - 400 * DAY_MS),
      periodEnd: new Date(Date.now() - 35 * DAY_MS),
      endedAt: new Date(Date.now() - 35 * DAY_MS),
    });
    expect(await call(org.user, "GET", url("/estimate/renewal"))).toMatchObject(
      error(400, BILLING_MESSAGES.noSubscription),
    );
  });

  it("is in the subscription's currency, for members and engineers only", async () => {
    const org = await organization();
    await subscribe(org.account.id, {
      plan: "STANDARD",
      quantity: 10,
      currency: "EUR",
      periodStart: new Date(Date.now() - 10 * DAY_MS),
      periodEnd: new Date(Date.now() + 355 * DAY_MS),
    });
    const res = await call(cast.engineer, "GET", url(`/estimate/renewal?aid=${org.account.id}`));
    expect(res.body.estimate).toMatchObject({ currency: "EUR", capacity_tib: 10, term_minor: 110_400 });
    expect(await call(cast.ownerB, "GET", url(`/estimate/renewal?aid=${org.account.id}`))).toMatchObject(
      error(403, NOT_YOUR_ACCOUNT),
    );
    expect(await call(undefined, "GET", url("/estimate/renewal"))).toMatchObject({ status: 401 });
  });
});
