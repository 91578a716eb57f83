import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/helper";
import {
  billingTestApp,
  buy,
  call,
  type Headers,
  newEngineer,
  newOrg,
  settle,
  subscriptionsOf,
} from "./subscription-test-kit";

let t: TestContext;
let engineer: Headers;

beforeAll(async () => {
  t = await billingTestApp();
  engineer = await newEngineer(t);
});
afterAll(() => t.close());

const openIssue = (as: Headers, accountId: number) =>
  call(t, "POST", "/api/chat/issue", as, {
    payload: { title: "Disk alarm", accountId, message: "A disk is failing" },
  });
const panic = (as: Headers, accountId: number) =>
  call(t, "POST", "/api/chat/panic", as, {
    aid: accountId,
    payload: { panic_title: "Down", panic_message: "Cluster is down" },
  });

describe("customers of a cancelled plan (§6)", () => {
  it("open no new issue or panic once the subscription has ended; engineers still do; resubscribing lifts it", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 25 });
    expect((await openIssue(org.user, org.id)).statusCode).toBe(201);

    const [sub] = await subscriptionsOf(t, org.id);
    await call(t, "POST", `/end/${sub?.id}`, engineer, { aid: org.id });
    await settle(t);
    for (const as of [org.owner, org.user]) {
      for (const res of [await openIssue(as, org.id), await panic(as, org.id)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(BILLING_MESSAGES.restricted);
      }
    }
    expect((await openIssue(engineer, org.id)).statusCode).toBe(201);
    // Reading stays open: the subscription screen shows the way back.
    expect((await call(t, "GET", "", org.user, { aid: org.id })).statusCode).toBe(200);

    await buy(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 25 });
    expect((await openIssue(org.user, org.id)).statusCode).toBe(201);
  });
});
