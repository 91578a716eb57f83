/**
 * Who may reach a route, decided once per request in `onRequest`: before the body is read, so an
 * anonymous caller learns nothing from validation and a large anonymous body costs nothing.
 *
 * Every API route needs a signed-in viewer unless it declares `config: { public: true }`; every
 * API route answers 503 during maintenance, except to engineers, unless it declares
 * `config: { maintenance: "open" }`. Both are read from the matched route, never from the raw
 * URL, so an encoded path (`/%61pi/...`) is judged like the route it reaches.
 *
 * A route declaring `config: { callHome: true }` (a cluster sending its health report) also takes
 * a cluster's call-home key as its bearer token: the key names its cluster, and nothing else.
 */

import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { clusters } from "../db/schema";
import { hashCallHomeKey, isCallHomeKey } from "../modules/clusters/call-home-key";
import { authenticate, bearerToken, type Viewer } from "./auth/viewer";
import { HttpError } from "./errors";

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  maintenanceOpen: boolean;
  callHome: boolean;
}

/** The cluster a call-home key belongs to. */
export interface CallHome {
  clusterId: string;
  accountId: number;
}

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
    /** Also takes a cluster's call-home key (request.callHome) instead of a signed-in viewer. */
    callHome?: boolean;
  }
  interface FastifyRequest {
    /** Set by the request guard when a callHome route was called with a valid call-home key. */
    callHome: CallHome | null;
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

export function registerRequestGuard(app: FastifyInstance) {
  const { ctx } = app;
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.decorateRequest("callHome", null);
  app.addHook("onRoute", (route) => {
    applyDefaults(route);
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        maintenanceOpen: route.config?.maintenance === "open",
        callHome: route.config?.callHome === true,
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

  /** One lookup on the unique hash; an unknown or rotated key is refused like a bad token. */
  const callHomeCluster = async (key: string): Promise<CallHome> => {
    const [cluster] = await ctx.db
      .select({ clusterId: clusters.id, accountId: clusters.accountId })
      .from(clusters)
      .where(eq(clusters.callHomeKeyHash, hashCallHomeKey(key)));
    if (!cluster) throw new HttpError(401, CLUSTER_MESSAGES.callHomeKey);
    return cluster;
  };

  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const { config, url } = request.routeOptions;
    const token = config.callHome ? bearerToken(request) : undefined;
    if (token && isCallHomeKey(token)) request.callHome = await callHomeCluster(token);
    else if (!config.public) request.viewer = await authenticate(request, ctx.db, ctx.jwt);
    if (config.maintenance === "open" || !url || !isApi(url)) return;
    const state = await ctx.maintenance.current();
    if (state.enabled && !(await engineerDespiteMaintenance(request))) {
      throw new HttpError(503, UNDER_MAINTENANCE);
    }
  });
}
