/**
 * Probes for a load balancer or orchestrator, outside /api: `/livez` (the process answers) and
 * `/readyz` (it can serve: the database answers `select 1` and, when REDIS_URL is set, Redis
 * answers PING). Public, open during maintenance, and left out of the OpenAPI document.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** The part of a Redis client the readiness probe uses. */
export interface Pingable {
  ping(): Promise<unknown>;
}

export interface ProbeOptions {
  redis?: Pingable;
  /** How long a dependency may take to answer before it counts as down. */
  timeoutMs?: number;
}

type CheckResult = "ok" | "failed";

async function check(run: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), timeoutMs);
  });
  try {
    await Promise.race([run(), timeout]);
    return "ok";
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

export async function probeRoutes(app: FastifyInstance, options: ProbeOptions) {
  const { db } = app.ctx;
  const { redis, timeoutMs = 2000 } = options;
  const probe = { config: { public: true, maintenance: "open" }, schema: { hide: true } } as const;

  app.get("/livez", probe, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { ok: true };
  });

  app.get("/readyz", probe, async (request, reply) => {
    const [database, cache] = await Promise.all([
      check(() => db.execute(sql`select 1`), timeoutMs),
      redis ? check(() => redis.ping(), timeoutMs) : undefined,
    ]);
    const checks: Record<string, CheckResult> = { database, ...(cache ? { redis: cache } : {}) };
    const failed = Object.keys(checks).filter((name) => checks[name] !== "ok");
    reply.header("cache-control", "no-store");
    if (failed.length === 0) return { ok: true, checks };
    request.log.warn({ checks }, "not ready");
    return reply
      .code(503)
      .send({ error: `Not ready: ${failed.join(" and ")} unreachable`, status: 503, checks });
  });
}
