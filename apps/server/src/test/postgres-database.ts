import { randomBytes } from "node:crypto";
import pg from "pg";

/** A new, empty database on the server of `adminUrl`, or a copy of `template`. */
export async function createPostgresDatabase(
  adminUrl: string,
  template = "",
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `portico_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
