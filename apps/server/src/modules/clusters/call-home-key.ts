/**
 * A cluster's call-home key: what its cron job sends as `Authorization: Bearer portico_ck_…` with
 * each health report. 32 random bytes behind a fixed prefix (so secret scanners recognise a leaked
 * one), shown once, stored as a SHA-256 hash (the key is high-entropy: no slow hash is needed), and
 * good for that one cluster's report uploads only. Rotating replaces the hash: the old key stops at once.
 */
import { CALL_HOME_KEY_PREFIX } from "@portico/shared/schemas/clusters";
import { hashToken, issueSecret } from "../../platform/auth/secrets";

export interface IssuedKey {
  key: string;
  hash: string;
  /** portico_ck_…last4, shown in lists. */
  hint: string;
}

export function issueCallHomeKey(): IssuedKey {
  const { secret, hash, hint } = issueSecret(CALL_HOME_KEY_PREFIX);
  return { key: secret, hash, hint };
}

export const hashCallHomeKey = (key: string) => hashToken(key);
