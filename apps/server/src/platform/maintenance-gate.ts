import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** Calls that keep working during maintenance: status, engineer sign-in, session plumbing. */
const OPEN_DURING_MAINTENANCE = [
  "/api/maintenance/",
  "/api/health/",
  "/api/dev/",
  "/api/docs",
  "/api/auth/maintenance-login",
  "/api/auth/mfa-login",
  "/api/auth/resend-otp",
  "/api/auth/refresh-token",
  "/api/auth/logout",
  "/api/auth/deploy_env",
];

export const UNDER_MAINTENANCE = "Portico is under maintenance, please try again later";

/** During maintenance every other API call answers 503, except for engineers. */
export function registerMaintenanceGate(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/") || OPEN_DURING_MAINTENANCE.some((p) => path.startsWith(p))) return;
    const state = await app.ctx.maintenance.current();
    if (!state.enabled) return;
    const header = request.headers.authorization;
    if (header?.startsWith("Bearer ")) {
      const result = await app.ctx.jwt.verify(header.slice(7));
      if ("claims" in result && result.claims.eng) return;
    }
    throw new HttpError(503, UNDER_MAINTENANCE);
  });
}
