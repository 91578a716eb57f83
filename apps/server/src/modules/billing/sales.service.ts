/**
 * Contact sales (issue 14; §7.3 upgrade/request). A request is kept as a row for the engineers
 * and noted in the account's subscription events; when CONTACT_SALES_URL is set, a durable job
 * posts it on there (form-encoded, as a web form would), retried with backoff until it is taken.
 */
import type { TSalesRequestRow, ZSalesRequest } from "@portico/shared/schemas/billing";
import type { z } from "@portico/shared/zod";
import { count, desc, eq } from "drizzle-orm";
import { accounts, salesRequests, subscriptionEvents, users } from "../../db/schema";
import type { Executor, Tx } from "../../platform/db/client";
import type { JobQueue } from "../../platform/jobs/queue";

export const FORWARD_SALES_REQUEST_JOB = "billing.forward-sales-request";
const FORWARD_TIMEOUT_MS = 10_000;
/** Attempts before giving up; the delays before retries grow as the job queue's do (5 s, 20 s, 80 s, …). */
const FORWARD_ATTEMPTS = 6;
const retryDelaySeconds = (attempt: number) => 5 * 4 ** (attempt - 1);

export type SalesRequestInput = z.output<typeof ZSalesRequest>;
export type SalesRequestRow = typeof salesRequests.$inferSelect;

interface ForwardPayload {
  id: number;
  attempt?: number;
}

/** Stores the request and its event, and queues the forward when there is somewhere to send it. */
export async function recordSalesRequest(
  tx: Tx,
  jobQueue: JobQueue,
  opts: {
    accountId: number;
    userId: number;
    onBehalf: boolean;
    capacityTib: number;
    input: SalesRequestInput;
    forward: boolean;
  },
): Promise<SalesRequestRow> {
  const { input } = opts;
  const [row] = await tx
    .insert(salesRequests)
    .values({
      accountId: opts.accountId,
      userId: opts.userId,
      serviceType: input.service_type,
      capacityTib: opts.capacityTib,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
    })
    .returning();
  if (!row) throw new Error("sales request insert returned nothing");
  await tx.insert(subscriptionEvents).values({
    accountId: opts.accountId,
    source: "PORTICO",
    type: "sales.requested",
    outcome: "recorded",
    summary: `Asked sales about ${input.service_type}, ${opts.capacityTib} TiB`,
    data: { sales_request_id: row.id, service_type: input.service_type, capacity_tib: opts.capacityTib },
    actorUserId: opts.userId,
    onBehalf: opts.onBehalf,
    occurredAt: row.createdAt,
  });
  if (opts.forward)
    await jobQueue.enqueue(tx, FORWARD_SALES_REQUEST_JOB, { id: row.id } satisfies ForwardPayload);
  return row;
}

/** The form fields the contact-sales URL receives. */
function forwardForm(row: SalesRequestRow, company: string | null): URLSearchParams {
  return new URLSearchParams({
    request_id: String(row.id),
    account_id: row.accountId === null ? "" : String(row.accountId),
    company: company ?? "",
    service_type: row.serviceType,
    capacity_tib: String(row.capacityTib),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    requested_at: row.createdAt.toISOString(),
  });
}

async function postForm(url: string, form: URLSearchParams): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  // The answer's body is of no use; read it so the connection is released.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`the contact-sales URL answered ${res.status}`);
}

/**
 * The forward job. A failure is written on the row (forward_error) and the job queued again with
 * a growing delay; it does not throw, because a throwing job's writes are rolled back with it and
 * the engineers would never see why a request was not forwarded.
 */
export function registerSalesJobs(jobQueue: JobQueue, contactSalesUrl: () => string | undefined) {
  jobQueue.register(FORWARD_SALES_REQUEST_JOB, async (tx, raw) => {
    const payload = raw as ForwardPayload;
    const attempt = payload.attempt ?? 1;
    const url = contactSalesUrl();
    const [found] = await tx
      .select({ row: salesRequests, company: accounts.company })
      .from(salesRequests)
      .leftJoin(accounts, eq(accounts.id, salesRequests.accountId))
      .where(eq(salesRequests.id, payload.id));
    if (!found || found.row.forwardedAt || !url) return;
    try {
      await postForm(url, forwardForm(found.row, found.company));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const givingUp = attempt >= FORWARD_ATTEMPTS;
      await tx
        .update(salesRequests)
        .set({ forwardError: givingUp ? `${reason} (gave up after ${attempt} attempts)` : reason })
        .where(eq(salesRequests.id, found.row.id));
      if (!givingUp) {
        await jobQueue.enqueue(
          tx,
          FORWARD_SALES_REQUEST_JOB,
          { id: found.row.id, attempt: attempt + 1 } satisfies ForwardPayload,
          new Date(Date.now() + retryDelaySeconds(attempt) * 1000),
        );
      }
      return;
    }
    await tx
      .update(salesRequests)
      .set({ forwardedAt: new Date(), forwardError: null })
      .where(eq(salesRequests.id, found.row.id));
  });
}

/** Requests for the engineers, newest first, with the organization and who sent it. */
export async function listSalesRequests(
  exec: Executor,
  page: number,
  pageSize: number,
): Promise<{ items: TSalesRequestRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    exec
      .select({ row: salesRequests, company: accounts.company, requester: users.name })
      .from(salesRequests)
      .leftJoin(accounts, eq(accounts.id, salesRequests.accountId))
      .leftJoin(users, eq(users.id, salesRequests.userId))
      .orderBy(desc(salesRequests.createdAt), desc(salesRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    exec.select({ total: count() }).from(salesRequests),
  ]);
  return {
    total: totals?.total ?? 0,
    items: rows.map(({ row, company, requester }) => ({
      id: row.id,
      account_id: row.accountId,
      company,
      service_type: row.serviceType as TSalesRequestRow["service_type"],
      capacity_tib: row.capacityTib,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      requested_by: requester,
      created_at: row.createdAt.toISOString(),
      forwarded_at: row.forwardedAt?.toISOString() ?? null,
    })),
  };
}
