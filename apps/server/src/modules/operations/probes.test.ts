import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import {
  createAppWithUnreachableDatabase,
  createTestApp,
  duringMaintenance,
  type TestContext,
  testConfig,
} from "../../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestContext["app"], url: string) => app.inject({ method: "GET", url });

describe("GET /livez", () => {
  it("answers 200 to anyone, not cached", async () => {
    const res = await get(t.app, "/livez");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("replaces /api/health/live, which is gone", async () => {
    const res = await get(t.app, "/api/health/live");
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /readyz", () => {
  it("answers 200 when the database answers, naming each check", async () => {
    const res = await get(t.app, "/readyz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, checks: { database: "ok" } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("probes", () => {
  it("are public, open during maintenance, and left out of the OpenAPI document", () => {
    const probes = t.app.routeTable.filter(
      (r) => ["/livez", "/readyz"].includes(r.url) && r.method === "GET",
    );
    expect(probes).toEqual([
      expect.objectContaining({ method: "GET", url: "/livez", public: true, maintenanceOpen: true }),
      expect.objectContaining({ method: "GET", url: "/readyz", public: true, maintenanceOpen: true }),
    ]);
  });

  it("do not appear in /api/docs/json", async () => {
    const doc = (await get(t.app, "/api/docs/json")).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((p) => /livez|readyz|\/api\/health\/live/.test(p))).toEqual([]);
  });

  it("keep answering 200 during maintenance while the API answers 503", async () => {
    await duringMaintenance(t, async () => {
      const customer = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
      expect(customer.statusCode).toBe(503);
      expect((await get(t.app, "/livez")).statusCode).toBe(200);
      expect((await get(t.app, "/readyz")).statusCode).toBe(200);
    });
  });
});

describe("when the database cannot be reached", () => {
  let down: Awaited<ReturnType<typeof createAppWithUnreachableDatabase>>;
  beforeAll(async () => {
    down = await createAppWithUnreachableDatabase();
  });
  afterAll(() => down.close());

  it("/readyz answers 503 naming the database", async () => {
    const res = await get(down.app, "/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: "Not ready: database unreachable",
      status: 503,
      checks: { database: "failed" },
    });
  });

  it("/livez still answers 200: the process itself is alive", async () => {
    expect((await get(down.app, "/livez")).statusCode).toBe(200);
  });
});

/** A second instance of the real app on the same database, with a Redis client of the test's choosing. */
async function appWithRedis(redis: Redis) {
  redis.on("error", () => undefined); // the client reports each failed connection; the probe is the subject
  const app = await buildApp({ config: testConfig(), db: t.db, redis, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      redis.disconnect();
    },
  };
}

/** A TCP port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("with Redis configured", () => {
  it("answers 503 naming Redis when it refuses connections", async () => {
    const redis = new Redis({
      host: "127.0.0.1",
      port: await freePort(),
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const r = await appWithRedis(redis);
    try {
      const res = await get(r.app, "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: "Not ready: redis unreachable",
        status: 503,
        checks: { database: "ok", redis: "failed" },
      });
    } finally {
      await r.close();
    }
  });

  it("answers 503 after its time limit when Redis never answers (a client still retrying)", async () => {
    const redis = new Redis({
      host: "127.0.0.1",
      port: await freePort(),
      maxRetriesPerRequest: null,
      retryStrategy: () => 200,
    });
    const r = await appWithRedis(redis);
    try {
      const started = Date.now();
      const res = await get(r.app, "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: "ok", redis: "failed" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await r.close();
    }
  });

  describe.skipIf(!existsSync("/usr/bin/redis-server"))("and answering (a real redis-server)", () => {
    let server: ChildProcess;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      server = spawn("/usr/bin/redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"]);
      await new Promise<void>((resolve, reject) => {
        server.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("Ready to accept connections")) resolve();
        });
        server.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
      });
    });
    afterAll(() => {
      server.kill();
    });

    it("answers 200 with both checks", async () => {
      const r = await appWithRedis(new Redis({ port }));
      try {
        const res = await get(r.app, "/readyz");
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true, checks: { database: "ok", redis: "ok" } });
      } finally {
        await r.close();
      }
    });
  });
});
