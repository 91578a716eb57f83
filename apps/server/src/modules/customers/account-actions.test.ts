import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountAudit, accounts, memberships, users } from "../../db/schema";
import { createAccount, createUser, signIn, type TestContext } from "../../test/helper";
import { billingTestApp, buy, newOrg, type Org } from "../billing/subscription-test-kit";
import { openIssue } from "../conversations/test-fixtures";

let t: TestContext;
let engineer: string;
let engineerId: number;
/** A customer organization (owner + user) the matrix acts on, and a stranger's organization. */
let org: Org;
let stranger: Org;

beforeAll(async () => {
  t = await billingTestApp();
  const user = await createUser(t.db, { accountId: 1, role: "engineer", name: "Erin Engineer" });
  engineerId = user.id;
  engineer = (await signIn(t.app, user)).authorization;
  org = await newOrg(t);
  stranger = await newOrg(t);
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "DELETE";

async function call(authorization: string | undefined, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/auth/${url}`,
    ...(authorization ? { headers: { authorization } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

const accountRow = async (id: number) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];
const auditOf = async (id: number) =>
  t.db.select().from(accountAudit).where(eq(accountAudit.accountId, id)).orderBy(accountAudit.id);

describe("who may act", () => {
  const routes: [Method, (id: number) => string, object | undefined][] = [
    ["POST", (id) => `accounts/${id}`, { version: 1, is_trial: true }],
    ["POST", (id) => `account/${id}`, { disable: true }],
    ["DELETE", (id) => `accounts/${id}`, undefined],
    ["GET", (id) => `accounts/${id}/history`, undefined],
  ];
  it.each(routes)("%s %s: customers get 403 and nothing changes; no token 401", async (method, url, body) => {
    const empty = await createAccount(t.db);
    const before = [await accountRow(org.id), await accountRow(empty.id)];
    for (const id of [org.id, empty.id]) {
      for (const who of [org.owner, org.user, stranger.owner]) {
        const res = await call(who.authorization, method, url(id), body);
        expect(res.body).toEqual({ status: 403, error: "Only vendor engineers can do this" });
      }
      expect((await call(undefined, method, url(id), body)).status).toBe(401);
    }
    expect([await accountRow(org.id), await accountRow(empty.id)]).toEqual(before);
    expect(await auditOf(empty.id)).toEqual([]);
  });
});

describe("POST accounts/:id (details)", () => {
  it("applies what changed, bumps the version, answers the customer page and audits {from, to}", async () => {
    const o = await newOrg(t);
    const res = await call(engineer, "POST", `accounts/${o.id}`, {
      version: 1,
      is_trial: true,
      has_support: true,
      notes_link: "https://notes.example.com/acme",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account_id: o.id,
      is_trial: true,
      notes_link: "https://notes.example.com/acme",
      version: 2,
    });
    const [entry] = await auditOf(o.id);
    expect(entry).toMatchObject({
      action: "account.details_updated",
      actorId: engineerId,
      actorName: "Erin Engineer",
      details: {
        is_trial: { from: false, to: true },
        notes_link: { from: null, to: "https://notes.example.com/acme" },
      },
    });
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const o = await newOrg(t);
    expect((await call(engineer, "POST", `accounts/${o.id}`, { version: 1, is_trial: true })).status).toBe(
      200,
    );
    const before = await accountRow(o.id);
    const res = await call(engineer, "POST", `accounts/${o.id}`, {
      version: 1,
      notes_link: "https://x.example",
    });
    expect(res.body).toEqual({ status: 409, error: M.stale });
    expect(await accountRow(o.id)).toEqual(before);
    expect(await auditOf(o.id)).toHaveLength(1);
  });

  it("clears the notes link with an empty string and refuses a link that is not https", async () => {
    const o = await newOrg(t);
    await call(engineer, "POST", `accounts/${o.id}`, { version: 1, notes_link: "https://n.example/a" });
    const cleared = await call(engineer, "POST", `accounts/${o.id}`, { version: 2, notes_link: "" });
    expect(cleared.body).toMatchObject({ notes_link: null, version: 3 });
    const bad = await call(engineer, "POST", `accounts/${o.id}`, {
      version: 3,
      notes_link: "http://n.example",
    });
    expect(bad.body).toEqual({ status: 400, error: M.notesLinkHttps });
  });

  it("fixes the currency and provider once the organization has subscribed", async () => {
    const fresh = await newOrg(t);
    const set = await call(engineer, "POST", `accounts/${fresh.id}`, {
      version: 1,
      currency_code: "EUR",
      subscription_provider: "CHARGEBEE",
    });
    expect(set.body).toMatchObject({ currency_code: "EUR", subscription_provider: "CHARGEBEE" });

    const paying = await newOrg(t);
    await buy(t, paying, paying.owner, { service_type: "STANDARD", capacity: 5 });
    const before = await accountRow(paying.id);
    const res = await call(engineer, "POST", `accounts/${paying.id}`, {
      version: before?.version ?? 0,
      currency_code: before?.currencyCode === "EUR" ? "USD" : "EUR",
    });
    expect(res.body).toEqual({ status: 409, error: M.billingFixed });
    expect(await accountRow(paying.id)).toEqual(before);
  });

  it("refuses trial and support on the vendor's own organization; its notes link may change", async () => {
    const vendor = await accountRow(1);
    const version = vendor?.version ?? 0;
    const res = await call(engineer, "POST", "accounts/1", { version, is_trial: !vendor?.isTrial });
    expect(res.body).toEqual({ status: 400, error: M.vendorAccount });
    const ok = await call(engineer, "POST", "accounts/1", { version, notes_link: "https://vendor.example" });
    expect(ok.body).toMatchObject({ account_id: 1, notes_link: "https://vendor.example" });
  });

  it("answers 404 for an organization that does not exist", async () => {
    const res = await call(engineer, "POST", "accounts/999999", { version: 1, is_trial: true });
    expect(res.status).toBe(404);
  });
});

describe("POST account/:id (disable / enable)", () => {
  it("disables once (a second disable changes nothing) and enables again, each audited", async () => {
    const o = await newOrg(t);
    const off = await call(engineer, "POST", `account/${o.id}`, { disable: true });
    expect(off.body).toMatchObject({ account_id: o.id, is_disabled: true, console: { enable: true } });
    expect((await call(engineer, "POST", `account/${o.id}`, { disable: true })).status).toBe(200);
    const on = await call(engineer, "POST", `account/${o.id}`, { disable: false });
    expect(on.body).toMatchObject({ is_disabled: false });
    expect((await auditOf(o.id)).map((e) => e.action)).toEqual(["account.disabled", "account.enabled"]);
  });

  it("refuses the vendor's own organization", async () => {
    const res = await call(engineer, "POST", "account/1", { disable: true });
    expect(res.body).toEqual({ status: 400, error: M.vendorAccount });
    expect((await accountRow(1))?.isDisabled).toBe(false);
  });
});

describe("DELETE accounts/:id", () => {
  it("refuses an organization that still holds something, saying what", async () => {
    const o = await newOrg(t);
    await openIssue(t.app, o.owner.authorization, o.id);
    const res = await call(engineer, "DELETE", `accounts/${o.id}`);
    expect(res.body).toEqual({ status: 409, error: `${M.notEmpty}: it still has 2 users and 1 issue` });
    expect(await accountRow(o.id)).toBeDefined();
  });

  it("deletes an empty organization; its history keeps the deletion", async () => {
    const empty = await createAccount(t.db, "Empty Co");
    // A former member whose default it was is left with no default, not a dangling one.
    const former = await createUser(t.db, { accountId: empty.id });
    await t.db.delete(memberships).where(eq(memberships.userId, former.id));
    expect((await call(engineer, "DELETE", `accounts/${empty.id}`)).status).toBe(204);
    expect(await accountRow(empty.id)).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.id, former.id)))[0]?.defaultAccountId).toBeNull();
    expect((await call(engineer, "GET", `accountsinfo/${empty.id}`)).status).toBe(404);
    const history = await call(engineer, "GET", `accounts/${empty.id}/history`);
    expect(history.body.items).toMatchObject([
      { action: "account.deleted", actor_id: engineerId, details: { company: "Empty Co" } },
    ]);
  });

  it("refuses the vendor's own organization", async () => {
    const res = await call(engineer, "DELETE", "accounts/1");
    expect(res.body).toEqual({ status: 400, error: M.vendorAccount });
  });
});

describe("GET accounts/:id/history", () => {
  it("pages newest first with who, from where and when", async () => {
    const o = await newOrg(t);
    for (let version = 1; version <= 3; version++) {
      await call(engineer, "POST", `accounts/${o.id}`, { version, is_trial: version % 2 === 1 });
    }
    const first = await call(engineer, "GET", `accounts/${o.id}/history?page_size=2`);
    expect(first.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.body.items.map((e: { details: object }) => e.details)).toEqual([
      { is_trial: { from: false, to: true } },
      { is_trial: { from: true, to: false } },
    ]);
    expect(first.body.items[0]).toMatchObject({ actor_name: "Erin Engineer", ip: expect.any(String) });
    const second = await call(engineer, "GET", `accounts/${o.id}/history?page=2&page_size=2`);
    expect(second.body.items).toMatchObject([{ details: { is_trial: { from: false, to: true } } }]);
  });
});
