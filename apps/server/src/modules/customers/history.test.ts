/**
 * The organization's history records what people do to it in the existing flows (issue 16):
 * creating and renaming it, invitations, licences, subscription changes and files. Each entry is
 * written in the command's transaction; here, each shows on GET accounts/:id/history.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, subscriptions } from "../../db/schema";
import { createUser, multipart, signIn } from "../../test/helper";
import {
  BILLING_ENV,
  buy,
  newOrg,
  type Org,
  payWith,
  settle,
  upgrade,
} from "../billing/subscription-test-kit";
import { createFilesApp, type FilesTestContext } from "../files/files-test-kit";

let t: FilesTestContext;
let engineer: string;
let engineerId: number;

beforeAll(async () => {
  t = await createFilesApp(BILLING_ENV);
  const user = await createUser(t.db, { accountId: 1, role: "engineer", name: "Erin Engineer" });
  engineerId = user.id;
  engineer = (await signIn(t.app, user)).authorization;
});
afterAll(() => t.close());

async function call(authorization: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** The account's history, newest first, as the engineers' page reads it. */
async function history(accountId: number) {
  const res = await call(engineer, "GET", `/api/auth/accounts/${accountId}/history?page_size=200`);
  expect(res.status).toBe(200);
  return res.body.items as { action: string; actor_name: string; details: Record<string, unknown> }[];
}

const owner = (org: Org) => org.owner.authorization;

describe("organizations and invitations", () => {
  it("records creating an organization (by whom, its name)", async () => {
    const founder = await createUser(t.db);
    const auth = (await signIn(t.app, founder)).authorization;
    const res = await call(auth, "POST", "/api/auth/accounts", { company: "Founded-Ltd" });
    expect(res.status).toBe(201);
    expect(await history(res.body.account_id)).toMatchObject([
      { action: "account.created", actor_id: founder.id, details: { company: "Founded-Ltd" } },
    ]);
  });

  it("records a rename with the name before and after", async () => {
    const org = await newOrg(t);
    const before = (await call(engineer, "GET", `/api/auth/accountsinfo/${org.id}`)).body.company;
    const res = await call(owner(org), "POST", "/api/auth/update-organization-name", {
      account_id: org.id,
      name: `Renamed-${org.id}`,
    });
    expect(res.status).toBe(200);
    expect(await history(org.id)).toMatchObject([
      { action: "account.renamed", details: { from: before, to: `Renamed-${org.id}` } },
    ]);
  });

  it("records each invited address and a revoked invitation", async () => {
    const org = await newOrg(t);
    const sent = await call(owner(org), "POST", "/api/auth/signup/init", {
      users: ["ann@example.com", "bob@example.com"],
      account_id: org.id,
    });
    expect(sent.status).toBe(200);
    const [invite] = await t.db.select().from(invites).where(eq(invites.email, "ann@example.com"));
    const revoked = await call(owner(org), "DELETE", `/api/auth/invites/${invite?.id}?aid=${org.id}`);
    expect(revoked.status).toBe(204);
    expect(await history(org.id)).toMatchObject([
      { action: "invite.revoked", details: { email: "ann@example.com" } },
      { action: "user.invited", details: { email: "bob@example.com", role: "user" } },
      { action: "user.invited", details: { email: "ann@example.com", role: "user" } },
    ]);
  });
});

describe("licences", () => {
  it("records a licence an engineer issues to the organization", async () => {
    const org = await newOrg(t);
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await call(engineer, "POST", `/api/auth/accounts/${org.id}/licence`, {
      plan: "TRIAL",
      capacity_tib: 10,
      expires_at: expires,
    });
    expect(res.status).toBe(201);
    expect(await history(org.id)).toMatchObject([
      {
        action: "licence.trial_issued",
        actor_id: engineerId,
        details: { plan: "TRIAL", capacity_tib: 10, expires_at: expires },
      },
    ]);
  });
});

describe("subscriptions", () => {
  const sub = (aid: number, path: string) => `/api/auth/subscription${path}?aid=${aid}`;

  it("records an upgrade, a cancellation and its undoing by the customer", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    expect((await call(owner(org), "POST", sub(org.id, "/cancel"), { reason: "other" })).status).toBe(200);
    expect((await call(owner(org), "POST", sub(org.id, "/undo-cancel"))).status).toBe(200);
    const actor = { actor_name: org.ownerName, details: { plan: "STANDARD", capacity: 5, on_behalf: false } };
    expect(await history(org.id)).toMatchObject([
      { action: "subscription.reactivated", ...actor },
      { action: "subscription.cancelled", ...actor },
      { action: "subscription.changed", ...actor },
    ]);
  });

  it("records an engineer ending it (on the customer's behalf) and the customer resubscribing", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const [live] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, org.id));
    expect((await call(engineer, "POST", sub(org.id, `/end/${live?.id}`))).status).toBe(200);
    await settle(t);
    const checkout = await call(owner(org), "POST", sub(org.id, "/resubscribe_checkout"), {
      consent_received: true,
    });
    await payWith(t, org.owner, checkout.body);
    await settle(t);
    const paymentIntentId = checkout.body.payment.payment_intent_id;
    const res = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 5,
      payment_intent_id: paymentIntentId,
    });
    expect(res.json().state).toBe("applied");
    expect((await history(org.id)).slice(0, 2)).toMatchObject([
      { action: "subscription.reactivated", actor_name: org.ownerName, details: { on_behalf: false } },
      { action: "subscription.ended", actor_id: engineerId, details: { plan: "STANDARD", on_behalf: true } },
    ]);
  });
});

describe("files", () => {
  it("records a person's upload and deletion of a file", async () => {
    const org = await newOrg(t);
    const form = await multipart(
      { file_type: "health_report" },
      { name: "file", filename: "report.txt", type: "text/plain", data: Buffer.from("all good") },
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/accounts/${org.id}/files`,
      payload: form.payload,
      headers: { ...form.headers, authorization: owner(org) },
    });
    expect(res.statusCode).toBe(201);
    const uuid = res.json().uuid as string;
    const deleted = await call(owner(org), "DELETE", `/api/accounts/${org.id}/files/${uuid}`);
    expect(deleted.status).toBe(204);
    const file = { uuid, filename: "report.txt", file_type: "health_report", size: 8 };
    expect(await history(org.id)).toMatchObject([
      { action: "file.deleted", details: file },
      { action: "file.uploaded", actor_name: org.ownerName, details: file },
    ]);
  });
});
