import { LICENCE_MESSAGES } from "@portico/shared/schemas/licences";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { trialLicences } from "../../db/schema";
import type { TestContext } from "../../test/helper";
import type { Method } from "../clusters/clusters-test-kit";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { signTrialLicence } from "./licences.service";
import { caller, issued, publishedKeys } from "./licences-test-kit";
import { verifyLicence } from "./verify";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});
const call = caller(() => t.app);

const trialBody = (over: object = {}) => ({
  company: "Globex Storage",
  contact_name: "Gina Globex",
  contact_email: "gina@globex.example",
  capacity_tib: 20,
  days: 30,
  ...over,
});

async function createTrial(over: object = {}) {
  const res = await call(cast.engineer, "POST", "/api/auth/trial_licenses", trialBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; token: string; company: string };
}

const registerTrial = (token: string | undefined, body: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/cluster/register/trial",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });

describe("trial licences", () => {
  it("an engineer creates one: a signed trial licence that verifies offline", async () => {
    const trial = await createTrial({ company: "Initech Trial" });
    expect(trial).toMatchObject({
      company: "Initech Trial",
      capacity_tib: 20,
      days: 30,
      created_by: "Erin Engineer",
      expiry_text: "Expires in 30 days",
      clusters: [],
    });
    const verified = await verifyLicence(trial.token, await publishedKeys(t.app));
    expect(verified).toMatchObject({
      ok: true,
      claims: {
        kind: "trial",
        plan: "TRIAL",
        account_id: null,
        trial_id: trial.id,
        sub: `trial:${trial.id}`,
        organization: "Initech Trial",
        capacity_tib: 20,
      },
    });
    expect((await call(cast.engineer, "GET", `/api/auth/trial_licenses/${trial.id}`)).body).toEqual(trial);
  });

  it("0 days, 10 years, 0 or too many TiB: 400 with the spec's message, nothing created", async () => {
    const before = await t.db.$count(trialLicences);
    for (const [over, error] of [
      [{ days: 0 }, LICENCE_MESSAGES.trialDays],
      [{ days: 3650 }, LICENCE_MESSAGES.trialDays],
      [{ days: 1.5 }, LICENCE_MESSAGES.trialDays],
      [{ capacity_tib: 0 }, LICENCE_MESSAGES.trialCapacity],
      [{ capacity_tib: 1001 }, LICENCE_MESSAGES.trialCapacity],
      [{ company: "  " }, LICENCE_MESSAGES.companyRequired],
      [{ contact_email: "nope" }, LICENCE_MESSAGES.contactEmail],
    ] as const) {
      expect(await call(cast.engineer, "POST", "/api/auth/trial_licenses", trialBody(over))).toEqual({
        status: 400,
        body: { error, status: 400 },
      });
    }
    expect(await t.db.$count(trialLicences)).toBe(before);
  });

  it("lists newest first, searches by company or contact, pages", async () => {
    await createTrial({ company: "Hooli Search", contact_email: "h@hooli.example" });
    const all = await call(cast.engineer, "GET", "/api/auth/trial_licenses");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, page_size: 25 });
    expect(all.body.items[0].company).toBe("Hooli Search");
    const found = await call(cast.engineer, "GET", "/api/auth/trial_licenses?q=hooli");
    expect(found.body.items.map((i: { company: string }) => i.company)).toEqual(["Hooli Search"]);
    expect(found.body.total).toBe(1);
    expect((await call(cast.engineer, "GET", "/api/auth/trial_licenses?q=%25")).body.total).toBe(0);
    expect((await call(cast.engineer, "GET", "/api/auth/trial_licenses/999999")).status).toBe(404);
  });

  it("exports every trial as CSV, a formula-like company escaped and quoted", async () => {
    await createTrial({ company: '=HYPERLINK("http://x","y")', contact_name: "+SUM(A1), Jr" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/trial_licenses/export",
      headers: { authorization: cast.engineer },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="trial-licences-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe(
      "id,company,contact_name,contact_email,capacity_tib,days,created_at,created_by,expires_at,clusters",
    );
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"",""y"")","'+SUM(A1), Jr",`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe("a prospect's cluster registering with its trial licence", () => {
  it("registers (201), again the same deployment id (200), and the trial lists it", async () => {
    const trial = await createTrial({ company: "Pied Piper" });
    const first = await registerTrial(trial.token, { deployment_id: "pp-1", name: "lab" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, cluster: { deployment_id: "pp-1", name: "lab" } });
    const again = await registerTrial(trial.token, { deployment_id: "pp-1", name: "lab-2" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, cluster: { deployment_id: "pp-1", name: "lab-2" } });
    const listed = await call(cast.engineer, "GET", `/api/auth/trial_licenses/${trial.id}`);
    expect(listed.body.clusters).toEqual([
      {
        deployment_id: "pp-1",
        name: "lab-2",
        registered_at: expect.any(String),
        last_seen_at: expect.any(String),
      },
    ]);
  });

  it("no licence, a tampered one, an expired trial or a subscription licence: 401 before the body is read", async () => {
    const trial = await createTrial({ company: "Expiring Co" });
    const bad = { deployment_id: "has spaces", name: "" };
    expect((await registerTrial(undefined, bad)).statusCode).toBe(401);
    const tampered = `${trial.token.slice(0, -10)}${trial.token.slice(-10).replace(/./, (c) => (c === "A" ? "B" : "A"))}`;
    expect((await registerTrial(tampered, bad)).json()).toMatchObject({ status: 401 });

    const expiredAt = new Date(Date.now() - 86_400_000);
    const expired = await t.db.transaction(async (tx) => {
      const [row] = await tx
        .update(trialLicences)
        .set({ expiresAt: expiredAt })
        .where(eq(trialLicences.id, trial.id))
        .returning();
      if (!row) throw new Error("no trial");
      return signTrialLicence(tx, row);
    });
    expect((await registerTrial(expired.token, bad)).json()).toEqual({
      error: LICENCE_MESSAGES.expired,
      status: 401,
    });
    const subscription = await issued(t.app, cast.engineer, cast.orgA.id);
    expect((await registerTrial(subscription.token, { deployment_id: "x", name: "x" })).statusCode).toBe(401);
  });
});

describe("tenancy", () => {
  const routes: [Method, string][] = [
    ["POST", "/api/auth/trial_licenses"],
    ["GET", "/api/auth/trial_licenses"],
    ["GET", "/api/auth/trial_licenses/1"],
    ["GET", "/api/auth/trial_licenses/export"],
  ];

  it("customers, owners included: 403 engineersOnly on every trial route", async () => {
    for (const who of [cast.ownerA, cast.userA]) {
      for (const [method, url] of routes) {
        const res = await call(who, method, url, method === "POST" ? trialBody() : undefined);
        expect(res, url).toEqual({
          status: 403,
          body: { error: LICENCE_MESSAGES.engineersOnly, status: 403 },
        });
      }
    }
  });

  it("no token: 401 before the body", async () => {
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method,
        url,
        payload: "{bad",
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
