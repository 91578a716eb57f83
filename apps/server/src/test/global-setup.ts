/**
 * Runs once per `vitest run` for the server project. On PGlite, making a database (initdb) and
 * migrating it costs seconds per test file; one migrated, seeded database is made here and dumped,
 * and createTestApp starts every test file's database from that dump (still one database each).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seed } from "../db/seed";
import { openPglite } from "../platform/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated, seeded PGlite data folder ("" on PostgreSQL). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
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
