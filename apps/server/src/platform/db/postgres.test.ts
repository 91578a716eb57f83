import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPostgres } from "./client";

const adminUrl = process.env.DATABASE_URL;

describe("on PostgreSQL", () => {
  it.skipIf(!adminUrl)(
    "two instances starting together on a new database both come up (needs DATABASE_URL)",
    async () => {
      const name = `portico_migrate_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl ?? "");
      url.pathname = `/${name}`;
      const first = await openPostgres(url.toString(), 2);
      const second = await openPostgres(url.toString(), 2);
      try {
        await Promise.all([first.migrate(), second.migrate()]);
        const [row] = await first.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`information_schema.tables`)
          .where(sql`table_name in ('users', 'sessions', 'jobs')`);
        expect(row?.n).toBe(3);
      } finally {
        await first.close();
        await second.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it.skipIf(!adminUrl)(
    "an idle connection the server terminates does not take the process down (needs DATABASE_URL)",
    async () => {
      const database = await openPostgres(adminUrl ?? "", 2);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const [mine] = await database.db
          .select({ pid: sql<number>`pg_backend_pid()` })
          .from(sql`(select 1) as one`);
        await admin.query("select pg_terminate_backend($1)", [mine?.pid]);
        // Give the terminated connection's error time to arrive while it sits idle in the pool.
        await new Promise((ok) => setTimeout(ok, 200));
        const [after] = await database.db.select({ ok: sql<number>`1` }).from(sql`(select 1) as one`);
        expect(after?.ok).toBe(1);
      } finally {
        await admin.end();
        await database.close();
      }
    },
  );
});
