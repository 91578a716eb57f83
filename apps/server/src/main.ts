/** Starts Portico: lock the data folder, open and migrate the database, seed, listen. */
import { Redis } from "ioredis";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { DEMO_SIGN_INS, seed } from "./db/seed";
import { openDatabase } from "./platform/db/client";
import { lockDataDir } from "./platform/db/lock";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();
  const seeded = await seed(database.db, { demo: config.seedDemo, admin: config.bootstrapAdmin });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const app = await buildApp({ config, db: database.db, redis });
  app.ctx.mailer.start();
  app.ctx.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    redis?.disconnect();
    await database.close();
    await unlock?.();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    "",
    `Portico is running at ${config.publicUrl} (${database.engine}, ${config.deployEnv}, ready in ${seconds} s)`,
  ];
  const signIns = seeded.length > 0 ? seeded : config.seedDemo ? DEMO_SIGN_INS : [];
  if (signIns.length > 0) {
    lines.push("Demo sign-ins:");
    for (const s of signIns) lines.push(`  ${s.role.padEnd(6)} ${s.email.padEnd(24)} ${s.password}`);
  }
  if (config.devMailbox) lines.push(`Development mailbox: ${config.publicUrl}/dev/mailbox`);
  console.log(`${lines.join("\n")}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
