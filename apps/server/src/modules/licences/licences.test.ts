import { randomUUID } from "node:crypto";
import { LICENCE_KEYS_PATH, LICENCE_MESSAGES } from "@portico/shared/schemas/licences";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clusters } from "../../db/schema";
import { NOT_YOUR_ACCOUNT } from "../../platform/auth/viewer";
import type { TestContext } from "../../test/helper";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import type { Method } from "../clusters/clusters-test-kit";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { reissueLicence, reissueLicenceForClusters } from "./licences.service";
import { caller, inDays, issued, publishedKeys } from "./licences-test-kit";
import { verifyLicence } from "./verify";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});
const call = caller(() => t.app);

async function addCluster(accountId: number, deploymentId: string) {
  await t.db.insert(clusters).values({ id: randomUUID(), accountId, deploymentId, name: deploymentId });
}

describe("the published keys", () => {
  it("are public, cacheable for 5 minutes and hold the signing key (Ed25519, no private part)", async () => {
    const res = await t.app.inject({ method: "GET", url: LICENCE_KEYS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const { keys } = res.json();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(keys[0]).not.toHaveProperty("d");
    // Clusters fetch it during maintenance too.
    expect(t.app.routeTable.find((r) => r.url === LICENCE_KEYS_PATH)).toMatchObject({
      public: true,
      maintenanceOpen: true,
    });
  });
});

describe("an organization's licence", () => {
  it("an engineer issues it; members read it, and it verifies offline with the published keys", async () => {
    await addCluster(cast.orgA.id, "zeta-1");
    await addCluster(cast.orgA.id, "alpha-2");
    const licence = await issued(t.app, cast.engineer, cast.orgA.id, { capacity_tib: 250 });
    expect(licence).toMatchObject({
      kind: "subscription",
      account_id: cast.orgA.id,
      organization: cast.orgA.company,
      plan: "ENTERPRISE",
      capacity_tib: 250,
      clusters: ["alpha-2", "zeta-1"],
      expiry_text: "Expires in 300 days",
      superseded_at: null,
    });
    for (const who of [cast.ownerA, cast.userA]) {
      const res = await call(who, "GET", "/api/auth/license");
      expect(res.status).toBe(200);
      expect(res.body.token).toBe(licence.token);
    }
    const verified = await verifyLicence(licence.token, await publishedKeys(t.app));
    expect(verified).toMatchObject({
      ok: true,
      claims: {
        sub: `account:${cast.orgA.id}`,
        organization: cast.orgA.company,
        capacity_tib: 250,
        clusters: ["alpha-2", "zeta-1"],
      },
    });
  });

  it("downloads as <organization>-licence.jwt, an attachment", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/auth/license/download?aid=${cast.orgA.id}`,
      headers: { authorization: cast.userA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="${cast.orgA.company}-licence.jwt"`,
    );
    const current = await call(cast.ownerA, "GET", "/api/auth/license");
    expect(res.body.trim()).toBe(current.body.token);
  });

  it("a new licence supersedes the current one; the history lists both, newest first", async () => {
    const before = await call(cast.ownerA, "GET", "/api/auth/license");
    const next = await issued(t.app, cast.engineer, cast.orgA.id, { plan: "STANDARD", capacity_tib: 50 });
    const history = await call(cast.ownerA, "GET", "/api/auth/licences");
    expect(history.status).toBe(200);
    const items = history.body.items as { id: number; superseded_at: string | null }[];
    expect(items[0]).toMatchObject({ id: next.id, superseded_at: null });
    expect(items.find((l) => l.id === before.body.id)?.superseded_at).toEqual(expect.any(String));
  });

  it("reissueLicence keeps the terms, applies changes and covers the account's clusters now", async () => {
    await addCluster(cast.orgA.id, "mid-3");
    const before = await call(cast.ownerA, "GET", "/api/auth/license");
    await t.db.transaction((tx) => reissueLicenceForClusters(tx, cast.orgA.id));
    const after = await call(cast.ownerA, "GET", "/api/auth/license");
    expect(after.body).toMatchObject({
      plan: before.body.plan,
      capacity_tib: before.body.capacity_tib,
      expires_at: before.body.expires_at,
      clusters: ["alpha-2", "mid-3", "zeta-1"],
    });
    expect(after.body.id).not.toBe(before.body.id);
    await t.db.delete(clusters).where(eq(clusters.deploymentId, "mid-3"));
    const changed = await t.db.transaction((tx) => reissueLicence(tx, cast.orgA.id, { capacityTib: 75 }));
    expect(changed).toMatchObject({ capacityTib: 75, clusters: ["alpha-2", "zeta-1"] });
    // An account without a licence gets none.
    expect(await t.db.transaction((tx) => reissueLicence(tx, cast.orgB.id))).toBeNull();
  });

  it("no licence: 404 noLicence", async () => {
    expect(await call(cast.ownerB, "GET", "/api/auth/license")).toEqual({
      status: 404,
      body: { error: LICENCE_MESSAGES.noLicence, status: 404 },
    });
    expect((await call(cast.ownerB, "GET", "/api/auth/licences")).body).toEqual({ items: [] });
  });

  it("an engineer reads any account's; an unknown account is not found", async () => {
    expect((await call(cast.engineer, "GET", `/api/auth/license?aid=${cast.orgA.id}`)).status).toBe(200);
    expect((await call(cast.engineer, "GET", "/api/auth/license?aid=999999")).body).toEqual({
      error: ACCOUNT_NOT_FOUND,
      status: 404,
    });
    expect(
      (
        await call(cast.engineer, "POST", "/api/auth/accounts/999999/licence", {
          plan: "X",
          capacity_tib: 1,
          expires_at: inDays(10),
        })
      ).status,
    ).toBe(404);
  });

  it("an expiry in the past or bad terms: 400, nothing issued", async () => {
    const before = await call(cast.ownerA, "GET", "/api/auth/license");
    for (const body of [
      { plan: "X", capacity_tib: 1, expires_at: inDays(-1) },
      { plan: "", capacity_tib: 1, expires_at: inDays(1) },
      { plan: "X", capacity_tib: 0, expires_at: inDays(1) },
    ]) {
      expect(
        (await call(cast.engineer, "POST", `/api/auth/accounts/${cast.orgA.id}/licence`, body)).status,
      ).toBe(400);
    }
    expect((await call(cast.ownerA, "GET", "/api/auth/license")).body.id).toBe(before.body.id);
  });
});

describe("tenancy", () => {
  const reads = ["/api/auth/license", "/api/auth/license/download", "/api/auth/licences"];

  it("another organization's member: 403 on ?aid", async () => {
    for (const url of reads) {
      expect(await call(cast.ownerB, "GET", `${url}?aid=${cast.orgA.id}`)).toEqual({
        status: 403,
        body: { error: NOT_YOUR_ACCOUNT, status: 403 },
      });
    }
  });

  it("customers (owners too) cannot issue licences or rotate keys", async () => {
    const body = { plan: "X", capacity_tib: 1, expires_at: inDays(10) };
    for (const who of [cast.ownerA, cast.userA]) {
      expect((await call(who, "POST", `/api/auth/accounts/${cast.orgA.id}/licence`, body)).body).toEqual({
        error: LICENCE_MESSAGES.engineersOnly,
        status: 403,
      });
      expect((await call(who, "POST", "/api/auth/licence-keys/rotate")).status).toBe(403);
    }
  });

  it("no token: 401 on every route, before the body is read", async () => {
    const routes: [Method, string][] = [
      ...reads.map((url): [Method, string] => ["GET", url]),
      ["POST", `/api/auth/accounts/${cast.orgA.id}/licence`],
      ["POST", "/api/auth/licence-keys/rotate"],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method,
        url,
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe("cluster changes", () => {
  it("registering or deleting a cluster reissues the account's licence for its clusters", async () => {
    const org = cast.orgB.id;
    await issued(t.app, cast.engineer, org);
    const deploymentId = `new-${randomUUID().slice(0, 8)}`;
    const reg = await call(cast.ownerB, "POST", `/api/cluster/register?aid=${org}`, {
      name: "fresh",
      deployment_id: deploymentId,
    });
    expect(reg.status).toBe(201);
    expect((await call(cast.ownerB, "GET", "/api/auth/license")).body.clusters).toEqual([deploymentId]);
    const del = await call(cast.ownerB, "POST", `/api/accounts/${org}/delete-clusters`, {
      account_id: org,
      cluster_ids: [reg.body.cluster.id],
      delete_all: false,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await call(cast.ownerB, "GET", "/api/auth/license")).body.clusters).toEqual([]);
  });
});
