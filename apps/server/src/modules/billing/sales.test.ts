import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BILLING_MESSAGES, SUBSCRIPTION_BASE } from "@portico/shared/schemas/billing";
import { MESSAGES } from "@portico/shared/validation";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, salesRequests, subscriptionEvents } from "../../db/schema";
import { NOT_YOUR_ACCOUNT } from "../../platform/auth/viewer";
import { TOO_MANY_ATTEMPTS } from "../../platform/rate-limit";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { caller } from "../licences/licences-test-kit";
import { FORWARD_SALES_REQUEST_JOB } from "./sales.service";

const url = (path: string) => `${SUBSCRIPTION_BASE}${path}`;
const error = (status: number, message: string) => ({ status, body: { error: message, status } });
const form = {
  service_type: "ENTERPRISE-PLUS",
  capacity: "2",
  unit: "PiB",
  name: "Pat Buyer",
  email: "pat@example.com",
  phone: "+1 555 0100",
  message: "We need 2 PiB across three sites.",
};

async function requestsOf(db: TestContext["db"], accountId: number) {
  return db.select().from(salesRequests).where(eq(salesRequests.accountId, accountId));
}

describe("contact sales without a forward URL", () => {
  const suite = castSuite();
  let t: TestContext;
  let cast: Cast;
  beforeAll(() => {
    ({ t, cast } = suite);
  });
  const call = caller(() => t.app);

  it("any member sends the form: the request is kept, noted in the events and answered with the §8 text", async () => {
    const res = await call(cast.userA, "POST", url("/upgrade/request"), form);
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: "We have received your request. We will be in touch with you soon!",
        id: expect.any(Number),
      },
    });
    const [row] = await requestsOf(t.db, cast.orgA.id);
    expect(row).toMatchObject({
      id: res.body.id,
      userId: cast.userAId,
      serviceType: "ENTERPRISE-PLUS",
      capacityTib: 2048,
      name: "Pat Buyer",
      email: "pat@example.com",
      phone: "+1 555 0100",
      message: "We need 2 PiB across three sites.",
      forwardedAt: null,
    });
    const events = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.accountId, cast.orgA.id));
    expect(events).toEqual([
      expect.objectContaining({
        source: "PORTICO",
        type: "sales.requested",
        outcome: "recorded",
        actorUserId: cast.userAId,
        onBehalf: false,
        providerEventId: null,
      }),
    ]);
    // Nowhere to forward it to: no job.
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB))).toEqual([]);
  });

  it("an engineer sends it on an organization's behalf", async () => {
    const res = await call(cast.engineer, "POST", url(`/upgrade/request?aid=${cast.orgB.id}`), {
      ...form,
      capacity: 500,
      unit: "TiB",
    });
    expect(res.status).toBe(200);
    const [row] = await requestsOf(t.db, cast.orgB.id);
    expect(row).toMatchObject({ capacityTib: 500, userId: cast.engineerId });
    const [event] = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.accountId, cast.orgB.id));
    expect(event).toMatchObject({ type: "sales.requested", onBehalf: true });
  });

  it("refuses bad input with the field's message", async () => {
    for (const [change, message] of [
      [{ name: "  " }, BILLING_MESSAGES.nameRequired],
      [{ name: undefined }, BILLING_MESSAGES.nameRequired],
      [{ email: "pat" }, MESSAGES.emailInvalid],
      [{ capacity: "abc" }, BILLING_MESSAGES.capacityInvalid],
      [{ capacity: 12.5 }, BILLING_MESSAGES.capacityInvalid],
      [{ capacity: "1234567890" }, BILLING_MESSAGES.capacityTooLong],
      [{ capacity: undefined }, BILLING_MESSAGES.capacityRequired],
      [{ service_type: "GOLD" }, BILLING_MESSAGES.planNotFound],
      [{ unit: "EiB" }, BILLING_MESSAGES.unit],
      [{ message: "x".repeat(4001) }, BILLING_MESSAGES.messageTooLong],
    ] as const) {
      const res = await call(cast.ownerA, "POST", url("/upgrade/request"), { ...form, ...change });
      expect(res, JSON.stringify(change).slice(0, 80)).toMatchObject(error(400, message));
    }
  });

  it("is refused for another organization and without a token, and nothing is kept", async () => {
    const before = (await requestsOf(t.db, cast.orgA.id)).length;
    expect(await call(cast.ownerB, "POST", url(`/upgrade/request?aid=${cast.orgA.id}`), form)).toMatchObject(
      error(403, NOT_YOUR_ACCOUNT),
    );
    expect(await call(undefined, "POST", url("/upgrade/request"), form)).toMatchObject({ status: 401 });
    expect(await requestsOf(t.db, cast.orgA.id)).toHaveLength(before);
  });

  it("cannot be used to flood: ten requests an hour per user", async () => {
    const account = await createAccount(t.db);
    const who = (await signIn(t.app, await createUser(t.db, { accountId: account.id }))).authorization;
    for (let i = 0; i < 10; i++) {
      expect((await call(who, "POST", url("/upgrade/request"), form)).status).toBe(200);
    }
    expect(await call(who, "POST", url("/upgrade/request"), form)).toMatchObject(
      error(429, TOO_MANY_ATTEMPTS),
    );
    expect(await requestsOf(t.db, account.id)).toHaveLength(10);
  });

  it("engineers list the requests, newest first, with the organization and who sent them", async () => {
    for (const who of [cast.userA, cast.ownerA, cast.ownerB]) {
      expect(await call(who, "GET", url("/sales-requests"))).toMatchObject(
        error(403, BILLING_MESSAGES.engineersOnly),
      );
    }
    expect(await call(undefined, "GET", url("/sales-requests"))).toMatchObject({ status: 401 });
    const latest = await call(cast.userA, "POST", url("/upgrade/request"), { ...form, name: "Newest" });
    const res = await call(cast.engineer, "GET", url("/sales-requests?page_size=2"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 2, total: 13 });
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toEqual({
      id: latest.body.id,
      account_id: cast.orgA.id,
      company: cast.orgA.company,
      service_type: "ENTERPRISE-PLUS",
      capacity_tib: 2048,
      name: "Newest",
      email: "pat@example.com",
      phone: "+1 555 0100",
      message: "We need 2 PiB across three sites.",
      requested_by: "Una User",
      created_at: expect.any(String),
      forwarded_at: null,
    });
    expect(res.body.items[1].id).toBeLessThan(latest.body.id);
    // The oldest, the first test's, is alone on the last page.
    const last = await call(cast.engineer, "GET", url("/sales-requests?page=7&page_size=2"));
    expect(last.body.items).toEqual([
      expect.objectContaining({ name: "Pat Buyer", account_id: cast.orgA.id, requested_by: "Una User" }),
    ]);
  });
});

describe("contact sales with a forward URL", () => {
  let server: Server;
  let t: TestContext;
  let member: string;
  let accountId: number;
  /** What the sales URL received, and what it answers next (200 once the list is empty). */
  const received: { contentType: string | undefined; fields: Record<string, string> }[] = [];
  const answers: number[] = [];
  const call = caller(() => t.app);

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({
          contentType: req.headers["content-type"],
          fields: Object.fromEntries(new URLSearchParams(body)),
        });
        res.statusCode = answers.shift() ?? 200;
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ CONTACT_SALES_URL: `http://127.0.0.1:${port}/leads` });
    const account = await createAccount(t.db, "Forwarded Ltd");
    accountId = account.id;
    member = (await signIn(t.app, await createUser(t.db, { accountId, role: "user" }))).authorization;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const rowOf = async (id: number) => {
    const [row] = await t.db.select().from(salesRequests).where(eq(salesRequests.id, id));
    return row;
  };

  it("posts the request on, form-encoded, and notes when it was taken", async () => {
    received.length = 0;
    const res = await call(member, "POST", url("/upgrade/request"), form);
    expect(res.status).toBe(200);
    await t.app.ctx.jobs.flush();
    expect(received).toEqual([
      {
        contentType: "application/x-www-form-urlencoded",
        fields: {
          request_id: String(res.body.id),
          account_id: String(accountId),
          company: "Forwarded Ltd",
          service_type: "ENTERPRISE-PLUS",
          capacity_tib: "2048",
          name: "Pat Buyer",
          email: "pat@example.com",
          phone: "+1 555 0100",
          message: "We need 2 PiB across three sites.",
          requested_at: expect.any(String),
        },
      },
    ]);
    expect(await rowOf(res.body.id)).toMatchObject({ forwardedAt: expect.any(Date), forwardError: null });
    const listed = await t.db.select().from(jobs).where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB));
    expect(listed).toEqual([]);
  });

  it("a failed forward is written down and tried again later, until it is taken", async () => {
    received.length = 0;
    answers.push(503);
    const res = await call(member, "POST", url("/upgrade/request"), { ...form, name: "Retry Me" });
    await t.app.ctx.jobs.flush();
    expect(received).toHaveLength(1);
    expect(await rowOf(res.body.id)).toMatchObject({
      forwardedAt: null,
      forwardError: "the contact-sales URL answered 503",
    });
    const [retry] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB))
      .orderBy(desc(jobs.id));
    expect(retry?.payload).toEqual({ id: res.body.id, attempt: 2 });
    // Backed off: not due yet, so flushing now sends nothing.
    expect(retry?.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    await t.app.ctx.jobs.flush();
    expect(received).toHaveLength(1);

    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB));
    await t.app.ctx.jobs.flush();
    expect(received).toHaveLength(2);
    expect(received[1]?.fields.name).toBe("Retry Me");
    expect(await rowOf(res.body.id)).toMatchObject({ forwardedAt: expect.any(Date), forwardError: null });
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB))).toEqual([]);
  });

  it("an unreachable URL is a failure like any other", async () => {
    received.length = 0;
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const res = await call(member, "POST", url("/upgrade/request"), form);
    await t.app.ctx.jobs.flush();
    expect(await rowOf(res.body.id)).toMatchObject({ forwardedAt: null, forwardError: "fetch failed" });

    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, FORWARD_SALES_REQUEST_JOB));
    await t.app.ctx.jobs.flush();
    expect(received).toHaveLength(1);
    expect(await rowOf(res.body.id)).toMatchObject({ forwardedAt: expect.any(Date), forwardError: null });
  });
});
