import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../platform/db/client";
import { DEMO_ORGANIZATIONS, seedDemoCustomers } from "./demo-customers";
import {
  accountEngineers,
  accountFollowers,
  accounts,
  accountUseCases,
  memberships,
  timeLogs,
  useCases,
  users,
} from "./schema";
import { DEMO_SIGN_INS, seed } from "./seed";

const database = await openPglite();
afterAll(() => database.close());

describe("the customers console's demo", () => {
  it("gives Acme engineers' roles, use cases, time logs and a follower, and the list organizations to filter; again adds nothing", async () => {
    await database.migrate();
    await seed(database.db, { demo: true });
    const { db } = database;
    const [admin, owner] = DEMO_SIGN_INS;
    const [adminUser] = await db.select().from(users).where(eq(users.email, admin.email));
    const acme = owner.accountId;

    const roles = await db.select().from(accountEngineers).where(eq(accountEngineers.accountId, acme));
    expect(roles.map((r) => [r.role, r.userId]).sort()).toEqual([
      ["account_manager", adminUser?.id],
      ["customer_engineer", adminUser?.id],
    ]);
    const chosen = await db
      .select({ name: useCases.name })
      .from(accountUseCases)
      .innerJoin(useCases, eq(useCases.id, accountUseCases.useCaseId))
      .where(eq(accountUseCases.accountId, acme));
    expect(chosen.map((u) => u.name).sort()).toEqual(["Archive", "Backup target"]);
    const logs = await db.select().from(timeLogs).where(eq(timeLogs.accountId, acme));
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.userId === adminUser?.id)).toBe(true);
    expect(logs.some((l) => l.issueNumber !== null)).toBe(true);
    expect(await db.select().from(accountFollowers)).toEqual([
      expect.objectContaining({ accountId: acme, userId: adminUser?.id }),
    ]);

    const companies = DEMO_ORGANIZATIONS.map((o) => o.company);
    const orgs = await db.select().from(accounts).where(inArray(accounts.company, companies));
    expect(orgs).toHaveLength(companies.length);
    expect(orgs.filter((o) => o.isTrial).map((o) => o.company)).toEqual(["hooli"]);
    expect(orgs.filter((o) => o.isDisabled).map((o) => o.company)).toEqual(["wayne-enterprises"]);
    expect(new Set(orgs.map((o) => o.serviceType)).size).toBeGreaterThanOrEqual(5);
    const members = await db
      .select()
      .from(memberships)
      .where(
        inArray(
          memberships.accountId,
          orgs.map((o) => o.id),
        ),
      );
    expect(members).toHaveLength(DEMO_ORGANIZATIONS.reduce((n, o) => n + o.members, 0));
    expect(members.filter((m) => m.role === "owner")).toHaveLength(companies.length);

    const counts = async () => ({
      accounts: (await db.select().from(accounts)).length,
      users: (await db.select().from(users)).length,
      logs: (await db.select().from(timeLogs)).length,
      roles: (await db.select().from(accountEngineers)).length,
    });
    const before = await counts();
    await db.transaction((tx) => seedDemoCustomers(tx, { accountId: acme, engineerId: adminUser?.id ?? 0 }));
    expect(await counts()).toEqual(before);
  });
});
