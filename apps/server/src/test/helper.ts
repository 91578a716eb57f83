/**
 * Builds the real app in-process for API tests: PGlite in memory by default, or a fresh
 * PostgreSQL database per test file when DATABASE_URL is set (created here, dropped on close),
 * so runs and files never see each other's rows. Both start as a copy of the run's migrated,
 * seeded database (global-setup.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { inject } from "vitest";
import { type App, buildApp } from "../app";
import { loadConfig } from "../config";
import { accounts, memberships, outbox, users } from "../db/schema";
import { seed } from "../db/seed";
import { hashPassword } from "../platform/auth/passwords";
import { type Database, openPglite, openPostgres } from "../platform/db/client";
import { createPostgresDatabase } from "./postgres-database";

export const TEST_PUBLIC_URL = "http://portico.test";

export interface TestContext {
  app: App;
  db: Database["db"];
  close(): Promise<void>;
}

/** The configuration of an app under test: no data folder, no built web app, no logs. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    ...env,
  });
}

/** An in-memory PGlite of its own, loaded from the run's migrated dump (global-setup.ts) when there is one. */
async function openTestPglite(): Promise<Database> {
  const template = inject("pgliteTemplate");
  return template ? openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) }) : openPglite();
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL;
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl, inject("postgresTemplate")) : undefined;
  const database = pgDb ? await openPostgres(pgDb.url, 4) : await openTestPglite();
  await database.migrate();
  await seed(database.db, { demo: false });
  // Stored files (uploads, pictures) go to a folder of this app's own, removed on close.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "portico-test-"));
  const config = testConfig({ ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A distinct client address per call, so per-address rate limits never couple unrelated tests. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export const DEFAULT_PASSWORD = "Sturdy-pass-9!";

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export async function createUser(
  db: Database["db"],
  opts: {
    email?: string;
    password?: string;
    name?: string;
    mfa?: boolean;
    accountId?: number;
    role?: "user" | "owner" | "engineer" | "admin";
    verified?: boolean;
    disabled?: boolean;
  } = {},
): Promise<TestUser> {
  const email = (opts.email ?? `u-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: opts.name ?? email.split("@")[0] ?? "user",
      passwordHash: await hashPassword(password),
      emailVerifiedAt: opts.verified === false ? null : new Date(),
      mfaEnabled: opts.mfa ?? false,
      isDisabled: opts.disabled ?? false,
      defaultAccountId: opts.accountId ?? null,
    })
    .returning();
  if (!user) throw new Error("insert failed");
  if (opts.accountId !== undefined) {
    await db
      .insert(memberships)
      .values({ accountId: opts.accountId, userId: user.id, role: opts.role ?? "user" });
  }
  return { id: user.id, email, password };
}

export async function createAccount(db: Database["db"], company = `org-${randomUUID().slice(0, 8)}`) {
  const [account] = await db.insert(accounts).values({ company }).returning();
  if (!account) throw new Error("insert failed");
  return account;
}

/** Signs in through the real login route (users without MFA) and returns the bearer header. */
export async function signIn(app: App, user: { email: string; password: string }) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: randomIp(),
    payload: { username: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  if (body.mfa_required) throw new Error("sign-in needs an OTP; create the user with mfa: false");
  const cookie = res.cookies.find((c) => c.name === "portico_rt");
  return { authorization: `Bearer ${body.access_token as string}`, refresh: cookie?.value ?? "" };
}

/** The newest mail to an address, once the background jobs that write mail have run. */
export async function lastMailTo(t: TestContext, email: string) {
  await t.app.ctx.jobs.flush();
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email.toLowerCase()))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail;
}

/** The six-digit code of the newest sign-in mail to an address ("" when there is none). */
export async function lastCodeTo(t: TestContext, email: string): Promise<string> {
  return (await lastMailTo(t, email))?.text?.match(/\b(\d{6})\b/)?.[1] ?? "";
}

/** The second sign-in step: the e-mailed code for the challenge a password sign-in started. */
export async function submitCode(
  t: TestContext,
  email: string,
  mfaToken: string,
  remoteAddress = randomIp(),
) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/mfa-login",
    remoteAddress,
    payload: { username: email, token: mfaToken, otp: await lastCodeTo(t, email) },
  });
}

/** The first link in a mail's text, as its path and query (PUBLIC_URL removed). */
export function linkIn(text: string | null | undefined): URL {
  const match = text?.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[0]);
}

/** A multipart body built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.name, new Blob([file.data], { type: file.type }), file.filename);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type") ?? "" },
  };
}

/** A built web app in a temporary folder (pass `dir` as WEB_DIST): an index page, a script, a font. */
export function createWebDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "portico-web-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, "assets", "app.js"), "document.title = 'Portico';\n");
  writeFileSync(path.join(dir, "assets", "inter.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real app on a PostgreSQL server that does not answer (nothing listens on the port), as when
 * the database is down: every query fails. The signing key comes from JWT_SECRET, so it builds.
 */
export async function createAppWithUnreachableDatabase(env: Record<string, string> = {}) {
  const database = await openPostgres("postgres://portico@127.0.0.1:9/unreachable", 1);
  const config = testConfig({ JWT_SECRET: "x".repeat(32), ...env });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The real app serving a temporary built web app; closing it removes the folder. */
export async function createTestAppWithWeb(env: Record<string, string> = {}): Promise<TestContext> {
  const web = createWebDist();
  const t = await createTestApp({ WEB_DIST: web.dir, ...env });
  return {
    ...t,
    async close() {
      await t.close();
      web.remove();
    },
  };
}

/** Runs `fn` while maintenance is on, switched on and off by an engineer through the API. */
export async function duringMaintenance(t: TestContext, fn: () => Promise<void>) {
  const { authorization } = await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }));
  const on = await t.app.inject({
    method: "POST",
    url: "/api/maintenance/enable",
    headers: { authorization },
    payload: { duration: 5, message: "Upgrading" },
  });
  if (on.statusCode !== 200) throw new Error(`maintenance did not start: ${on.statusCode} ${on.body}`);
  try {
    await fn();
  } finally {
    await t.app.inject({ method: "POST", url: "/api/maintenance/disable", headers: { authorization } });
  }
}
