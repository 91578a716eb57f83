/**
 * The customers console's demo (development only, with the rest of the demo data): on Acme, the
 * demo admin is account manager (and customer engineer, demo-clusters.ts) and follows it, two use
 * cases and two time logs; and a few more customer organizations of varied plans (one trial, one
 * disabled, one never subscribed), each with a few members, so the customer list has something
 * to filter and sort. Idempotent: what exists is left alone.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { hashPassword } from "../platform/auth/passwords";
import type { Tx } from "../platform/db/client";
import {
  accountEngineers,
  accountFollowers,
  accounts,
  accountUseCases,
  issues,
  memberships,
  timeLogs,
  useCases,
  users,
} from "./schema";

const DAY_MS = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Use cases of the migration's list (0015_customers.sql) chosen for Acme. */
const ACME_USE_CASES = ["Backup target", "Archive"];

type DemoOrganization = Partial<typeof accounts.$inferInsert> & { company: string; members: number };

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    company: "initech",
    accountType: "SUBSCRIBED",
    serviceType: "STANDARD",
    planStatus: "active",
    contractCapacity: 20,
    reportedCapacity: 12,
    slaHours: 24,
    slaCoverage: "business-hours",
    subscriptionProvider: "CHARGEBEE",
    currencyCode: "EUR",
    members: 2,
  },
  {
    company: "umbrella-corp",
    accountType: "SUBSCRIBED",
    serviceType: "ENTERPRISE-PLUS",
    planStatus: "active",
    contractCapacity: 500,
    reportedCapacity: 480,
    slaHours: 1,
    slaCoverage: "24x7",
    subscriptionProvider: "STRIPE",
    currencyCode: "USD",
    members: 3,
  },
  {
    company: "stark-industries",
    accountType: "SUBSCRIBED",
    serviceType: "ENTERPRISE-LITE",
    planStatus: "past_due",
    contractCapacity: 50,
    reportedCapacity: 61,
    slaHours: 8,
    slaCoverage: "business-hours",
    subscriptionProvider: "STRIPE",
    currencyCode: "USD",
    members: 1,
  },
  {
    company: "hooli",
    serviceType: "TRIAL",
    isTrial: true,
    contractCapacity: 10,
    slaHours: 48,
    slaCoverage: "business-hours",
    members: 1,
  },
  {
    company: "wayne-enterprises",
    accountType: "CUSTOM",
    serviceType: "CUSTOM",
    planStatus: "canceled",
    contractCapacity: 200,
    isDisabled: true,
    hasSupport: false,
    members: 2,
  },
  { company: "soylent", members: 1 },
];

export async function seedDemoCustomers(tx: Tx, demo: { accountId: number; engineerId: number }) {
  await tx
    .insert(accountEngineers)
    .values({ accountId: demo.accountId, userId: demo.engineerId, role: "account_manager" })
    .onConflictDoNothing();
  await tx
    .insert(accountFollowers)
    .values({ accountId: demo.accountId, userId: demo.engineerId })
    .onConflictDoNothing();
  const chosen = await tx
    .select({ id: useCases.id })
    .from(useCases)
    .where(inArray(useCases.name, ACME_USE_CASES));
  if (chosen.length > 0) {
    await tx
      .insert(accountUseCases)
      .values(chosen.map((u) => ({ accountId: demo.accountId, useCaseId: u.id })))
      .onConflictDoNothing();
  }
  await seedAcmeTimeLogs(tx, demo);
  await seedOrganizations(tx);
}

async function seedAcmeTimeLogs(tx: Tx, demo: { accountId: number; engineerId: number }) {
  const [logged] = await tx
    .select({ id: timeLogs.id })
    .from(timeLogs)
    .where(eq(timeLogs.accountId, demo.accountId))
    .limit(1);
  if (logged) return;
  const [issue] = await tx
    .select({ issueNumber: issues.issueNumber })
    .from(issues)
    .where(
      and(
        eq(issues.accountId, demo.accountId),
        eq(issues.title, "Replication lag between Frankfurt and Dublin"),
      ),
    );
  await tx.insert(timeLogs).values([
    {
      accountId: demo.accountId,
      userId: demo.engineerId,
      workDate: isoDay(2),
      minutes: 90,
      note: "Went through the replication logs with the customer",
      issueNumber: issue?.issueNumber ?? null,
    },
    {
      accountId: demo.accountId,
      userId: demo.engineerId,
      workDate: isoDay(1),
      minutes: 45,
      note: "Quarterly review: capacity plan for next year",
    },
  ]);
}

/** The other organizations and their members (who cannot sign in: their password is random). */
async function seedOrganizations(tx: Tx) {
  const created = await tx
    .insert(accounts)
    .values(DEMO_ORGANIZATIONS.map(({ members: _members, ...org }) => org))
    .onConflictDoNothing()
    .returning({ id: accounts.id, company: accounts.company });
  if (created.length === 0) return;
  // One hash for every member: hashing is deliberately slow.
  const passwordHash = await hashPassword(randomUUID());
  for (const account of created) {
    const members = DEMO_ORGANIZATIONS.find((o) => o.company === account.company)?.members ?? 0;
    const rows = await tx
      .insert(users)
      .values(
        Array.from({ length: members }, (_, i) => ({
          email: `${i === 0 ? "owner" : `user${i}`}@${account.company}.example`,
          name: `${i === 0 ? "Owner" : `User ${i}`} of ${account.company}`,
          passwordHash,
          emailVerifiedAt: new Date(),
          defaultAccountId: account.id,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (rows.length === 0) continue;
    await tx.insert(memberships).values(
      rows.map((u) => ({
        accountId: account.id,
        userId: u.id,
        role: u.email.startsWith("owner@") ? ("owner" as const) : ("user" as const),
      })),
    );
  }
}
