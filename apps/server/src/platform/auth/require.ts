import { API_TOKEN_MESSAGES } from "@portico/shared/schemas/api-tokens";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";
import { resolveAccount, type Viewer } from "./viewer";

/** The viewer of a route that is not public (the request guard has authenticated them). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/**
 * Who acts on a route that also takes machine credentials (`config.machine`): a signed-in viewer,
 * whom the route's policy still judges, or (viewer null) a machine credential of `accountId`,
 * whose scope and account the request guard has already checked.
 */
export interface Acting {
  accountId: number;
  viewer: Viewer | null;
}

/** The account acted on: the viewer's (resolveAccount with `aid`), or the machine credential's own. */
export function actingAccount(request: FastifyRequest, aid: number | undefined): Acting {
  const { machine } = request;
  if (machine) {
    actingOn(request, aid ?? machine.accountId);
    return { accountId: machine.accountId, viewer: null };
  }
  const viewer = requireViewer(request);
  return { accountId: resolveAccount(viewer, aid).accountId, viewer };
}

/**
 * For a route naming its account (`/accounts/:id`): the viewer, or null for a machine credential
 * of that very account (another account's is refused; the guard refuses it first).
 */
export function actingOn(request: FastifyRequest, accountId: number): Viewer | null {
  const { machine } = request;
  if (!machine) return requireViewer(request);
  if (machine.accountId !== accountId) throw forbidden(API_TOKEN_MESSAGES.otherAccount);
  return null;
}
