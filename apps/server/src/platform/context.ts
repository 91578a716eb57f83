import type { Config } from "../config";
import type { JwtSigner } from "./auth/jwt";
import type { Viewer } from "./auth/viewer";
import type { Db } from "./db/client";
import type { JobQueue } from "./jobs/queue";
import type { Mailer } from "./mail/mailer";
import type { MaintenanceState } from "./maintenance";
import type { RateLimits } from "./rate-limit";
import type { Realtime } from "./realtime/realtime";
import type { Storage } from "./storage";

/** Shared services every module receives through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  jwt: JwtSigner;
  mailer: Mailer;
  jobs: JobQueue;
  limits: RateLimits;
  maintenance: MaintenanceState;
  /** WebSocket fan-out across instances (in process, or Redis pub/sub with REDIS_URL). */
  realtime: Realtime;
  /** Uploaded bytes: DATA_DIR/files, or an S3 bucket with S3_* (files, attachments, pictures). */
  storage: Storage;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the request guard for every route that is not public. */
    viewer: Viewer | null;
  }
}
