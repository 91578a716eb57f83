/**
 * The Ed25519 keys that sign licences (issue 13). Generated at first start and kept in
 * licence_keys, so every instance signs with the same key; the newest unretired key signs, and a
 * retired one stays published for LICENCE_KEY_GRACE_DAYS so the licences it signed still verify
 * while they are re-signed.
 *
 * The current key is read in the caller's transaction at each signing (one indexed row; licences
 * are issued rarely), so a rotation by another instance is seen at once; what is cached per
 * process is the imported key, by kid (a JWK thumbprint, so the same kid is always the same key).
 */
import { LICENCE_KEY_GRACE_DAYS } from "@portico/shared/schemas/licences";
import { desc, gt, isNull, or, sql } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { licenceKeys } from "../db/schema";
import type { Db, Executor, Tx } from "./db/client";

/** Any number, as long as every instance takes the same lock before creating the first key. */
const FIRST_KEY_LOCK = 0x6c69_6365;

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  kid: string;
  key: ImportedKey;
}

const imported = new Map<string, Promise<ImportedKey>>();

function importPrivate(kid: string, jwk: JWK): Promise<ImportedKey> {
  let key = imported.get(kid);
  if (!key) {
    key = importJWK(jwk, "EdDSA");
    imported.set(kid, key);
  }
  return key;
}

/** A new Ed25519 pair; its kid is the public key's RFC 7638 thumbprint. */
export async function generateLicenceKey() {
  const pair = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: "EdDSA", use: "sig" },
    privateJwk: { ...privateJwk, kid },
  };
}

async function currentRow(exec: Executor) {
  const [row] = await exec
    .select({ kid: licenceKeys.kid, privateJwk: licenceKeys.privateJwk })
    .from(licenceKeys)
    .where(isNull(licenceKeys.retiredAt))
    .orderBy(desc(licenceKeys.createdAt), desc(licenceKeys.kid))
    .limit(1);
  return row;
}

/**
 * Creates the first key unless one exists. Instances starting together serialise on an advisory
 * lock, so exactly one creates it and the others read it.
 */
export async function ensureLicenceKey(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
  if (await currentRow(tx)) return;
  await tx.insert(licenceKeys).values(await generateLicenceKey());
}

export async function ensureLicenceKeyOnStart(db: Db): Promise<void> {
  await db.transaction((tx) => ensureLicenceKey(tx));
}

/** The published set; on a database that has no key yet, the first key is created first. */
export async function licenceKeySet(db: Db): Promise<{ keys: JWK[] }> {
  const set = await publishedLicenceKeys(db);
  if (set.keys.length > 0) return set;
  await ensureLicenceKeyOnStart(db);
  return publishedLicenceKeys(db);
}

/** The key that signs now (created if the database has none, e.g. right after a restore). */
export async function currentSigningKey(tx: Tx): Promise<SigningKey> {
  let row = await currentRow(tx);
  if (!row) {
    await ensureLicenceKey(tx);
    row = await currentRow(tx);
  }
  if (!row) throw new Error("no licence signing key");
  return { kid: row.kid, key: await importPrivate(row.kid, row.privateJwk as JWK) };
}

/**
 * A new key signs from now on; every other unretired key retires (published for the grace).
 * Serialised with first-key creation, so two rotations at once leave one signing key.
 */
export async function rotateLicenceKey(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
  const key = await generateLicenceKey();
  await tx.update(licenceKeys).set({ retiredAt: sql`now()` }).where(isNull(licenceKeys.retiredAt));
  await tx.insert(licenceKeys).values(key);
  return key.kid;
}

/** The public JWKs still valid: unretired, or retired less than the grace ago. */
export async function publishedLicenceKeys(exec: Executor): Promise<{ keys: JWK[] }> {
  const rows = await exec
    .select({ jwk: licenceKeys.publicJwk })
    .from(licenceKeys)
    .where(
      or(
        isNull(licenceKeys.retiredAt),
        gt(licenceKeys.retiredAt, sql`now() - make_interval(days => ${LICENCE_KEY_GRACE_DAYS})`),
      ),
    )
    .orderBy(desc(licenceKeys.createdAt), desc(licenceKeys.kid));
  return { keys: rows.map((r) => r.jwk as JWK) };
}
