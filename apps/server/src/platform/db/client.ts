/**
 * One database handle for both engines: PGlite (embedded, the default) and PostgreSQL
 * (DATABASE_URL). Same schema, same migrations, same queries.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The generated migrations folder, found from the source tree and from the bundled dist alike. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Database migrations folder not found");
}

/**
 * `dataDir` undefined means in memory (tests). `loadDataDir` starts from a dump of another
 * database (dumpDataDir), which skips initdb: tests start each in-memory database from one dump.
 */
export async function openPglite(
  dataDir?: string,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database & { pglite: PGlite }> {
  const client = dataDir ? await PGlite.create(dataDir, opts) : await PGlite.create(opts);
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    pglite: client,
    engine: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}

/** Any fixed key: every Portico instance takes the same advisory lock to migrate. */
const MIGRATION_LOCK = 7_001_042;

/**
 * Instances starting together on one database take turns: each holds a session advisory lock on
 * one connection while migrating, so the second finds the work done instead of racing the first
 * into "relation already exists".
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const db = drizzleNodePg(client, { schema, casing: "snake_case" });
    await migrateNodePg(db, { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let closing = false;
  // An idle connection the server drops (a restart, a failover, an administrator) must not take
  // the process down: the pool forgets it and opens a new one on the next query.
  pool.on("error", (err) => {
    if (!closing) console.error(`PostgreSQL dropped an idle connection: ${err.message}`);
  });
  const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    migrate: () => migrateExclusively(pool),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, "db"));
}
