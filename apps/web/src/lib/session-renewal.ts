/**
 * Access-token renewal (spec §4): a check every 60 s renews the token when it is under 6 minutes
 * from expiry, and a 401 may ask for one renewal. Renewals are single-flight in a tab and, where
 * the Web Locks API exists, across tabs: the refresh token rotates and the server revokes the whole
 * family when an old one is reused, so two tabs must never present the same one at once.
 */

import { ORGANIZATION_DISABLED } from "@portico/shared/errors";
import { errorFromResponse, parseBody, send } from "./http";
import { currentLocation, navigateTo } from "./navigation";
import { buildRedirect, type SignInReason } from "./redirect";
import { getSession, reloadSession, type Session, setSession, toSession } from "./session";
import { RENEWAL_CHECK_INTERVAL_MS, shouldRenew } from "./token-rules";

const LOCK_NAME = "portico-token-renewal";
let inFlight: Promise<Session | null> | null = null;
/** The last renewal was refused because the user's organizations are all disabled: endSession says so. */
let refusedAsDisabled = false;

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  // request() resolves to what the callback's promise resolves to.
  return locks ? (locks.request(LOCK_NAME, fn) as Promise<unknown> as Promise<T>) : fn();
}

/**
 * Renews the access token with the refresh cookie. Resolves to the new session, or null when the
 * server refuses (the session is over). Network and server errors reject and keep the session.
 * `rejectedToken` is the token a 401 refused: if another tab has renewed meanwhile, that newer
 * token is used without a second renewal.
 */
export function renewSession(rejectedToken?: string): Promise<Session | null> {
  inFlight ??= withLock(async () => {
    reloadSession();
    const existing = getSession();
    if (existing && existing.accessToken !== rejectedToken && !shouldRenew(existing.expiresAt, Date.now())) {
      return existing;
    }
    const response = await send("/api/auth/refresh-token", { method: "POST" });
    if (response.ok) {
      const session = toSession(await parseBody<{ access_token: string; expires_at: string }>(response));
      setSession(session);
      return session;
    }
    if (response.status === 401 || response.status === 403) {
      refusedAsDisabled = (await errorFromResponse(response)).error === ORGANIZATION_DISABLED;
      setSession(null);
      return null;
    }
    throw await errorFromResponse(response);
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Forgets the session and sends the user to sign in, carrying where they were. */
export function endSession(reason: SignInReason): void {
  const why = refusedAsDisabled ? "disabled" : reason;
  refusedAsDisabled = false;
  setSession(null);
  navigateTo(buildRedirect(why, currentLocation()), { replace: true });
}

/** One renewal check: renew when due; a refused renewal ends the session. */
export async function checkRenewal(now = Date.now()): Promise<void> {
  const session = getSession();
  if (!session || !shouldRenew(session.expiresAt, now)) return;
  try {
    const renewed = await renewSession();
    if (!renewed) endSession("expired");
  } catch {
    // Offline or a server error: the next check tries again.
  }
}

/** Starts the 60 s check (also run when the tab becomes visible: background timers are throttled). */
export function startRenewalTimer(): () => void {
  const timer = setInterval(() => void checkRenewal(), RENEWAL_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === "visible") void checkRenewal();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
