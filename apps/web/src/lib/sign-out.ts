import { api } from "./api-client";
import { navigateTo } from "./navigation";
import { persistedStore } from "./persisted-store";
import { type Session, setSession } from "./session";

/** Starts a new session after sign-in: the previous user's organization choice does not carry over. */
export function beginSession(session: Session): void {
  persistedStore.remove("selectedAccountId");
  setSession(session);
}

/** Signs out (POST /api/auth/logout revokes the refresh token) and returns to sign-in. */
export async function signOut(): Promise<void> {
  try {
    await api.post("/api/auth/logout", undefined, { aid: false, global: false });
  } catch {
    // Offline or already signed out: forgetting the session locally is what matters.
  }
  setSession(null);
  persistedStore.remove("selectedAccountId");
  navigateTo("/", { replace: true });
}
