/**
 * The issue's named test: purging an account whose files are on the local disk, and one whose
 * files are in an S3 bucket (a local S3-compatible server, s3rver, started here). Each purge is
 * stopped between batches by closing its app, a new app is built on the same database and storage,
 * the queued job resumes there, and afterwards nothing of the account is left (rows in any table,
 * files on disk, objects in the bucket) but the purge's record, with exact counts.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3 } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type App, buildApp } from "../../app";
import { accountPurges } from "../../db/schema";
import { seed } from "../../db/seed";
import { type Database, openPglite, openPostgres } from "../../platform/db/client";
import { createUser, signIn, testConfig } from "../../test/helper";
import { createPostgresDatabase } from "../../test/postgres-database";
import { call } from "../conversations/test-fixtures";
import { createPurgeHandler, PURGE_JOB } from "./purge.job";
import { leftovers, type PurgeFixture, seedPurgeFixture } from "./purge-test-kit";

const BUCKET = "portico-purge";
const S3_CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

let s3dir: string;
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let endpoint: string;
let client: S3;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), "portico-purge-s3rver-"));
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(async () => {
  await s3server.close();
  rmSync(s3dir, { recursive: true, force: true });
});

/** One database that outlives the apps built on it (PGlite in memory, or a PostgreSQL database of its own). */
async function openDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const pg = await createPostgresDatabase(adminUrl, inject("postgresTemplate"));
    const database = await openPostgres(pg.url, 4);
    return { database, drop: () => pg.drop() };
  }
  const template = inject("pgliteTemplate");
  const { readFileSync } = await import("node:fs");
  const database = template
    ? await openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) })
    : await openPglite();
  return { database, drop: async () => undefined };
}

async function bucketKeys(): Promise<string[]> {
  const listed = await client.listObjectsV2({ Bucket: BUCKET });
  return (listed.Contents ?? []).map((o) => o.Key ?? "");
}

/** Every file under a folder (recursively), by name. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe.each([
  { storage: "local" as const, env: () => ({}) },
  { storage: "s3" as const, env: () => ({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, ...S3_CREDENTIALS }) },
])("a purge with files on $storage storage, restarted mid-purge", ({ storage, env }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let app: App;
  let fixture: PurgeFixture;
  let expected: Record<string, number>;

  const build = async () => {
    const built = await buildApp({
      config: testConfig({ ...env(), DATA_DIR: dataDir }),
      db: database.db,
      logger: false,
    });
    await built.ready();
    return built;
  };
  const storedKeys = async () =>
    storage === "s3"
      ? (await bucketKeys()).filter((k) => fixture.storageKeys.some((key) => k.startsWith(key)))
      : filesUnder(path.join(dataDir, "files")).filter((name) =>
          fixture.storageKeys.some((k) => name.startsWith(k)),
        );
  const purgeRecord = async () => {
    const [row] = await database.db
      .select()
      .from(accountPurges)
      .where(eq(accountPurges.accountId, fixture.accountId));
    return row;
  };

  beforeAll(async () => {
    ({ database, drop } = await openDatabase());
    await database.migrate();
    await seed(database.db, { demo: false });
    dataDir = mkdtempSync(path.join(tmpdir(), `portico-purge-${storage}-`));
    app = await build();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores the account's files where its storage is", async () => {
    expect(app.ctx.storage.kind).toBe(storage);
    const eng = await createUser(database.db, { accountId: 1, role: "engineer", name: "Erin Engineer" });
    const engineer = (await signIn(app, eng)).authorization;
    fixture = await seedPurgeFixture(app, engineer, `S3 test ${storage}`);
    // Two stored files, the health report and the owner's picture.
    expect(fixture.storageKeys).toHaveLength(4);
    expect((await storedKeys()).length).toBeGreaterThanOrEqual(4);
    if (storage === "s3") expect(filesUnder(path.join(dataDir, "files"))).toEqual([]);

    const info = await call(app, engineer, "GET", `/api/auth/accounts/${fixture.accountId}/purge-info`);
    expect(info.status).toBe(200);
    expected = Object.fromEntries(
      Object.entries(info.body.contents as Record<string, number>).filter(([, n]) => n > 0),
    );
    expect(expected).toMatchObject({ files: 3, users: 2, memberships: 3, issues: 2, clusters: 1 });

    // Batches of one row, and no run goes on by itself: each pass of the queue is one batch.
    const real = createPurgeHandler(
      { jobs: app.ctx.jobs, storage: app.ctx.storage, log: app.log },
      { batchSize: 1 },
    );
    app.ctx.jobs.register(PURGE_JOB, (tx, payload) => real(tx, payload, () => undefined));
    const started = await call(app, engineer, "POST", `/api/auth/accounts/${fixture.accountId}/purge`, {
      company: fixture.company,
      reason: `Files on ${storage}`,
    });
    expect(started.status, started.raw).toBe(202);
    await app.ctx.jobs.flush();
  });

  it("is part-way when its app closes between batches", async () => {
    const partWay = await purgeRecord();
    expect(partWay).toMatchObject({ status: "running", stage: "files" });
    expect(partWay?.counts.files).toBeGreaterThanOrEqual(1);
    expect(partWay?.counts.files).toBeLessThan(3);
    expect(await leftovers(database.db, fixture)).toContain("accounts.id");
    // The bytes of the batches done are gone, the others still there.
    const left = await storedKeys();
    expect(left.length).toBeGreaterThan(0);
    expect(fixture.storageKeys.filter((k) => !left.some((name) => name.startsWith(k))).length).toBe(
      partWay?.counts.files,
    );
    await app.close();
  });

  it("resumes in a new app on the same database and leaves nothing but the purge record", async () => {
    app = await build();
    await app.ctx.jobs.flush();
    const record = await purgeRecord();
    expect(record).toMatchObject({
      status: "done",
      stage: "done",
      company: fixture.company,
      reason: `Files on ${storage}`,
      requestedByName: "Erin Engineer",
      lastError: null,
    });
    expect(record?.counts).toEqual(expected);
    expect(await leftovers(database.db, fixture)).toEqual([]);
    expect(await storedKeys()).toEqual([]);
    if (storage === "s3") expect(await bucketKeys()).toEqual([]);
    else expect(filesUnder(path.join(dataDir, "files"))).toEqual([]);
  });
});
