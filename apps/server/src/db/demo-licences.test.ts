import { eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../platform/db/client";
import { seedDemoLicences } from "./demo-licences";
import { licences, subscriptions, trialLicences } from "./schema";
import { DEMO_SIGN_INS, seed } from "./seed";

const database = await openPglite();
afterAll(() => database.close());

describe("the demo licences", () => {
  it("give Acme an ENTERPRISE licence for its contract capacity and clusters, and Globex a 30-day trial; once", async () => {
    await database.migrate();
    await seed(database.db, { demo: true });
    const { db } = database;
    const [, owner] = DEMO_SIGN_INS;
    const current = await db.select().from(licences).where(isNull(licences.supersededAt));
    const acme = current.find((l) => l.accountId === owner.accountId);
    expect(acme).toMatchObject({
      kind: "subscription",
      plan: "ENTERPRISE",
      capacityTib: 100,
      organization: "acme",
      clusters: ["backup-west-21c9", "prod-east-7f3a"],
    });
    // It runs to the end of Acme's demo subscription's term.
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.accountId));
    expect(subscription).toMatchObject({ serviceType: "ENTERPRISE", quantity: 100, status: "active" });
    expect(acme?.expiresAt).toEqual(subscription?.currentPeriodEnd);
    const [trial] = await db.select().from(trialLicences).where(eq(trialLicences.company, "Globex Storage"));
    expect(trial).toMatchObject({ days: 30 });
    expect(current.find((l) => l.trialId === trial?.id)).toMatchObject({ kind: "trial", plan: "TRIAL" });

    await db.transaction((tx) => seedDemoLicences(tx, { accountId: owner.accountId, engineerId: 1 }));
    expect(await db.select().from(licences)).toHaveLength(current.length);
  });
});
