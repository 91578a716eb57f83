/**
 * Access-token rules of spec §4 and §9 as pure functions: when to renew, and what a 401 means.
 * The spec's "6 time units" are minutes: access tokens live for minutes (DESIGN.md §4).
 */

/** How often the renewal check runs. */
export const RENEWAL_CHECK_INTERVAL_MS = 60_000;
/** Renew when the access token expires in less than this. */
export const RENEWAL_THRESHOLD_MINUTES = 6;
export const RENEWAL_THRESHOLD_MS = RENEWAL_THRESHOLD_MINUTES * 60_000;
/** A 401 on a token that expired less than this long ago waits for renewal; older ones log out. */
export const EXPIRED_GRACE_MS = 7 * 24 * 60 * 60_000;

/** True when the token expiring at `expiresAt` (ms since epoch) should be renewed now. */
export function shouldRenew(expiresAt: number, now: number): boolean {
  return expiresAt - now < RENEWAL_THRESHOLD_MS;
}

export type On401Action =
  /** Renew the access token once, then retry the request once. */
  | "renew"
  /** Log out and ask the user to sign in again: the session is over. */
  | "expired"
  /** There was no session at all: log out and ask the user to sign in. */
  | "unauthorized";

export interface On401Input {
  /** Expiry of the access token the request carried, or null when it carried none. */
  expiresAt: number | null;
  now: number;
  /** The request is already the retry after a renewal. */
  retried: boolean;
}

export function on401Action({ expiresAt, now, retried }: On401Input): On401Action {
  if (expiresAt === null) return "unauthorized";
  if (retried) return "expired";
  return now - expiresAt < EXPIRED_GRACE_MS ? "renew" : "expired";
}
