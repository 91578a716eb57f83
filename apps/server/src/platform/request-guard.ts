/**
 * Who may reach a route, decided once per request in `onRequest`: before the body is read, so an
 * anonymous caller learns nothing from validation and a large anonymous body costs nothing.
 *
 * Every API route needs a signed-in viewer unless it declares `config: { public: true }`; every
 * API route answers 503 during maintenance, except to engineers, unless it declares
 * `config: { maintenance: "open" }`. Both are read from the matched route, never from the raw
 * URL, so an encoded path (`/%61pi/...`) is judged like the route it reaches.
 *
 * A route declaring `config: { machine: "<scope>" }` also takes a machine credential as its bearer
 * token instead of a signed-in viewer: an API token holding that scope, and for cluster_register a
 * registration key, for health_upload a cluster's call-home key. The credential acts for its own
 * organization only: an `aid` or `accId` in the query, or the `:id` of an `/accounts/:id` route,
 * naming another is refused here, before the route runs. A machine credential is never a viewer:
 * on any other route it is refused like a bad session token.
 */

import { API_TOKEN_MESSAGES, type ApiScope } from "@portico/shared/schemas/api-tokens";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import {
  findMachineCredential,
  type MachinePrincipal,
  machineKindFor,
  touchApiToken,
} from "../modules/machine-auth/machine-credentials";
import { authenticate, bearerToken, type Viewer } from "./auth/viewer";
import { forbidden, HttpError } from "./errors";

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  maintenanceOpen: boolean;
  /** The scope of the machine credentials it takes, if any. */
  machine: ApiScope | null;
}

export type { MachinePrincipal };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with its access rules, as registered (tests walk it; docs could list it). */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /** Keeps answering during maintenance (status, engineer sign-in, session plumbing, probes). */
    maintenance?: "open";
    /** Also takes machine credentials of this scope (request.machine) instead of a signed-in viewer. */
    machine?: ApiScope;
  }
  interface FastifyRequest {
    /** Set by the request guard when a machine route was called with a valid machine credential. */
    machine: MachinePrincipal | null;
  }
}

export const UNDER_MAINTENANCE = "Portico is under maintenance, please try again later";

const isApi = (url: string) => url.startsWith("/api/");
/** Swagger UI and its assets: public documentation, not the API itself. */
const isApiDocs = (url: string) => url === "/api/docs" || url.startsWith("/api/docs/");

/** Everything outside /api (the web app, probes) and the API docs are public and never gated. */
function applyDefaults(route: RouteOptions) {
  if (!isApi(route.url) || isApiDocs(route.url)) {
    route.config = { public: true, maintenance: "open", ...route.config };
  }
}

/** Routes under /accounts/:id name the account they act on by that parameter. */
const NAMES_ACCOUNT = /\/accounts\/:id(?:\/|$)/;

/**
 * Every account a request names, as sent (raw text, compared exactly, so nothing that parses
 * differently later can slip past): `aid` and `accId` in the query, and an account route's `:id`.
 */
function accountsNamed(request: FastifyRequest): string[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const named = [query.aid, query.accId].filter((v) => v !== undefined && v !== "").map(String);
  if (NAMES_ACCOUNT.test(request.routeOptions.url ?? "")) {
    named.push(String((request.params as Record<string, unknown>).id));
  }
  return named;
}

export function registerRequestGuard(app: FastifyInstance) {
  const { ctx } = app;
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.decorateRequest("machine", null);
  app.addHook("onRoute", (route) => {
    applyDefaults(route);
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        maintenanceOpen: route.config?.maintenance === "open",
        machine: route.config?.machine ?? null,
      });
    }
  });

  /** An engineer may use the API during maintenance, whatever the route; judged from the database. */
  const engineerDespiteMaintenance = async (request: FastifyRequest): Promise<boolean> => {
    let viewer: Viewer | null = request.viewer;
    if (!viewer && bearerToken(request)) {
      viewer = await authenticate(request, ctx.db, ctx.jwt).catch(() => null);
    }
    return viewer?.isEngineer ?? false;
  };

  /** Last-use writes in flight: never awaited by their request, but finished before the app closes. */
  const touches = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.all(touches);
  });
  const recordUse = (request: FastifyRequest, tokenId: number) => {
    const touch = touchApiToken(ctx.db, tokenId).catch((err) =>
      request.log.error({ err, tokenId }, "could not record an API token's last use"),
    );
    touches.add(touch);
    void touch.finally(() => touches.delete(touch));
  };

  /** The credential, if it may act here: in scope, and for no organization but its own. */
  const admitMachine = async (request: FastifyRequest, scope: ApiScope, token: string) => {
    const kind = machineKindFor(scope, token);
    if (!kind) return null;
    const found = await findMachineCredential(ctx.db, kind, token);
    if (found.scopes && !found.scopes.includes(scope)) throw forbidden(API_TOKEN_MESSAGES.outOfScope);
    const { principal } = found;
    if (accountsNamed(request).some((id) => id !== String(principal.accountId))) {
      throw forbidden(API_TOKEN_MESSAGES.otherAccount);
    }
    if (found.stale && principal.tokenId !== undefined) recordUse(request, principal.tokenId);
    return principal;
  };

  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const { config, url } = request.routeOptions;
    const token = config.machine ? bearerToken(request) : undefined;
    if (config.machine && token) request.machine = await admitMachine(request, config.machine, token);
    if (!request.machine && !config.public) request.viewer = await authenticate(request, ctx.db, ctx.jwt);
    if (config.maintenance === "open" || !url || !isApi(url)) return;
    const state = await ctx.maintenance.current();
    if (state.enabled && !(await engineerDespiteMaintenance(request))) {
      throw new HttpError(503, UNDER_MAINTENANCE);
    }
  });
}
