/**
 * Runs once per `vitest run` for the server project. Making a database and migrating it costs
 * seconds per test file on PGlite (initdb) and most of a second on PostgreSQL; one migrated, seeded
 * database is made here and createTestApp starts every test file's database as a copy of it (a
 * dump loaded into PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL): still one database each.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seed } from "../db/seed";
import { openPglite, openPostgres } from "../platform/db/client";
import { createPostgresDatabase } from "./postgres-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated, seeded PGlite data folder ("" on PostgreSQL). */
    pgliteTemplate: string;
    /** The name of a migrated, seeded PostgreSQL database to copy ("" on PGlite). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    project.provide("pgliteTemplate", "");
    const template = await createPostgresDatabase(adminUrl);
    const database = await openPostgres(template.url, 1);
    await database.migrate();
    await seed(database.db, { demo: false });
    // A template must have no session open while it is copied.
    await database.close();
    project.provide("postgresTemplate", template.name);
    return () => template.drop();
  }
  project.provide("postgresTemplate", "");
  const database = await openPglite();
  await database.migrate();
  await seed(database.db, { demo: false });
  // Everything on disk before the dump, so a database loaded from it needs no recovery.
  await database.pglite.exec("checkpoint");
  const dump = await database.pglite.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "portico-pglite-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
