import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A URL-safe random token of 32 bytes; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssuedSecret {
  /** Shown to its owner once. */
  secret: string;
  hash: string;
  /** prefix…last4: recognisable in lists, never usable. */
  hint: string;
}

/**
 * A machine credential (API token, registration key, call-home key): 32 random bytes behind a
 * fixed prefix, so secret scanners recognise a leaked one. High entropy needs no slow hash.
 */
export function issueSecret(prefix: string): IssuedSecret {
  const secret = `${prefix}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashToken(secret), hint: `${prefix}…${secret.slice(-4)}` };
}
