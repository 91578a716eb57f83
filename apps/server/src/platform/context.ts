import type { Config } from "../config";
import type { JwtSigner } from "./auth/jwt";
import type { Viewer } from "./auth/viewer";
import type { Db } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { MaintenanceState } from "./maintenance";
import type { RateLimits } from "./rate-limit";

/** Shared services every module receives through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  jwt: JwtSigner;
  mailer: Mailer;
  limits: RateLimits;
  maintenance: MaintenanceState;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** preHandler: 401 unless a valid access token is sent; sets request.viewer. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
