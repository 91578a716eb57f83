/**
 * Trial licences (spec §7.1 trial_licenses; engineers): a prospect's licence, its export, and the
 * clusters that registered with it.
 */
import type { TCreateTrialLicenceRequest, TTrialLicence } from "@portico/shared/schemas/licences";
import { sql } from "drizzle-orm";
import { trialClusters, trialLicences } from "../../db/schema";
import { toCsv } from "../../platform/csv";
import type { Db } from "../../platform/db/client";
import { signTrialLicence } from "./licences.service";

const DAY_MS = 86_400_000;

type TrialInput = Required<Pick<TCreateTrialLicenceRequest, "company" | "contact_name" | "contact_email">> & {
  capacity_tib: number;
  days: number;
};

/** The trial and its signed licence, in one transaction. */
export async function createTrial(db: Db, input: TrialInput, createdBy: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    const [trial] = await tx
      .insert(trialLicences)
      .values({
        company: input.company,
        contactName: input.contact_name,
        contactEmail: input.contact_email,
        capacityTib: input.capacity_tib,
        days: input.days,
        createdBy,
        expiresAt: new Date(Date.now() + input.days * DAY_MS),
      })
      .returning();
    if (!trial) throw new Error("trial insert returned nothing");
    await signTrialLicence(tx, trial);
    return trial.id;
  });
}

/** Idempotent by deployment id: a repeat updates the name and last seen, and says it was not new. */
export async function registerTrialCluster(
  db: Db,
  trialId: number,
  input: { deployment_id: string; name: string },
) {
  const [row] = await db
    .insert(trialClusters)
    .values({ trialId, deploymentId: input.deployment_id, name: input.name, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [trialClusters.trialId, trialClusters.deploymentId],
      set: { name: input.name, lastSeenAt: sql`now()` },
    })
    // xmax is 0 only for a freshly inserted row (PostgreSQL's way to tell insert from update).
    .returning({
      deploymentId: trialClusters.deploymentId,
      name: trialClusters.name,
      registeredAt: trialClusters.registeredAt,
      lastSeenAt: trialClusters.lastSeenAt,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("trial cluster upsert returned nothing");
  return row;
}

const CSV_HEADER = [
  "id",
  "company",
  "contact_name",
  "contact_email",
  "capacity_tib",
  "days",
  "created_at",
  "created_by",
  "expires_at",
  "clusters",
] as const;

export function trialsCsv(trials: TTrialLicence[]): string {
  return toCsv(
    CSV_HEADER,
    trials.map((t) => [
      t.id,
      t.company,
      t.contact_name,
      t.contact_email,
      t.capacity_tib,
      t.days,
      t.created_at,
      t.created_by,
      t.expires_at,
      t.clusters.map((c) => c.deployment_id).join(" "),
    ]),
  );
}
