/** What the subscription tests share: an app in test mode, people, calls, and running the provider's clock. */
import { SUBSCRIPTION_BASE, TEST_CARDS, TEST_MODE_BASE } from "@portico/shared/schemas/billing";
import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { accounts, jobs, licences, subscriptionEvents, subscriptions } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { syncsSettled } from "./sync";

export const BILLING_ENV = { BILLING_TEST_MODE: "true", BILLING_TEST_DELAY_MS: "0" };

export function billingTestApp() {
  return createTestApp(BILLING_ENV);
}

export type Headers = { authorization: string };

/** Runs every due job, then the provider syncs they started, until nothing is due. */
export async function settle(t: TestContext): Promise<void> {
  for (let pass = 0; pass < 20; pass++) {
    await t.app.ctx.jobs.flush();
    await syncsSettled(t.app.ctx);
    const due = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(lte(jobs.runAt, new Date()), isNull(jobs.failedAt)));
    if (due.length === 0) return;
  }
  throw new Error("jobs keep coming");
}

export interface Org {
  id: number;
  owner: Headers;
  user: Headers;
  ownerName: string;
}

/** A customer organization with an owner and a plain user, signed in. */
export async function newOrg(
  t: TestContext,
  fields: Partial<typeof accounts.$inferInsert> = {},
): Promise<Org> {
  const account = await createAccount(t.db);
  if (Object.keys(fields).length > 0)
    await t.db.update(accounts).set(fields).where(eq(accounts.id, account.id));
  const ownerName = `owner-${account.id}`;
  const owner = await createUser(t.db, { accountId: account.id, role: "owner", name: ownerName });
  const user = await createUser(t.db, { accountId: account.id, role: "user" });
  return {
    id: account.id,
    owner: { authorization: (await signIn(t.app, owner)).authorization },
    user: { authorization: (await signIn(t.app, user)).authorization },
    ownerName,
  };
}

export async function newEngineer(t: TestContext): Promise<Headers> {
  const engineer = await createUser(t.db, { accountId: 1, role: "engineer" });
  return { authorization: (await signIn(t.app, engineer)).authorization };
}

export function call(
  t: TestContext,
  method: "GET" | "POST",
  path: string,
  headers: Headers | undefined,
  opts: { aid?: number; payload?: unknown; query?: Record<string, string> } = {},
) {
  const query = new URLSearchParams(opts.query);
  if (opts.aid !== undefined) query.set("aid", String(opts.aid));
  const qs = query.toString();
  return t.app.inject({
    method,
    url: `${path.startsWith("/api/") ? "" : SUBSCRIPTION_BASE}${path}${qs ? `?${qs}` : ""}`,
    ...(headers ? { headers } : {}),
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
}

export async function prepareChange(
  t: TestContext,
  org: { id: number },
  as: Headers,
  body: { service_type: string; capacity: number | string; currency?: string },
) {
  const res = await call(t, "POST", "/upgrade/prepare", as, {
    aid: org.id,
    payload: { unit: "TiB", consent_received: true, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`prepare: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The browser's card form: confirms the payment with a test card (processing at once). */
export async function payWith(
  t: TestContext,
  as: Headers,
  prepared: { payment: { payment_intent_id: string }; checkout: { client_secret?: string } },
  card: string = TEST_CARDS.succeeds,
) {
  const id = prepared.payment.payment_intent_id;
  // A hosted checkout shows the card form on its page, which reads the secret from the provider.
  const secret =
    prepared.checkout.client_secret ??
    (await call(t, "GET", `${TEST_MODE_BASE}/checkout/${id}`, as)).json().client_secret;
  const res = await call(t, "POST", `${TEST_MODE_BASE}/payments/${id}/confirm`, as, {
    payload: {
      client_secret: secret,
      card_number: card,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: "123",
    },
  });
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
}

export function upgrade(
  t: TestContext,
  org: { id: number },
  as: Headers,
  body: { service_type: string; capacity: number; payment_intent_id: string },
) {
  return call(t, "POST", "/upgrade", as, {
    aid: org.id,
    payload: { consent_received: true, unit: "TiB", ...body },
  });
}

/** Prepare, pay, upgrade and let the provider's events arrive: the change made. */
export async function buy(
  t: TestContext,
  org: { id: number },
  as: Headers,
  body: { service_type: string; capacity: number; currency?: string },
) {
  const prepared = await prepareChange(t, org, as, body);
  await payWith(t, as, prepared);
  await settle(t);
  // A hosted page never calls upgrade: the change was wanted at prepare and is made once paid.
  if (prepared.checkout.kind === "hosted") return prepared;
  const res = await upgrade(t, org, as, { ...body, payment_intent_id: prepared.payment.payment_intent_id });
  if (res.statusCode !== 200 || res.json().state !== "applied")
    throw new Error(`upgrade: ${res.statusCode} ${res.body}`);
  await settle(t);
  return prepared;
}

export async function currentLicenceOf(t: TestContext, accountId: number) {
  const [row] = await t.db
    .select()
    .from(licences)
    .where(and(eq(licences.accountId, accountId), isNull(licences.supersededAt)));
  return row;
}

export async function subscriptionsOf(t: TestContext, accountId: number) {
  return t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id));
}

export async function accountRow(t: TestContext, accountId: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** Events of a type for an account (any source). */
export async function eventRows(t: TestContext, accountId: number, type: string) {
  return t.db
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.accountId, accountId), eq(subscriptionEvents.type, type)));
}
