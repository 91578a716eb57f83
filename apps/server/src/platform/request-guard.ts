/**
 * Who may reach a route, decided once per request in `onRequest`: before the body is read, so an
 * anonymous caller learns nothing from validation and a large anonymous body costs nothing.
 *
 * Every API route needs a signed-in viewer unless it declares `config: { public: true }`; every
 * API route answers 503 during maintenance, except to engineers, unless it declares
 * `config: { maintenance: "open" }`. Both are read from the matched route, never from the raw
 * URL, so an encoded path (`/%61pi/...`) is judged like the route it reaches.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { authenticate, bearerToken, type Viewer } from "./auth/viewer";
import { HttpError } from "./errors";

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  maintenanceOpen: boolean;
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
  app.addHook("onRoute", (route) => {
    applyDefaults(route);
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        maintenanceOpen: route.config?.maintenance === "open",
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

  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const { config, url } = request.routeOptions;
    if (!config.public) request.viewer = await authenticate(request, ctx.db, ctx.jwt);
    if (config.maintenance === "open" || !url || !isApi(url)) return;
    const state = await ctx.maintenance.current();
    if (state.enabled && !(await engineerDespiteMaintenance(request))) {
      throw new HttpError(503, UNDER_MAINTENANCE);
    }
  });
}
