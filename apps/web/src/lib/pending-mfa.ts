import type { TLoginResponse } from "@portico/shared/schemas/auth";
import { toSession } from "./session";
import { beginSession } from "./sign-out";

/**
 * A sign-in waiting for its e-mailed code: the mfa_token and the address, kept in sessionStorage
 * so that /otp survives a reload but not the closing of the tab.
 */
export interface PendingMfa {
  mfaToken: string;
  username: string;
}

const KEY = "portico.pendingMfa";

export function savePendingMfa(pending: PendingMfa): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage disabled: /otp will ask the user to sign in again.
  }
}

export function loadPendingMfa(): PendingMfa | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as PendingMfa | null;
    return typeof value?.mfaToken === "string" && typeof value.username === "string" ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingMfa(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** `/otp`, carrying a pending redirectTo. */
export function otpPath(redirectTo: string | null): string {
  return redirectTo ? `/otp?redirectTo=${encodeURIComponent(redirectTo)}` : "/otp";
}

/**
 * Finishes a password sign-in (plain or maintenance): with MFA on, remember the challenge and go
 * to /otp, which returns to `redirectTo` afterwards; otherwise the session starts now.
 */
export function finishPasswordLogin(
  answer: TLoginResponse,
  username: string,
  redirectTo: string | null,
  navigate: (path: string) => void,
): void {
  if (answer.mfa_required) {
    savePendingMfa({ mfaToken: answer.mfa_token, username });
    navigate(otpPath(redirectTo));
    return;
  }
  beginSession(toSession(answer));
}
