/**
 * Who may manage an organization's machine credentials (API tokens, the registration key): its
 * owners and engineers. A plain member gets 403; an organization the viewer cannot see is not
 * found; a customer's `aid` of another organization is refused as everywhere (resolveAccount).
 */
import type { FastifyRequest } from "fastify";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden } from "../../platform/errors";
import { assertMaySeeAccount } from "../accounts/accounts.policy";

/** The viewer and the organization (`aid`, else the viewer's own) whose credentials they manage. */
export async function credentialsManager(
  exec: Executor,
  request: FastifyRequest,
  aid: number | undefined,
  ownersOnly: string,
): Promise<{ viewer: Viewer; accountId: number }> {
  const viewer = requireViewer(request);
  const { accountId } = resolveAccount(viewer, aid);
  const access = await assertMaySeeAccount(exec, viewer, accountId);
  if (!access.canManage) throw forbidden(ownersOnly);
  return { viewer, accountId };
}
