/**
 * Purge tests' fixtures: an organization with something of every kind (issues with messages,
 * stored files, a cluster with a report, a licence, an API token, a registration key, a time log,
 * feedback, a profile picture), a member who also belongs to another organization and members
 * who belong to no other; and the walk that proves nothing of it is left in any table.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { API_SCOPE_NAMES } from "@portico/shared/schemas/api-tokens";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import type { App } from "../../app";
import * as schema from "../../db/schema";
import { feedback, files, timeLogs, userPictures } from "../../db/schema";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { createAccount, createUser, signIn } from "../../test/helper";
import { insertCluster, reportOf, sendReport } from "../clusters/reports-test-kit";
import { call, openIssue, post } from "../conversations/test-fixtures";

export interface PurgeFixture {
  accountId: number;
  company: string;
  /** Members of this organization only: they go with it. */
  goneUsers: { id: number; email: string }[];
  /** Also a member of `otherAccountId`: kept, without this membership. */
  keptUser: { id: number; email: string };
  otherAccountId: number;
  /** Storage keys of the organization's bytes (files and the picture). */
  storageKeys: string[];
}

async function storeFile(app: App, accountId: number, kind: "attachment" | "legal_doc", bytes: Buffer) {
  const uuid = randomUUID();
  await app.ctx.storage.put(uuid, Readable.from([bytes]), 10_000_000);
  await app.ctx.db.insert(files).values({
    uuid,
    accountId,
    fileType: kind,
    filename: `${kind}.bin`,
    storedName: `${kind}.bin`,
    size: bytes.length,
    uploaderName: "Fixture",
    complete: true,
    scanStatus: "OK",
  });
  return uuid;
}

/** An organization full of things, built through the API where it has a call for it. */
export async function seedPurgeFixture(app: App, engineer: string, label = "Purged"): Promise<PurgeFixture> {
  const db = app.ctx.db;
  const company = `${label} ${randomUUID().slice(0, 6)}`;
  const org = await createAccount(db, company);
  const other = await createAccount(db);
  const owner = await createUser(db, { accountId: org.id, role: "owner" });
  const plain = await createUser(db, { accountId: org.id, role: "user" });
  const kept = await createUser(db, { accountId: org.id, role: "user" });
  await db.insert(schema.memberships).values({ accountId: other.id, userId: kept.id, role: "user" });
  const ownerAuth = (await signIn(app, owner)).authorization;

  for (const title of ["Pool degraded", "Disk 4 failed"]) {
    const issue = await openIssue(app, ownerAuth, org.id, title);
    await post(app, ownerAuth, issue, "More detail");
  }
  const keys = [
    await storeFile(app, org.id, "attachment", Buffer.from("attachment bytes")),
    await storeFile(app, org.id, "legal_doc", Buffer.alloc(2048, 7)),
  ];
  const pictureKey = randomUUID();
  await app.ctx.storage.put(pictureKey, Readable.from([Buffer.from("png-ish")]), 10_000);
  await db
    .insert(userPictures)
    .values({ userId: owner.id, contentType: "image/png", storageKey: pictureKey });
  keys.push(pictureKey);

  const cluster = await insertCluster(db, org.id);
  const report = await sendReport(app, cluster.key, reportOf(cluster));
  expect(report.status, JSON.stringify(report.body)).toBeLessThan(300);
  await app.ctx.jobs.flush();

  const licence = await call(app, engineer, "POST", `/api/auth/accounts/${org.id}/licence`, {
    plan: "ENTERPRISE",
    capacity_tib: 100,
    expires_at: new Date(Date.now() + 300 * 86_400_000).toISOString(),
  });
  expect(licence.status, licence.raw).toBe(201);
  const token = await call(app, ownerAuth, "POST", `/api/auth/api-tokens?aid=${org.id}`, {
    name: "CI",
    expiry_days: 30,
    api_names: [API_SCOPE_NAMES[0]],
  });
  expect(token.status, token.raw).toBe(201);
  const regKey = await call(app, ownerAuth, "POST", `/api/auth/api-key?aid=${org.id}`);
  expect(regKey.status, regKey.raw).toBe(200);
  await db.insert(timeLogs).values({ accountId: org.id, userId: null, workDate: "2026-01-05", minutes: 30 });
  await db.insert(feedback).values({ userId: plain.id, accountId: org.id, rating: 4, text: "Fine" });

  const fileRows = await db
    .select({ uuid: files.uuid })
    .from(files)
    .where(sql`${files.accountId} = ${org.id}`);
  return {
    accountId: org.id,
    company,
    goneUsers: [owner, plain].map((u) => ({ id: u.id, email: u.email })),
    keptUser: { id: kept.id, email: kept.email },
    otherAccountId: other.id,
    storageKeys: [...new Set([...keys, ...fileRows.map((f) => f.uuid)])],
  };
}

/** Columns naming a user (besides `users.id`). */
const USER_COLUMN =
  /(^|_)(user_id|author_id|actor_id|owner_id|by_id|by|created_by|uploaded_by|invited_by|issued_by|registered_by|assigned_by|added_by|cancel_requested_by)$/;

/**
 * Every table of the schema: no row names the account (an `account_id`, `accounts.id`) or one of
 * the gone users (a user column, `users.id`, their e-mail anywhere in the row), except the purge's
 * own record. Returns what was found, "table.column" each.
 */
export async function leftovers(db: Db, fixture: PurgeFixture): Promise<string[]> {
  const found: string[] = [];
  const goneIds = fixture.goneUsers.map((u) => u.id);
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    if (name === "account_purges") continue;
    const columns = await rowsOf<{ column_name: string; data_type: string }>(
      db,
      sql`select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = ${name}`,
    );
    for (const { column_name: column, data_type: type } of columns) {
      if (type !== "integer" && type !== "bigint") continue;
      const id = sql.identifier(column);
      const t = sql.identifier(name);
      if (column === "account_id" || (name === "accounts" && column === "id")) {
        const [hit] = await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${t} where ${id} = ${fixture.accountId}`,
        );
        if (Number(hit?.n) > 0) found.push(`${name}.${column}`);
      }
      if (USER_COLUMN.test(column) || (name === "users" && column === "id")) {
        const [hit] = await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${t} where ${id} in ${goneIds}`,
        );
        if (Number(hit?.n) > 0) found.push(`${name}.${column}`);
      }
    }
    for (const user of fixture.goneUsers) {
      const [hit] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(name)} r where strpos(lower(row_to_json(r)::text), ${user.email}) > 0`,
      );
      if (Number(hit?.n) > 0) found.push(`${name} (e-mail)`);
    }
  }
  return found;
}
