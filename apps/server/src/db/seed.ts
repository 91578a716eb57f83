/**
 * Start-up data. The vendor's own account (id 1) always exists; demo users and a demo customer
 * are added on a new embedded database (SEED_DEMO); ADMIN_EMAIL/ADMIN_PASSWORD bootstrap the
 * first engineer of a production database. Everyone seeded here has taken the welcome tour: only
 * people who sign up or are invited later are offered it.
 */
import { eq, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../platform/auth/passwords";
import type { Db, Executor } from "../platform/db/client";
import { seedDemoBilling } from "./demo-billing";
import { seedDemoClusters } from "./demo-clusters";
import { seedDemoCustomers } from "./demo-customers";
import { seedDemoIssues } from "./demo-issues";
import { seedDemoLicences } from "./demo-licences";
import { accounts, memberships, users } from "./schema";

export const VENDOR_COMPANY = "portico";

export const DEMO_SIGN_INS = [
  {
    email: "admin@portico.example",
    password: "Admin-pass-1!",
    name: "Ada Admin",
    role: "admin",
    accountId: 1,
  },
  {
    email: "owner@acme.example",
    password: "Owner-pass-1!",
    name: "Olivia Owner",
    role: "owner",
    accountId: 2,
  },
  { email: "user@acme.example", password: "User-pass-1!", name: "Umar User", role: "user", accountId: 2 },
] as const;

async function ensureVendorAccount(exec: Executor) {
  await exec
    .insert(accounts)
    .values({ id: 1, company: VENDOR_COMPANY, accountType: "CUSTOM" })
    .onConflictDoNothing();
  // Identity columns do not advance on explicit ids; keep the sequence past them.
  await exec.execute(
    sql`select setval(pg_get_serial_sequence('accounts', 'id'), greatest((select max(id) from accounts), 1))`,
  );
}

async function addUser(exec: Executor, u: { email: string; password: string; name: string }, mfa: boolean) {
  const [row] = await exec
    .insert(users)
    .values({
      email: u.email.toLowerCase(),
      name: u.name,
      passwordHash: await hashPassword(u.password),
      emailVerifiedAt: new Date(),
      consentReceivedAt: new Date(),
      mfaEnabled: mfa,
      tourCompletedAt: new Date(),
      timezone: "UTC",
      countryCode: "US",
    })
    .returning();
  if (!row) throw new Error("seed user insert returned nothing");
  return row;
}

/** Returns the demo sign-ins when this call created them. */
export async function seed(
  db: Db,
  opts: { demo: boolean; admin?: { email: string; password: string } | undefined },
) {
  return db.transaction(async (tx) => {
    await ensureVendorAccount(tx);
    if (opts.admin) {
      const [existing] = await tx.select().from(users).where(eq(users.email, opts.admin.email.toLowerCase()));
      if (!existing) {
        const admin = await addUser(tx, { ...opts.admin, name: "Administrator" }, true);
        await tx.insert(memberships).values({ accountId: 1, userId: admin.id, role: "admin" });
        await tx.update(users).set({ defaultAccountId: 1 }).where(eq(users.id, admin.id));
      }
    }
    if (!opts.demo) return [];
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n > 0) return [];
    await tx
      .insert(accounts)
      .values({
        id: 2,
        company: "acme",
        accountType: "SUBSCRIBED",
        serviceType: "ENTERPRISE",
        planStatus: "active",
        contractCapacity: 100,
        subscriptionProvider: "STRIPE",
        currencyCode: "USD",
        slaHours: 4,
        slaCoverage: "24x7",
      })
      .onConflictDoNothing();
    await ensureVendorAccount(tx);
    const ids = new Map<string, number>();
    for (const demo of DEMO_SIGN_INS) {
      const user = await addUser(tx, demo, false);
      ids.set(demo.email, user.id);
      await tx.insert(memberships).values({ accountId: demo.accountId, userId: user.id, role: demo.role });
      await tx.update(users).set({ defaultAccountId: demo.accountId }).where(eq(users.id, user.id));
    }
    const [admin, owner] = DEMO_SIGN_INS;
    await seedDemoIssues(tx, {
      engineer: { userId: ids.get(admin.email) ?? 0, name: admin.name, isEngineer: true },
      owner: { userId: ids.get(owner.email) ?? 0, name: owner.name, isEngineer: false },
      accountId: owner.accountId,
    });
    await seedDemoClusters(tx, {
      accountId: owner.accountId,
      engineerId: ids.get(admin.email) ?? 0,
      ownerId: ids.get(owner.email) ?? 0,
    });
    await seedDemoLicences(tx, { accountId: owner.accountId, engineerId: ids.get(admin.email) ?? 0 });
    await seedDemoBilling(tx, {
      accountId: owner.accountId,
      ownerId: ids.get(owner.email) ?? 0,
      engineerId: ids.get(admin.email) ?? 0,
    });
    await seedDemoCustomers(tx, { accountId: owner.accountId, engineerId: ids.get(admin.email) ?? 0 });
    // The demo organizations' members too (demo-customers.ts adds them).
    await tx.update(users).set({ tourCompletedAt: new Date() }).where(isNull(users.tourCompletedAt));
    return DEMO_SIGN_INS;
  });
}
