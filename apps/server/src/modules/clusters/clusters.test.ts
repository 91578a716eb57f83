import { randomUUID } from "node:crypto";
import { CALL_HOME_KEY_PREFIX, CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, clusterReports, clusters, files, issues } from "../../db/schema";
import { hashToken } from "../../platform/auth/secrets";
import type { TestContext } from "../../test/helper";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import type { Frame } from "../conversations/chat-test-client";
import { type Cast, castSuite, openIssue } from "../conversations/test-fixtures";
import {
  checksFailing,
  daysAgo,
  deploymentIdOf,
  inject,
  type Method,
  registered,
  seedReports,
} from "./clusters-test-kit";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});

const call = (authorization: string | undefined, method: Method, url: string, payload?: object) =>
  inject(t.app, authorization, method, url, payload);
const register = (authorization: string, accountId: number, body: object) =>
  call(authorization, "POST", `/api/cluster/register?aid=${accountId}`, body);
const clustersOf = (accountId: number) => `/api/accounts/${accountId}/clusters`;
const clusterUrl = (c: { id: string; account_id: number }) => `${clustersOf(c.account_id)}/${c.id}`;

/** A files row of the account, about the cluster (no bytes: these tests read rows only). */
async function fileRow(
  accountId: number,
  clusterId: string,
  fileType: "health_report" | "inspect" | "picture",
  at: Date,
) {
  const uuid = randomUUID();
  await t.db.insert(files).values({
    uuid,
    accountId,
    fileType,
    filename: `${fileType}.json`,
    storedName: `${fileType}.json`,
    size: 10,
    clusterId,
    uploaderName: "Olga Owner",
    complete: true,
    scanStatus: "OK",
    createdAt: at,
  });
  return uuid;
}

describe("registering a cluster", () => {
  it("creates it (201) with a call-home key shown once; the same deployment id again answers the same cluster (200, no key)", async () => {
    const deployment_id = deploymentIdOf("reg");
    const res = await register(cast.ownerA, cast.orgA.id, {
      name: "  Primary site ",
      description: "Rack 4",
      deployment_id,
    });
    expect(res.status).toBe(201);
    const key = res.body.call_home_key as string;
    expect(key.startsWith(CALL_HOME_KEY_PREFIX)).toBe(true);
    expect(res.body).toMatchObject({
      created: true,
      cluster: {
        account_id: cast.orgA.id,
        name: "Primary site",
        description: "Rack 4",
        deployment_id,
        summary: { storage: { total_space: 0, used_space: 0 } },
        no_of_completed_checks: 0,
        no_of_failed_checks: 0,
        last_report_at: null,
        not_reporting: false,
        worst_check: null,
        call_home_key_hint: `${CALL_HOME_KEY_PREFIX}…${key.slice(-4)}`,
      },
    });
    const [row] = await t.db.select().from(clusters).where(eq(clusters.id, res.body.cluster.id));
    expect(row?.callHomeKeyHash).toBe(hashToken(key));
    expect(row?.registeredBy).not.toBeNull();

    const again = await register(cast.ownerA, cast.orgA.id, { name: "Another name", deployment_id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      call_home_key: null,
      cluster: { id: res.body.cluster.id, name: "Primary site" },
    });
    // The same deployment id in another account is another cluster.
    const elsewhere = await register(cast.ownerB, cast.orgB.id, { name: "B's", deployment_id });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.cluster.id).not.toBe(res.body.cluster.id);
  });

  it("registers one cluster when the same deployment id is registered twice at once", async () => {
    const deployment_id = deploymentIdOf("race");
    const answers = await Promise.all(
      [1, 2, 3].map(() => register(cast.ownerA, cast.orgA.id, { name: "Race", deployment_id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.cluster.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.call_home_key !== null)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(clusters)
      .where(and(eq(clusters.accountId, cast.orgA.id), eq(clusters.deploymentId, deployment_id)));
    expect(rows).toHaveLength(1);
  });

  it.each<[string, object, string]>([
    ["no name", { deployment_id: "d-1" }, CLUSTER_MESSAGES.nameRequired],
    ["a blank name", { name: "   ", deployment_id: "d-1" }, CLUSTER_MESSAGES.nameRequired],
    ["a long name", { name: "n".repeat(101), deployment_id: "d-1" }, CLUSTER_MESSAGES.nameTooLong],
    [
      "a long description",
      { name: "n", description: "d".repeat(501), deployment_id: "d-1" },
      CLUSTER_MESSAGES.descriptionTooLong,
    ],
    ["no deployment id", { name: "n" }, CLUSTER_MESSAGES.deploymentId],
    [
      "a deployment id with spaces",
      { name: "n", deployment_id: "my cluster" },
      CLUSTER_MESSAGES.deploymentId,
    ],
    [
      "a 65-character deployment id",
      { name: "n", deployment_id: "d".repeat(65) },
      CLUSTER_MESSAGES.deploymentId,
    ],
  ])("refuses %s (400 with the message)", async (_label, body, message) => {
    const res = await register(cast.ownerA, cast.orgA.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("owners and engineers register; a plain user may not (403), nor a customer for another account (403)", async () => {
    const denied = await register(cast.userA, cast.orgA.id, {
      name: "n",
      deployment_id: deploymentIdOf("u"),
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(CLUSTER_MESSAGES.ownersOnly);
    const foreign = await register(cast.ownerB, cast.orgA.id, {
      name: "n",
      deployment_id: deploymentIdOf("b"),
    });
    expect(foreign.status).toBe(403);
    const byEngineer = await register(cast.engineer, cast.orgA.id, {
      name: "E",
      deployment_id: deploymentIdOf("e"),
    });
    expect(byEngineer.status).toBe(201);
    expect(byEngineer.body.cluster.account_id).toBe(cast.orgA.id);
    const missing = await register(cast.engineer, 999_999, { name: "E", deployment_id: deploymentIdOf("m") });
    expect(missing.status).toBe(404);
  });
});

describe("clusters of an account", () => {
  it("lists them for members and engineers, worst first, and sums them up", async () => {
    const account = (
      await t.db
        .insert(accounts)
        .values({ company: `fleet-${randomUUID().slice(0, 6)}` })
        .returning()
    )[0];
    if (!account) throw new Error("no account");
    const healthy = await registered(t.app, cast.engineer, account.id, "Alpha");
    const failing = await registered(t.app, cast.engineer, account.id, "Zulu");
    await seedReports(t, healthy, [{ at: daysAgo(0.1), used: 2 ** 40 }]);
    await seedReports(t, failing, [
      { at: daysAgo(0.1), used: 3 * 2 ** 40, checks: checksFailing("drive_usage") },
    ]);
    await t.db.update(accounts).set({ reportedCapacity: 200 }).where(eq(accounts.id, account.id));

    const list = await call(cast.engineer, "GET", clustersOf(account.id));
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: Frame) => c.name)).toEqual(["Zulu", "Alpha"]);
    expect(list.body.items[0]).toMatchObject({
      no_of_failed_checks: 1,
      no_of_completed_checks: 7,
      worst_check: { id: "drive_usage", passed: false },
      summary: { storage: { total_space: 100 * 2 ** 40, used_space: 3 * 2 ** 40 } },
    });
    const summary = await call(cast.engineer, "GET", `${clustersOf(account.id)}/summary`);
    expect(summary.body).toEqual({
      clusters: 2,
      total_space: 200 * 2 ** 40,
      used_space: 4 * 2 ** 40,
      failing: 1,
      not_reporting: 0,
      reported_capacity: 200,
    });
    // The worst is the most severe failing check, the first of them in check order on a tie.
    const mixed = checksFailing("drives_offline", "drive_usage", "clock_drift").map((c) =>
      c.id === "drives_offline" ? { ...c, severity: "warning" as const } : c,
    );
    await t.db.update(clusters).set({ checks: mixed }).where(eq(clusters.id, failing.id));
    expect((await call(cast.engineer, "GET", clusterUrl(failing))).body.worst_check.id).toBe("drive_usage");
    expect((await call(cast.engineer, "GET", clustersOf(account.id))).body.items[0].worst_check.id).toBe(
      "drive_usage",
    );
    const empty = await call(cast.ownerB, "GET", `${clustersOf(cast.orgB.id)}/summary`);
    expect(empty.status).toBe(200);
    expect((await call(cast.userA, "GET", clustersOf(cast.orgA.id))).status).toBe(200);
  });

  it("gets one cluster; renames it (owners and engineers); an empty change is refused", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Rename me");
    expect((await call(cast.userA, "GET", clusterUrl(c))).body).toMatchObject({
      id: c.id,
      name: "Rename me",
    });
    const renamed = await call(cast.ownerA, "PUT", clusterUrl(c), {
      name: "Renamed",
      description: "New rack",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed", description: "New rack" });
    expect(renamed.body.updated_at >= c.updated_at).toBe(true);
    expect((await call(cast.engineer, "PUT", clusterUrl(c), { description: "" })).body).toMatchObject({
      name: "Renamed",
      description: "",
    });
    const nothing = await call(cast.ownerA, "PUT", clusterUrl(c), {});
    expect(nothing).toMatchObject({ status: 400, body: { error: CLUSTER_MESSAGES.nothingToChange } });
    const blank = await call(cast.ownerA, "PUT", clusterUrl(c), { name: " " });
    expect(blank).toMatchObject({ status: 400, body: { error: CLUSTER_MESSAGES.nameRequired } });
    const missing = await call(cast.ownerA, "PUT", `${clustersOf(cast.orgA.id)}/nope`, { name: "x" });
    expect(missing).toMatchObject({ status: 404, body: { error: CLUSTER_MESSAGES.clusterNotFound } });
  });

  it("shows a cluster that never reported as not reporting once NOT_REPORTING_AFTER_HOURS have passed", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Silent");
    await t.db
      .update(clusters)
      .set({ createdAt: daysAgo(2) })
      .where(eq(clusters.id, c.id));
    expect((await call(cast.ownerA, "GET", clusterUrl(c))).body.not_reporting).toBe(true);
    await seedReports(t, c, [{ at: daysAgo(0.5) }]);
    expect((await call(cast.ownerA, "GET", clusterUrl(c))).body.not_reporting).toBe(false);
    await t.db.update(clusters).set({ notReportingSince: new Date() }).where(eq(clusters.id, c.id));
    expect((await call(cast.ownerA, "GET", clusterUrl(c))).body.not_reporting).toBe(true);
  });

  it("lists a cluster's recent files newest first, without pictures, named with the cluster", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Files");
    const older = await fileRow(cast.orgA.id, c.id, "health_report", daysAgo(2));
    const newer = await fileRow(cast.orgA.id, c.id, "inspect", daysAgo(1));
    await fileRow(cast.orgA.id, c.id, "picture", daysAgo(0));
    const res = await call(cast.userA, "GET", `${clusterUrl(c)}/recentFiles`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((f: Frame) => f.uuid)).toEqual([newer, older]);
    expect(res.body.items[0]).toMatchObject({
      cluster_id: c.id,
      cluster_name: "Files",
      file_type: "inspect",
    });
    const one = await call(cast.userA, "GET", `${clusterUrl(c)}/recentFiles?limit=1`);
    expect(one.body.items.map((f: Frame) => f.uuid)).toEqual([newer]);
    const bad = await call(cast.userA, "GET", `${clusterUrl(c)}/recentFiles?limit=51`);
    expect(bad).toMatchObject({ status: 400, body: { error: "limit must be a whole number from 1 to 50" } });
  });

  it("rotates the call-home key: the old hash is gone, the new key is shown once", async () => {
    const deployment_id = deploymentIdOf("rot");
    const first = await register(cast.ownerA, cast.orgA.id, { name: "Rotate", deployment_id });
    const oldKey = first.body.call_home_key as string;
    const res = await call(cast.ownerA, "POST", `${clusterUrl(first.body.cluster)}/call-home-key`);
    expect(res.status).toBe(200);
    const newKey = res.body.call_home_key as string;
    expect(newKey).not.toBe(oldKey);
    expect(res.body.cluster.call_home_key_hint).toBe(`${CALL_HOME_KEY_PREFIX}…${newKey.slice(-4)}`);
    expect(
      await t.db
        .select()
        .from(clusters)
        .where(eq(clusters.callHomeKeyHash, hashToken(oldKey))),
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(clusters)
      .where(eq(clusters.callHomeKeyHash, hashToken(newKey)));
    expect(row?.id).toBe(first.body.cluster.id);
    const denied = await call(cast.userA, "POST", `${clusterUrl(first.body.cluster)}/call-home-key`);
    expect(denied).toMatchObject({ status: 403, body: { error: CLUSTER_MESSAGES.ownersOnly } });
  });
});

describe("deleting clusters", () => {
  it("refuses an account_id other than the account acted on, and an empty choice", async () => {
    const url = `/api/accounts/${cast.orgA.id}/delete-clusters`;
    const mismatch = await call(cast.ownerA, "POST", url, { account_id: cast.orgB.id, delete_all: true });
    expect(mismatch).toMatchObject({ status: 400, body: { error: CLUSTER_MESSAGES.deleteAccountMismatch } });
    const none = await call(cast.ownerA, "POST", url, { account_id: cast.orgA.id });
    expect(none).toMatchObject({ status: 400, body: { error: CLUSTER_MESSAGES.nothingToDelete } });
  });

  it("deletes the chosen clusters with their reports and health reports; other files and issues stay without the cluster; capacity follows", async () => {
    const account = (
      await t.db
        .insert(accounts)
        .values({ company: `del-${randomUUID().slice(0, 6)}` })
        .returning()
    )[0];
    if (!account) throw new Error("no account");
    const gone = await registered(t.app, cast.engineer, account.id, "Gone");
    const kept = await registered(t.app, cast.engineer, account.id, "Kept");
    await seedReports(t, gone, [{ at: daysAgo(1) }]);
    await seedReports(t, kept, [{ at: daysAgo(1) }]);
    await t.db
      .update(clusters)
      .set({ totalSpace: 3 * 2 ** 40 })
      .where(eq(clusters.id, kept.id));
    const report = await fileRow(account.id, gone.id, "health_report", daysAgo(1));
    const inspect = await fileRow(account.id, gone.id, "inspect", daysAgo(1));
    const keptReport = await fileRow(account.id, kept.id, "health_report", daysAgo(1));
    const issue = await openIssue(t.app, cast.engineer, account.id);
    await t.db.update(issues).set({ clusterId: gone.id }).where(eq(issues.issueNumber, issue));

    const res = await call(cast.engineer, "POST", `/api/accounts/${account.id}/delete-clusters`, {
      account_id: account.id,
      cluster_ids: [gone.id, "not-a-cluster"],
    });
    expect(res).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect(
      (await t.db.select().from(clusters).where(eq(clusters.accountId, account.id))).map((c) => c.id),
    ).toEqual([kept.id]);
    expect(await t.db.select().from(clusterReports).where(eq(clusterReports.clusterId, gone.id))).toEqual([]);
    const left = await t.db
      .select({ uuid: files.uuid, clusterId: files.clusterId })
      .from(files)
      .where(inArray(files.uuid, [report, inspect, keptReport]));
    expect(left).toEqual(
      expect.arrayContaining([
        { uuid: inspect, clusterId: null },
        { uuid: keptReport, clusterId: kept.id },
      ]),
    );
    expect(left).toHaveLength(2);
    const [issueRow] = await t.db.select().from(issues).where(eq(issues.issueNumber, issue));
    expect(issueRow?.clusterId).toBeNull();
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(acc?.reportedCapacity).toBe(3);

    const all = await call(cast.engineer, "POST", `/api/accounts/${account.id}/delete-clusters`, {
      account_id: account.id,
      delete_all: true,
    });
    expect(all).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect((await call(cast.engineer, "GET", clustersOf(account.id))).body.items).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.uuid, keptReport))).toEqual([]);
  });

  it("leaves another account's clusters alone, even named by id", async () => {
    const theirs = await registered(t.app, cast.ownerB, cast.orgB.id, "Theirs");
    const res = await call(cast.ownerA, "POST", `/api/accounts/${cast.orgA.id}/delete-clusters`, {
      account_id: cast.orgA.id,
      cluster_ids: [theirs.id],
    });
    expect(res).toMatchObject({ status: 200, body: { deleted: 0 } });
    expect((await call(cast.ownerB, "GET", clusterUrl(theirs))).status).toBe(200);
  });
});

describe("tenancy", () => {
  let mine: { id: string; account_id: number };
  let theirs: { id: string; account_id: number };
  beforeAll(async () => {
    mine = await registered(t.app, cast.ownerA, cast.orgA.id, "Tenancy A");
    theirs = await registered(t.app, cast.ownerB, cast.orgB.id, "Tenancy B");
  });

  const routes = (): [Method, string, object?][] => [
    ["GET", clustersOf(cast.orgA.id)],
    ["GET", `${clustersOf(cast.orgA.id)}/summary`],
    ["GET", clusterUrl(mine)],
    ["PUT", clusterUrl(mine), { name: "Taken over" }],
    ["GET", `${clusterUrl(mine)}/recentFiles`],
    ["POST", `${clusterUrl(mine)}/call-home-key`],
    ["POST", `/api/accounts/${cast.orgA.id}/delete-clusters`, { account_id: cast.orgA.id, delete_all: true }],
  ];

  it("answers 401 without a token on every clusters route, before reading the body", async () => {
    for (const [method, url] of [
      ...routes(),
      ["POST", `/api/cluster/register?aid=${cast.orgA.id}`] as const,
    ]) {
      const res = await call(undefined, method, url, { garbage: true });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error).toBe("Authentication required");
    }
  });

  it("hides account A's clusters from account B's owner (404 on every route)", async () => {
    for (const [method, url, body] of routes()) {
      const res = await call(cast.ownerB, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe(ACCOUNT_NOT_FOUND);
    }
    expect((await call(cast.ownerA, "GET", clusterUrl(mine))).body.name).toBe("Tenancy A");
  });

  it("does not find B's cluster under A's own account (404 Cluster not found)", async () => {
    const under = `${clustersOf(cast.orgA.id)}/${theirs.id}`;
    for (const [method, url, body] of [
      ["GET", under],
      ["PUT", under, { name: "x" }],
      ["GET", `${under}/recentFiles`],
      ["POST", `${under}/call-home-key`],
    ] as [Method, string, object?][]) {
      const res = await call(cast.ownerA, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe(CLUSTER_MESSAGES.clusterNotFound);
    }
  });

  it("refuses a plain user where owners act (403) and lets them read", async () => {
    for (const [method, url, body] of routes()) {
      const res = await call(cast.userA, method, url, body);
      if (method === "GET") expect(res.status, url).toBe(200);
      else {
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.error).toBe(CLUSTER_MESSAGES.ownersOnly);
      }
    }
  });

  it("lets engineers reach any account's clusters", async () => {
    for (const [method, url, body] of routes().filter(([m]) => m === "GET")) {
      expect((await call(cast.engineer, method, url, body)).status, url).toBe(200);
    }
  });
});
