/**
 * Demo licences (development only, with the rest of the demo data): Acme's ENTERPRISE licence
 * for its contract capacity until the end of its subscription's term, and a trial for the prospect Globex Storage, so /license and the
 * trial licences screen have something to show. Idempotent: what exists is left alone.
 */
import { and, eq, isNull } from "drizzle-orm";
import { issueLicence, signTrialLicence } from "../modules/licences/licences.service";
import type { Tx } from "../platform/db/client";
import { ensureLicenceKey } from "../platform/licence-keys";
import { demoTerm } from "./demo-billing";
import { accounts, licences, trialLicences } from "./schema";

const DAY_MS = 86_400_000;
const TRIAL_COMPANY = "Globex Storage";

export async function seedDemoLicences(tx: Tx, demo: { accountId: number; engineerId: number }) {
  await ensureLicenceKey(tx);
  const [current] = await tx
    .select({ id: licences.id })
    .from(licences)
    .where(and(eq(licences.accountId, demo.accountId), isNull(licences.supersededAt)));
  if (!current) {
    const [account] = await tx
      .select({ capacity: accounts.contractCapacity })
      .from(accounts)
      .where(eq(accounts.id, demo.accountId));
    await issueLicence(tx, {
      accountId: demo.accountId,
      plan: "ENTERPRISE",
      capacityTib: account?.capacity ?? 100,
      // The term of Acme's demo subscription (demo-billing.ts).
      expiresAt: demoTerm().end,
      issuedBy: demo.engineerId,
    });
  }
  const [trial] = await tx
    .select({ id: trialLicences.id })
    .from(trialLicences)
    .where(eq(trialLicences.company, TRIAL_COMPANY));
  if (trial) return;
  const [created] = await tx
    .insert(trialLicences)
    .values({
      company: TRIAL_COMPANY,
      contactName: "Gina Globex",
      contactEmail: "gina@globex.example",
      capacityTib: 50,
      days: 30,
      createdBy: demo.engineerId,
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    })
    .returning();
  if (created) await signTrialLicence(tx, created);
}
