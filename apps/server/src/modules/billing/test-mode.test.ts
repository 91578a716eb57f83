import { randomUUID } from "node:crypto";
import { BILLING_MESSAGES, TEST_CARDS, TEST_MODE_BASE } from "@portico/shared/schemas/billing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingPayments, billingPlans } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { TestModeProvider } from "./test-mode-provider";

let t: TestContext;
let provider: TestModeProvider;
let account: Awaited<ReturnType<typeof createAccount>>;
/** A plain member of `account`: members may pay for their organization's change. */
let member: string;
/** An owner of another organization. */
let stranger: string;
let engineer: string;

beforeAll(async () => {
  t = await createTestApp({ BILLING_TEST_MODE: "true", BILLING_TEST_DELAY_MS: "0" });
  provider = providerOf(t);
  account = await createAccount(t.db);
  const other = await createAccount(t.db);
  member = (await signIn(t.app, await createUser(t.db, { accountId: account.id, role: "user" })))
    .authorization;
  stranger = (await signIn(t.app, await createUser(t.db, { accountId: other.id, role: "owner" })))
    .authorization;
  engineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }))).authorization;
});
afterAll(() => t.close());

const providerOf = (app: TestContext) =>
  new TestModeProvider({
    name: "STRIPE",
    db: app.db,
    jobs: app.app.ctx.jobs,
    delayMs: 0,
    publicUrl: "http://portico.test",
  });

/** A test payment of an account, as `upgrade/prepare` makes one: the provider's intent and our row. */
async function preparedPayment(on = { t, provider, account }) {
  const { db } = on.t;
  const { provider, account } = on;
  const customerId = await provider.ensureCustomer(
    { accountId: account.id, company: account.company, email: "owner@example.com", currency: "USD" },
    null,
  );
  const payment = await provider.preparePayment({
    customerId,
    accountId: account.id,
    amountMinor: 120_000,
    currency: "USD",
    description: "STANDARD, 10 TiB",
    idempotencyKey: `pay-${randomUUID()}`,
    returnUrl: "http://portico.test/subscription",
    metadata: {},
  });
  const [plan] = await db
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(and(eq(billingPlans.code, "STANDARD"), eq(billingPlans.isCurrent, true)));
  await db.insert(billingPayments).values({
    providerPaymentId: payment.paymentId,
    provider: "STRIPE",
    testMode: true,
    accountId: account.id,
    kind: "subscribe",
    planId: plan?.id ?? 0,
    serviceType: "STANDARD",
    quantity: 10,
    currency: "USD",
    amountMinor: 120_000,
  });
  const clientSecret = payment.checkout.kind === "card" ? payment.checkout.client_secret : "";
  return { id: payment.paymentId, clientSecret };
}

const card = (clientSecret: string, overrides: Record<string, unknown> = {}) => ({
  client_secret: clientSecret,
  card_number: "4242 4242 4242 4242",
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: "123",
  ...overrides,
});

const confirm = (id: string, payload: object, authorization?: string) =>
  t.app.inject({
    method: "POST",
    url: `${TEST_MODE_BASE}/payments/${id}/confirm`,
    payload,
    ...(authorization ? { headers: { authorization } } : {}),
  });

const checkout = (id: string, authorization?: string) =>
  t.app.inject({
    method: "GET",
    url: `${TEST_MODE_BASE}/checkout/${id}`,
    ...(authorization ? { headers: { authorization } } : {}),
  });

const statusOf = async (id: string) => (await provider.getPayment(id)).status;
const NOT_FOUND = { error: BILLING_MESSAGES.paymentNotFound, status: 404 };

describe("POST payments/:payment_intent_id/confirm", () => {
  it("answers processing with the return address; the payment settles later", async () => {
    const payment = await preparedPayment();
    const res = await confirm(payment.id, card(payment.clientSecret), member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "processing",
      return_url: `http://portico.test/subscription?payment_intent=${payment.id}`,
    });
    expect(await statusOf(payment.id)).toBe("processing");
    await t.app.ctx.jobs.flush();
    expect(await statusOf(payment.id)).toBe("succeeded");
  });

  it("refuses a second confirm of a payment processing or paid", async () => {
    const payment = await preparedPayment();
    expect((await confirm(payment.id, card(payment.clientSecret), member)).statusCode).toBe(200);
    const again = await confirm(payment.id, card(payment.clientSecret), member);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: BILLING_MESSAGES.paymentNotConfirmable, status: 409 });
    await t.app.ctx.jobs.flush();
    expect((await confirm(payment.id, card(payment.clientSecret), member)).statusCode).toBe(409);
  });

  it("takes another card after a failed one", async () => {
    const payment = await preparedPayment();
    await confirm(payment.id, card(payment.clientSecret, { card_number: TEST_CARDS.declined }), member);
    await t.app.ctx.jobs.flush();
    const failed = await checkout(payment.id, member);
    expect(failed.json()).toMatchObject({ status: "failed" });
    expect((await provider.getPayment(payment.id)).failureMessage).toBe(BILLING_MESSAGES.cardDeclined);

    const retry = await confirm(payment.id, card(payment.clientSecret), member);
    expect(retry.statusCode).toBe(200);
    await t.app.ctx.jobs.flush();
    expect(await statusOf(payment.id)).toBe("succeeded");
  });

  it.each([
    ["a number failing the Luhn check", { card_number: "4242424242424241" }, BILLING_MESSAGES.cardInvalid],
    ["a number too short", { card_number: "4242" }, BILLING_MESSAGES.cardInvalid],
    ["letters in the number", { card_number: "4242abcd42424242" }, BILLING_MESSAGES.cardInvalid],
    ["an expired card", { exp_month: 1, exp_year: 2020 }, BILLING_MESSAGES.cardExpiry],
    ["last month", { ...lastMonth() }, BILLING_MESSAGES.cardExpiry],
    ["month 13", { exp_month: 13 }, BILLING_MESSAGES.cardExpiry],
    ["no expiry year", { exp_year: undefined }, BILLING_MESSAGES.cardExpiry],
    ["a two-digit security code", { cvc: "12" }, BILLING_MESSAGES.cardCvc],
  ])("refuses %s with its message, and the payment still waits for a card", async (_name, bad, message) => {
    const payment = await preparedPayment();
    const res = await confirm(payment.id, card(payment.clientSecret, bad), member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await statusOf(payment.id)).toBe("requires_payment_method");
  });

  it("takes a card good through this month", async () => {
    const payment = await preparedPayment();
    const now = new Date();
    const res = await confirm(
      payment.id,
      card(payment.clientSecret, { exp_month: now.getUTCMonth() + 1, exp_year: now.getUTCFullYear() }),
      member,
    );
    expect(res.statusCode).toBe(200);
  });

  it("is not found for a wrong client secret, an unknown payment, or another organization's payment", async () => {
    const payment = await preparedPayment();
    expect((await confirm(payment.id, card(`${payment.id}_secret_wrong`), member)).json()).toEqual(NOT_FOUND);
    expect((await confirm("pi_test_unknown", card(payment.clientSecret), member)).json()).toEqual(NOT_FOUND);
    const foreign = await confirm(payment.id, card(payment.clientSecret), stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect(await statusOf(payment.id)).toBe("requires_payment_method");
  });

  it("needs a signed-in viewer", async () => {
    const payment = await preparedPayment();
    expect((await confirm(payment.id, card(payment.clientSecret))).statusCode).toBe(401);
    expect(await statusOf(payment.id)).toBe("requires_payment_method");
  });
});

function lastMonth() {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return { exp_month: d.getUTCMonth() + 1, exp_year: d.getUTCFullYear() };
}

describe("GET checkout/:payment_intent_id", () => {
  it("shows the payment to its organization's members and to engineers", async () => {
    const payment = await preparedPayment();
    const expected = {
      payment_intent_id: payment.id,
      client_secret: payment.clientSecret,
      company: account.company,
      description: "STANDARD, 10 TiB",
      amount_minor: 120_000,
      currency: "USD",
      status: "requires_payment_method",
      return_url: `http://portico.test/subscription?payment_intent=${payment.id}`,
    };
    const res = await checkout(payment.id, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect((await checkout(payment.id, engineer)).json()).toEqual(expected);
  });

  it("is not found for another organization or an unknown payment, and needs a signed-in viewer", async () => {
    const payment = await preparedPayment();
    const foreign = await checkout(payment.id, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect((await checkout("pi_test_unknown", member)).statusCode).toBe(404);
    expect((await checkout(payment.id)).statusCode).toBe(401);
  });
});

describe("with test mode off", () => {
  it("has no test payments to confirm or show, even one the provider still holds", async () => {
    const off = await createTestApp({ BILLING_TEST_MODE: "false" });
    try {
      const org = await createAccount(off.db);
      const owner = await createUser(off.db, { accountId: org.id, role: "owner" });
      const { authorization } = await signIn(off.app, owner);
      const payment = await preparedPayment({ t: off, provider: providerOf(off), account: org });
      const url = (path: string) => `${TEST_MODE_BASE}/${path}/${payment.id}`;
      const shown = await off.app.inject({ method: "GET", url: url("checkout"), headers: { authorization } });
      expect(shown.json()).toEqual(NOT_FOUND);
      const confirmed = await off.app.inject({
        method: "POST",
        url: `${url("payments")}/confirm`,
        headers: { authorization },
        payload: card(payment.clientSecret),
      });
      expect(confirmed.json()).toEqual(NOT_FOUND);
      expect((await providerOf(off).getPayment(payment.id)).status).toBe("requires_payment_method");
    } finally {
      await off.close();
    }
  });
});
