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
