/** The account's audit, for the customer page's History tab (GET accounts/:id/history). */
import type { TAuditEntry } from "@portico/shared/schemas/customers";
import { count, desc, eq } from "drizzle-orm";
import { accountAudit } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

export interface HistoryPage {
  items: TAuditEntry[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * Newest first. Read by the account's id alone, with no check that it still exists: the record
 * of an organization's deletion is kept, and engineers may read it after the organization is gone.
 */
export async function listAccountHistory(
  exec: Executor,
  accountId: number,
  paging: { page: number; page_size: number },
): Promise<HistoryPage> {
  const where = eq(accountAudit.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(accountAudit)
      .where(where)
      .orderBy(desc(accountAudit.id))
      .limit(paging.page_size)
      .offset((paging.page - 1) * paging.page_size),
    exec.select({ n: count() }).from(accountAudit).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor_id: r.actorId,
      actor_name: r.actorName,
      target_user_id: r.targetUserId,
      target_name: r.targetName,
      details: r.details,
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: paging.page,
    page_size: paging.page_size,
  };
}
