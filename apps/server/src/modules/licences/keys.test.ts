import { LICENCE_KEY_GRACE_DAYS, LICENCE_MESSAGES } from "@portico/shared/schemas/licences";
import { eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { licenceKeys, licences } from "../../db/schema";
import { ensureLicenceKeyOnStart, rotateLicenceKey } from "../../platform/licence-keys";
import type { TestContext } from "../../test/helper";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { caller, issued, publishedKeys } from "./licences-test-kit";
import { verifyLicence } from "./verify";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});
const call = caller(() => t.app);

const signingKids = async () =>
  (await t.db.select({ kid: licenceKeys.kid }).from(licenceKeys).where(isNull(licenceKeys.retiredAt))).map(
    (r) => r.kid,
  );
const publishedKids = async () => (await publishedKeys(t.app)).keys.map((k) => k.kid);

describe("licence keys", () => {
  it("exactly one signing key exists, however many instances start at once", async () => {
    await Promise.all([
      ensureLicenceKeyOnStart(t.db),
      ensureLicenceKeyOnStart(t.db),
      ensureLicenceKeyOnStart(t.db),
    ]);
    expect(await signingKids()).toHaveLength(1);
  });

  it("rotation is for vendor admins only: engineers and customers 403", async () => {
    for (const who of [cast.engineer, cast.ownerA]) {
      expect((await call(who, "POST", "/api/auth/licence-keys/rotate")).body).toEqual({
        error: LICENCE_MESSAGES.adminsOnly,
        status: 403,
      });
    }
  });

  it("after a rotation current licences are re-signed by the new key; the old key stays published for the grace, then goes, and what it signed fails unknownKey", async () => {
    const a = await issued(t.app, cast.engineer, cast.orgA.id);
    const b = await issued(t.app, cast.engineer, cast.orgB.id, { plan: "STANDARD" });
    const [oldKid] = await signingKids();
    expect(a.key_id).toBe(oldKid);

    const rotated = await call(cast.admin, "POST", "/api/auth/licence-keys/rotate");
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ key_id: expect.any(String), reissued: 2 });
    const newKid = rotated.body.key_id as string;
    expect(newKid).not.toBe(oldKid);
    expect(await signingKids()).toEqual([newKid]);

    await t.app.ctx.jobs.flush();
    const keys = await publishedKeys(t.app);
    for (const [who, before] of [
      [cast.ownerA, a],
      [cast.ownerB, b],
    ] as const) {
      const now = (await call(who, "GET", "/api/auth/license")).body;
      expect(now).toMatchObject({ key_id: newKid, plan: before.plan, expires_at: before.expires_at });
      expect((await verifyLicence(now.token, keys)).ok).toBe(true);
    }
    // Within the grace, the old licence still verifies.
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await verifyLicence(a.token, keys)).ok).toBe(true);
    // Re-running the job changes nothing: nothing is stale.
    const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(licences);
    await t.app.ctx.jobs.enqueue(t.db, "licences.resign", {});
    await t.app.ctx.jobs.flush();
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(licences)).toEqual(rows);

    // The clock moves past the grace.
    await t.db
      .update(licenceKeys)
      .set({ retiredAt: sql`now() - make_interval(days => ${LICENCE_KEY_GRACE_DAYS + 1})` })
      .where(eq(licenceKeys.kid, oldKid ?? ""));
    expect(await publishedKids()).toEqual([newKid]);
    expect(await verifyLicence(a.token, await publishedKeys(t.app))).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.unknownKey,
    });
  });

  it("a rotation by another instance is used at the next issue", async () => {
    const kid = await t.db.transaction((tx) => rotateLicenceKey(tx));
    expect((await issued(t.app, cast.engineer, cast.orgA.id)).key_id).toBe(kid);
  });
});
