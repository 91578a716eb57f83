/** Reading licences and trials, and presenting them as the API answers them. */
import { expiryText } from "@portico/shared/rules/expiry";
import type { TLicence, TTrialLicence } from "@portico/shared/schemas/licences";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import { licences, trialClusters, trialLicences, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";
import type { LicenceRow } from "./licences.service";

export function presentLicence(row: LicenceRow, now = new Date()): TLicence {
  return {
    id: row.id,
    kind: row.kind,
    account_id: row.accountId,
    organization: row.organization,
    plan: row.plan,
    capacity_tib: row.capacityTib,
    clusters: row.clusters,
    issued_at: row.issuedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expiry_text: expiryText(row.expiresAt, now) ?? "",
    key_id: row.kid,
    token: row.token,
    superseded_at: row.supersededAt?.toISOString() ?? null,
  };
}

export async function currentLicence(exec: Executor, accountId: number): Promise<LicenceRow | undefined> {
  const [row] = await exec
    .select()
    .from(licences)
    .where(and(eq(licences.accountId, accountId), isNull(licences.supersededAt)));
  return row;
}

/** Newest first; bounded, as an account is reissued on every cluster change. */
export function licenceHistory(exec: Executor, accountId: number) {
  return exec
    .select()
    .from(licences)
    .where(eq(licences.accountId, accountId))
    .orderBy(desc(licences.id))
    .limit(200);
}

export const TRIAL_PAGE_SIZE = 25;

/** Trials with their current token, creator and clusters; `ids` narrows to those trials. */
async function loadTrials(
  exec: Executor,
  opts: { ids?: number[]; q?: string | undefined; page?: number; all?: boolean },
) {
  const search = opts.q
    ? or(
        ilike(trialLicences.company, containing(opts.q)),
        ilike(trialLicences.contactEmail, containing(opts.q)),
        ilike(trialLicences.contactName, containing(opts.q)),
      )
    : undefined;
  const where = and(opts.ids ? inArray(trialLicences.id, opts.ids) : undefined, search);
  let query = exec
    .select({
      trial: trialLicences,
      createdBy: users.name,
      token: licences.token,
    })
    .from(trialLicences)
    .leftJoin(users, eq(users.id, trialLicences.createdBy))
    .leftJoin(licences, and(eq(licences.trialId, trialLicences.id), isNull(licences.supersededAt)))
    .where(where)
    .orderBy(desc(trialLicences.createdAt), desc(trialLicences.id))
    .$dynamic();
  if (!opts.all) query = query.limit(TRIAL_PAGE_SIZE).offset(((opts.page ?? 1) - 1) * TRIAL_PAGE_SIZE);
  const rows = await query;
  const clusterRows = rows.length
    ? await exec
        .select()
        .from(trialClusters)
        .where(
          inArray(
            trialClusters.trialId,
            rows.map((r) => r.trial.id),
          ),
        )
        .orderBy(asc(trialClusters.registeredAt), asc(trialClusters.deploymentId))
    : [];
  const total = opts.all
    ? rows.length
    : ((await exec.select({ n: count() }).from(trialLicences).where(where))[0]?.n ?? 0);
  return { rows, clusterRows, total };
}

type Loaded = Awaited<ReturnType<typeof loadTrials>>;

function presentTrials({ rows, clusterRows }: Loaded, now: Date): TTrialLicence[] {
  return rows.map(({ trial, createdBy, token }) => ({
    id: trial.id,
    company: trial.company,
    contact_name: trial.contactName,
    contact_email: trial.contactEmail,
    capacity_tib: trial.capacityTib,
    days: trial.days,
    created_at: trial.createdAt.toISOString(),
    created_by: createdBy,
    expires_at: trial.expiresAt.toISOString(),
    expiry_text: expiryText(trial.expiresAt, now) ?? "",
    token: token ?? "",
    clusters: clusterRows
      .filter((c) => c.trialId === trial.id)
      .map((c) => ({
        deployment_id: c.deploymentId,
        name: c.name,
        registered_at: c.registeredAt.toISOString(),
        last_seen_at: c.lastSeenAt?.toISOString() ?? null,
      })),
  }));
}

export async function listTrials(exec: Executor, page: number, q: string | undefined, now = new Date()) {
  const loaded = await loadTrials(exec, { page, q });
  return { items: presentTrials(loaded, now), total: loaded.total, page, page_size: TRIAL_PAGE_SIZE };
}

export async function findTrial(exec: Executor, id: number, now = new Date()) {
  return presentTrials(await loadTrials(exec, { ids: [id] }), now)[0];
}

export async function allTrials(exec: Executor, now = new Date()) {
  return presentTrials(await loadTrials(exec, { all: true }), now);
}
