/**
 * The audit of account actions (issue 16): who did what to an organization, when and from which
 * address. A command records its entry in its own transaction, so an action and its record
 * commit together or not at all. The customer page's History tab reads these rows.
 */
import type { AuditAction } from "@portico/shared/schemas/customers";
import type { FastifyRequest } from "fastify";
import { accountAudit } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";

/** Who acts: the signed-in user (their name kept as it was) and the request's address. */
export interface AuditActor {
  userId: number;
  name: string;
  ip: string | null;
}

/** The actor of an authenticated request (the address is the socket's unless TRUST_PROXY names proxies). */
export function auditActor(request: FastifyRequest): AuditActor {
  return actorOf(requireViewer(request), request.ip);
}

/** The actor where a route authenticates its viewer itself (a public route that also serves signed-in callers). */
export function actorOf(viewer: Pick<Viewer, "userId" | "name">, ip: string | undefined): AuditActor {
  return { userId: viewer.userId, name: viewer.name, ip: ip ?? null };
}

export interface AuditEntry {
  accountId: number;
  action: AuditAction;
  target?: { userId: number; name: string } | null;
  details?: Record<string, unknown>;
}

/** Records one entry; call it inside the command's transaction. */
export async function recordAudit(exec: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await exec.insert(accountAudit).values({
    accountId: entry.accountId,
    actorId: actor.userId,
    actorName: actor.name,
    action: entry.action,
    targetUserId: entry.target?.userId ?? null,
    targetName: entry.target?.name ?? null,
    details: entry.details ?? {},
    ip: actor.ip,
  });
}
