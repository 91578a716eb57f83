/**
 * Issuing licences (spec §7.1 licences, license). A licence row holds its terms and the signed
 * token; a new one supersedes the current one of its account (or trial) in the caller's
 * transaction, so there is always at most one current licence and the history keeps the rest.
 */
import { randomUUID } from "node:crypto";
import { LICENCE_ISSUER, LICENCE_TYPE, type TLicenceClaims } from "@portico/shared/schemas/licences";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { accounts, clusters, licences, trialLicences } from "../../db/schema";
import type { Tx } from "../../platform/db/client";
import type { JobQueue } from "../../platform/jobs/queue";
import { currentSigningKey } from "../../platform/licence-keys";

export type LicenceRow = typeof licences.$inferSelect;

export interface LicenceTerms {
  plan: string;
  capacityTib: number;
  expiresAt: Date;
}

interface Subject {
  kind: TLicenceClaims["kind"];
  accountId: number | null;
  trialId: number | null;
  organization: string;
  clusters: string[];
}

/** Signs the terms with the current key and records the row; the caller superseded the old one. */
async function sign(tx: Tx, subject: Subject, terms: LicenceTerms, issuedBy: number | null) {
  const { kid, key } = await currentSigningKey(tx);
  const issuedAt = new Date();
  const claims: TLicenceClaims = {
    kind: subject.kind,
    account_id: subject.accountId,
    organization: subject.organization,
    plan: terms.plan,
    capacity_tib: terms.capacityTib,
    clusters: subject.clusters,
    trial_id: subject.trialId,
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "EdDSA", kid, typ: LICENCE_TYPE })
    .setIssuer(LICENCE_ISSUER)
    .setSubject(subject.accountId !== null ? `account:${subject.accountId}` : `trial:${subject.trialId}`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(terms.expiresAt)
    .setJti(randomUUID())
    .sign(key);
  const [row] = await tx
    .insert(licences)
    .values({
      kind: subject.kind,
      accountId: subject.accountId,
      trialId: subject.trialId,
      kid,
      organization: subject.organization,
      plan: terms.plan,
      capacityTib: terms.capacityTib,
      clusters: subject.clusters,
      token,
      issuedAt,
      expiresAt: terms.expiresAt,
      issuedBy,
    })
    .returning();
  if (!row) throw new Error("licence insert returned nothing");
  return row;
}

/** The account's registered deployment ids, sorted (what its licence covers). */
async function accountSubject(tx: Tx, accountId: number): Promise<Subject> {
  const [account] = await tx
    .select({ company: accounts.company })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error(`account ${accountId} not found`);
  const rows = await tx
    .select({ deploymentId: clusters.deploymentId })
    .from(clusters)
    .where(eq(clusters.accountId, accountId))
    .orderBy(asc(clusters.deploymentId));
  return {
    kind: "subscription",
    accountId,
    trialId: null,
    organization: account.company,
    clusters: rows.map((r) => r.deploymentId),
  };
}

/** Marks the current licence superseded and returns it (locked for this transaction). */
async function supersede(tx: Tx, where: { accountId: number } | { trialId: number }) {
  const [previous] = await tx
    .update(licences)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        "accountId" in where ? eq(licences.accountId, where.accountId) : eq(licences.trialId, where.trialId),
        isNull(licences.supersededAt),
      ),
    )
    .returning();
  return previous;
}

/**
 * Two issues at once for an account wait in turn on its row. No key update: the key share lock a
 * cluster insert takes on its account does not conflict, so register-then-reissue cannot deadlock.
 */
async function lockAccount(tx: Tx, accountId: number) {
  await tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for no key update`);
}

export async function issueLicence(
  tx: Tx,
  input: { accountId: number; plan: string; capacityTib: number; expiresAt: Date; issuedBy: number | null },
): Promise<LicenceRow> {
  await lockAccount(tx, input.accountId);
  await supersede(tx, { accountId: input.accountId });
  return sign(tx, await accountSubject(tx, input.accountId), input, input.issuedBy);
}

/**
 * Re-signs the account's current licence with the current key and its current clusters, with
 * `changes` applied to its terms (billing changes plan or capacity). Null when it has none.
 */
export async function reissueLicence(
  tx: Tx,
  accountId: number,
  changes: Partial<LicenceTerms> = {},
): Promise<LicenceRow | null> {
  await lockAccount(tx, accountId);
  const previous = await supersede(tx, { accountId });
  if (!previous) return null;
  const terms = { plan: previous.plan, capacityTib: previous.capacityTib, expiresAt: previous.expiresAt };
  return sign(tx, await accountSubject(tx, accountId), { ...terms, ...changes }, previous.issuedBy);
}

/**
 * For the clusters module, after registering or deleting clusters of the account (in that
 * transaction): the licence then names exactly the account's clusters. No licence: nothing.
 */
export async function reissueLicenceForClusters(tx: Tx, accountId: number): Promise<void> {
  await reissueLicence(tx, accountId);
}

/** A trial's licence (kind trial, plan TRIAL, no clusters named: the prospect's own). */
export async function signTrialLicence(
  tx: Tx,
  trial: { id: number; company: string; capacityTib: number; expiresAt: Date; createdBy: number | null },
): Promise<LicenceRow> {
  await supersede(tx, { trialId: trial.id });
  return sign(
    tx,
    { kind: "trial", accountId: null, trialId: trial.id, organization: trial.company, clusters: [] },
    { plan: "TRIAL", capacityTib: trial.capacityTib, expiresAt: trial.expiresAt },
    trial.createdBy,
  );
}

// ---- re-signing after a key rotation -----------------------------------------------------------

export const RESIGN_LICENCES_JOB = "licences.resign";
const RESIGN_BATCH = 50;

/** Current licences not signed by the signing key (what a rotation left to re-sign). */
export async function countStaleLicences(tx: Tx, kid: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(licences)
    .where(and(isNull(licences.supersededAt), ne(licences.kid, kid)));
  return row?.n ?? 0;
}

/**
 * One batch: re-signs up to RESIGN_BATCH stale licences and queues the next batch if more remain.
 * Idempotent: a licence already signed by the current key is not stale, so a retried or
 * duplicated job finds nothing to do.
 */
export async function resignBatch(tx: Tx, jobs: JobQueue): Promise<number> {
  const { kid } = await currentSigningKey(tx);
  const stale = await tx
    .select()
    .from(licences)
    .where(and(isNull(licences.supersededAt), ne(licences.kid, kid)))
    .orderBy(asc(licences.id))
    .limit(RESIGN_BATCH);
  for (const row of stale) {
    // Locked in the order an issue locks (the account or trial, then its licence), then checked
    // again: an issue that committed meanwhile already signed with the new key.
    if (row.accountId !== null) await lockAccount(tx, row.accountId);
    else
      await tx.execute(
        sql`select 1 from ${trialLicences} where ${trialLicences.id} = ${row.trialId} for no key update`,
      );
    const [still] = await tx
      .select({ id: licences.id })
      .from(licences)
      .where(and(eq(licences.id, row.id), isNull(licences.supersededAt)));
    if (!still) continue;
    if (row.accountId !== null) await reissueLicence(tx, row.accountId);
    else if (row.trialId !== null) {
      await signTrialLicence(tx, {
        id: row.trialId,
        company: row.organization,
        capacityTib: row.capacityTib,
        expiresAt: row.expiresAt,
        createdBy: row.issuedBy,
      });
    }
  }
  if (stale.length === RESIGN_BATCH) await jobs.enqueue(tx, RESIGN_LICENCES_JOB, {});
  return stale.length;
}

export function registerLicenceJobs(jobs: JobQueue): void {
  jobs.register(RESIGN_LICENCES_JOB, async (tx) => {
    await resignBatch(tx, jobs);
  });
}
