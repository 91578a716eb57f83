import { randomBytes, randomUUID } from "node:crypto";
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type ApiScope } from "@portico/shared/schemas/api-tokens";
import { LICENCE_MESSAGES, REGISTRATION_KEY_PREFIX } from "@portico/shared/schemas/licences";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { apiTokens, clusters, files } from "../../db/schema";
import { deploymentIdOf } from "../clusters/clusters-test-kit";
import { insertCluster, reportOf, sendReport } from "../clusters/reports-test-kit";
import { castSuite, type Method } from "../conversations/test-fixtures";

const s = castSuite();

const invalid = { error: API_TOKEN_MESSAGES.invalid, status: 401 };
const outOfScope = { error: API_TOKEN_MESSAGES.outOfScope, status: 403 };
const otherAccount = { error: API_TOKEN_MESSAGES.otherAccount, status: 403 };

/** A token of the organization (A unless said) holding the scopes, as a bearer header, with its id. */
async function tokenFor(scopes: ApiScope[], org: "A" | "B" = "A") {
  const owner = org === "A" ? s.cast.ownerA : s.cast.ownerB;
  const aid = org === "A" ? s.cast.orgA.id : s.cast.orgB.id;
  const res = await s.call(owner, "POST", `/api/auth/api-tokens?aid=${aid}`, {
    name: `script ${scopes.join(" ")}`,
    expiry_days: 7,
    api_names: scopes,
  });
  expect(res.status).toBe(201);
  return { bearer: `Bearer ${res.body.secret}`, id: res.body.token.id as number };
}

async function registrationKey(org: "A" | "B" = "A") {
  const owner = org === "A" ? s.cast.ownerA : s.cast.ownerB;
  const aid = org === "A" ? s.cast.orgA.id : s.cast.orgB.id;
  return `Bearer ${(await s.call(owner, "POST", `/api/auth/api-key?aid=${aid}`)).body.key}`;
}

/** A complete, clean file of the account, as a finished upload leaves it. */
async function insertFile(accountId: number) {
  const uuid = randomUUID();
  await s.t.db.insert(files).values({
    uuid,
    accountId,
    fileType: "legal_doc",
    filename: "contract.pdf",
    storedName: uuid,
    size: 10,
    mime: "application/pdf",
    uploaderName: "Olga Owner",
    complete: true,
    scanStatus: "OK",
  });
  return uuid;
}

const register = (authorization: string, query = "") =>
  s.call(authorization, "POST", `/api/cluster/register${query}`, {
    name: "Script cluster",
    deployment_id: deploymentIdOf("script"),
  });

describe("the script flow: a token registers a cluster and uploads its report", () => {
  it("registers with an API token, then uploads a report naming the cluster", async () => {
    const { bearer } = await tokenFor(["cluster_register", "health_upload"]);
    const created = await register(bearer);
    expect(created.status).toBe(201);
    expect(created.body.call_home_key).toMatch(/^portico_ck_/);
    const cluster = created.body.cluster;
    expect(cluster.account_id).toBe(s.cast.orgA.id);
    const [row] = await s.t.db.select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row?.registeredBy).toBeNull();

    const report = reportOf({ deploymentId: cluster.deployment_id });
    const sent = await sendReport(s.t.app, bearer, report, { query: `?cluster_id=${cluster.id}` });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ cluster_id: cluster.id, status: "pending" });
    const [file] = await s.t.db.select().from(files).where(eq(files.uuid, sent.body.file_uuid));
    expect(file).toMatchObject({ accountId: s.cast.orgA.id, uploadedBy: null, fileType: "health_report" });

    // The call-home key the registration answered works too, as before.
    const again = await sendReport(s.t.app, `Bearer ${created.body.call_home_key}`, report);
    expect(again.status).toBe(202);
  });

  it("answers 404 for another organization's cluster and 400 without cluster_id", async () => {
    const { bearer } = await tokenFor(["health_upload"]);
    const theirs = await insertCluster(s.t.db, s.cast.orgB.id);
    const report = reportOf(theirs);
    const other = await sendReport(s.t.app, bearer, report, { query: `?cluster_id=${theirs.id}` });
    expect(other.status).toBe(404);
    expect((await sendReport(s.t.app, bearer, report)).status).toBe(400);
    const [n] = await s.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.clusterId, theirs.id));
    expect(n?.n).toBe(0);
  });
});

describe("the registration key", () => {
  it("registers a cluster into its organization; after rotation the old key is refused", async () => {
    const old = await registrationKey("B");
    const first = await register(old);
    expect(first.status).toBe(201);
    expect(first.body.cluster.account_id).toBe(s.cast.orgB.id);
    expect(first.body.call_home_key).toMatch(/^portico_ck_/);

    const rotated = await registrationKey("B");
    expect(await register(old)).toMatchObject({
      status: 401,
      body: { error: LICENCE_MESSAGES.registrationKey, status: 401 },
    });
    expect((await register(rotated)).status).toBe(201);
  });

  it("does nothing but register: refused on the report upload, the reads and a viewer's route", async () => {
    const key = await registrationKey("A");
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const upload = await sendReport(s.t.app, key, reportOf(cluster), { query: `?cluster_id=${cluster.id}` });
    expect(upload.status).toBe(401);
    for (const url of ["/api/health", `/api/accounts/${s.cast.orgA.id}/clusters`, "/api/chat/user"]) {
      expect((await s.call(key, "GET", url)).status, url).toBe(401);
    }
  });

  it("refuses an aid naming another organization", async () => {
    const key = await registrationKey("A");
    expect((await register(key, `?aid=${s.cast.orgB.id}`)).body).toEqual(otherAccount);
    expect((await register(key, `?aid=${s.cast.orgA.id}`)).status).toBe(201);
  });
});

describe("an API token", () => {
  it("reads clusters and files with its scopes", async () => {
    const { bearer } = await tokenFor(["clusters_read", "files_read"]);
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const a = s.cast.orgA.id;
    const overview = await s.call(bearer, "GET", "/api/health");
    expect(overview.status).toBe(200);
    expect(overview.body.items.map((c: { id: string }) => c.id)).toContain(cluster.id);
    const log = await s.call(bearer, "GET", `/api/health?accId=${a}&clusterId=${cluster.id}&reqType=reports`);
    expect(log.status).toBe(200);
    expect((await s.call(bearer, "GET", `/api/health?aid=${a}`)).status).toBe(200);
    expect((await s.call(bearer, "GET", `/api/accounts/${a}/clusters`)).status).toBe(200);
    expect((await s.call(bearer, "GET", `/api/accounts/${a}/clusters/summary`)).status).toBe(200);
    const one = await s.call(bearer, "GET", `/api/accounts/${a}/clusters/${cluster.id}`);
    expect(one.body.id).toBe(cluster.id);

    const uuid = await insertFile(a);
    const list = await s.call(bearer, "GET", `/api/accounts/${a}/files`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((f: { uuid: string }) => f.uuid)).toContain(uuid);
    const url = await s.call(bearer, "GET", `/api/accounts/${a}/files/${uuid}/url`);
    expect(url.status).toBe(200);
    expect(url.body.url).toContain(uuid);
  });

  it("acts within its scopes only (403), and is never a viewer (401 elsewhere)", async () => {
    const { bearer } = await tokenFor(["files_read"]);
    const a = s.cast.orgA.id;
    const cluster = await insertCluster(s.t.db, a);
    expect((await s.call(bearer, "GET", `/api/accounts/${a}/clusters`)).body).toEqual(outOfScope);
    expect((await s.call(bearer, "GET", "/api/health")).body).toEqual(outOfScope);
    expect((await register(bearer)).body).toEqual(outOfScope);
    const upload = await sendReport(s.t.app, bearer, reportOf(cluster), {
      query: `?cluster_id=${cluster.id}`,
    });
    expect(upload.body).toEqual(outOfScope);
    for (const [method, url] of [
      ["GET", "/api/chat/user"],
      ["GET", `/api/auth/api-tokens?aid=${a}`],
      ["POST", `/api/auth/api-key?aid=${a}`],
      ["GET", `/api/accounts/${a}/attachments`],
      ["PUT", `/api/accounts/${a}/clusters/${cluster.id}`],
    ] as [Method, string][]) {
      expect((await s.call(bearer, method, url, { name: "x" })).status, url).toBe(401);
    }
  });

  it("acts for its own organization only: aid, accId or the account in the path naming another is 403", async () => {
    const { bearer } = await tokenFor(["clusters_read", "files_read", "cluster_register", "health_upload"]);
    const a = s.cast.orgA.id;
    const b = s.cast.orgB.id;
    const theirs = await insertCluster(s.t.db, b);
    const theirFile = await insertFile(b);
    for (const url of [
      `/api/health?aid=${b}`,
      `/api/health?accId=${b}`,
      `/api/health?accId=${b}&clusterId=${theirs.id}&reqType=trends`,
      `/api/health?aid=${a}&accId=${b}`,
      `/api/health?aid=${b}&aid=${a}`,
      `/api/accounts/${b}/clusters`,
      `/api/accounts/${b}/clusters/summary`,
      `/api/accounts/${b}/clusters/${theirs.id}`,
      `/api/accounts/${a}/clusters?aid=${b}`,
      `/api/accounts/${b}/files`,
      `/api/accounts/${b}/files/${theirFile}/url`,
      `/api/accounts/${b}/files?aid=${a}`,
    ]) {
      expect({ url, body: (await s.call(bearer, "GET", url)).body }).toEqual({ url, body: otherAccount });
    }
    expect((await register(bearer, `?aid=${b}`)).body).toEqual(otherAccount);
    const upload = await sendReport(s.t.app, bearer, reportOf(theirs), {
      query: `?aid=${b}&cluster_id=${theirs.id}`,
    });
    expect(upload.body).toEqual(otherAccount);
    // Its own organization's cluster id under its own account, but another cluster: not found.
    expect((await s.call(bearer, "GET", `/api/accounts/${a}/clusters/${theirs.id}`)).status).toBe(404);
  });

  it("stops at expiry and deletion; an unknown or malformed one is refused alike", async () => {
    const a = s.cast.orgA.id;
    const url = `/api/accounts/${a}/files`;
    const expiring = await tokenFor(["files_read"]);
    expect((await s.call(expiring.bearer, "GET", url)).status).toBe(200);
    await s.t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await s.call(expiring.bearer, "GET", url)).body).toEqual(invalid);

    const deleted = await tokenFor(["files_read"]);
    expect(await s.status(s.cast.ownerA, "DELETE", `/api/auth/api-tokens/${deleted.id}?aid=${a}`)).toBe(204);
    expect((await s.call(deleted.bearer, "GET", url)).body).toEqual(invalid);

    const made = `Bearer ${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    expect((await s.call(made, "GET", url)).body).toEqual(invalid);
    // Too short to be one: judged as a session token.
    expect((await s.call(`Bearer ${API_TOKEN_PREFIX}abc`, "GET", url)).status).toBe(401);
    const key = `Bearer ${REGISTRATION_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    expect((await register(key)).body).toEqual({ error: LICENCE_MESSAGES.registrationKey, status: 401 });
  });

  it("records its last use, at most once a minute", async () => {
    const { bearer, id } = await tokenFor(["files_read"]);
    const url = `/api/accounts/${s.cast.orgA.id}/files`;
    const lastUsed = async () =>
      (await s.t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();
    expect((await s.call(bearer, "GET", url)).status).toBe(200);
    const first = await vi.waitFor(async () => {
      const at = await lastUsed();
      expect(at).not.toBeNull();
      return at as Date;
    });

    const recent = new Date(Date.now() - 30_000);
    await s.t.db.update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, id));
    await s.call(bearer, "GET", url);
    await new Promise((r) => setTimeout(r, 50));
    expect((await lastUsed())?.getTime()).toBe(recent.getTime());

    const old = new Date(Date.now() - 120_000);
    await s.t.db.update(apiTokens).set({ lastUsedAt: old }).where(eq(apiTokens.id, id));
    await s.call(bearer, "GET", url);
    await vi.waitFor(async () => expect((await lastUsed())?.getTime()).toBeGreaterThan(old.getTime()));

    const listed = await s.call(s.cast.ownerA, "GET", `/api/auth/api-tokens?aid=${s.cast.orgA.id}`);
    const item = listed.body.items.find((i: { id: number }) => i.id === id);
    expect(Date.parse(item.last_used_at)).toBeGreaterThanOrEqual(first.getTime() - 1000);
  });
});

describe("tenancy of the machine routes", () => {
  const routes = (a: number, clusterId: string, uuid: string): [Method, string, ApiScope][] => [
    ["POST", `/api/cluster/register?aid=${a}`, "cluster_register"],
    ["POST", `/api/health/report?aid=${a}&cluster_id=${clusterId}`, "health_upload"],
    ["GET", `/api/health?aid=${a}`, "clusters_read"],
    ["GET", `/api/health/checks?aid=${a}&clusterId=${clusterId}`, "clusters_read"],
    ["GET", `/api/accounts/${a}/clusters`, "clusters_read"],
    ["GET", `/api/accounts/${a}/clusters/summary`, "clusters_read"],
    ["GET", `/api/accounts/${a}/clusters/${clusterId}`, "clusters_read"],
    ["GET", `/api/accounts/${a}/files`, "files_read"],
    ["GET", `/api/accounts/${a}/files/${uuid}/url`, "files_read"],
  ];

  it("declares its scope on exactly these routes", () => {
    const declared = s.t.app.routeTable
      .filter((r) => r.machine && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url} ${r.machine}`)
      .sort();
    expect(declared).toEqual(
      [
        "POST /api/cluster/register cluster_register",
        "POST /api/health/report health_upload",
        "GET /api/health clusters_read",
        "GET /api/health/checks clusters_read",
        "GET /api/accounts/:id/clusters clusters_read",
        "GET /api/accounts/:id/clusters/summary clusters_read",
        "GET /api/accounts/:id/clusters/:clusterId clusters_read",
        "GET /api/accounts/:id/files files_read",
        "GET /api/accounts/:id/files/:uuid/url files_read",
      ].sort(),
    );
  });

  it("a token of another organization, of the wrong scope, or none reaches nothing", async () => {
    const a = s.cast.orgA.id;
    const cluster = await insertCluster(s.t.db, a);
    const uuid = await insertFile(a);
    const foreign = await tokenFor(["cluster_register", "health_upload", "clusters_read", "files_read"], "B");
    const onlyRegister = await tokenFor(["cluster_register"]);
    const onlyFiles = await tokenFor(["files_read"]);
    for (const [method, url, scope] of routes(a, cluster.id, uuid)) {
      const body = method === "POST" ? { name: "x", deployment_id: "x" } : undefined;
      const other = await s.call(foreign.bearer, method, url, body);
      expect({ url, body: other.body }).toEqual({ url, body: otherAccount });
      const wrong = scope === "cluster_register" ? onlyFiles : onlyRegister;
      expect({ url, body: (await s.call(wrong.bearer, method, url, body)).body }).toEqual({
        url,
        body: outOfScope,
      });
      const none = await s.t.app.inject({ method, url });
      expect(none.statusCode, url).toBe(401);
    }
  });
});
