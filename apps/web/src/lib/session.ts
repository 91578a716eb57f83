/**
 * The signed-in session: the access token and its expiry. Kept in memory and mirrored to
 * localStorage so that every tab shares one token (renewal in one tab serves all, and signing out
 * in one tab signs out the others). The refresh token never reaches script: it is an httpOnly
 * cookie, which is what lets a reload or a new tab renew the access token.
 */
import { useSyncExternalStore } from "react";

export interface Session {
  accessToken: string;
  /** Access token expiry, ms since epoch. */
  expiresAt: number;
}

export const SESSION_KEY = "portico.session";

type Listener = () => void;
const listeners = new Set<Listener>();
const remoteSignOutListeners = new Set<Listener>();
let current: Session | null | undefined;

function isSession(value: unknown): value is Session {
  const v = value as Session | null;
  return typeof v?.accessToken === "string" && typeof v.expiresAt === "number";
}

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (current === undefined) current = readStored();
  return current;
}

export function setSession(session: Session | null): void {
  current = session;
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage disabled: the session lives for this page only.
  }
  emit();
}

/** Turns an API session answer (`expires_at` ISO 8601) into a Session. */
export function toSession(answer: { access_token: string; expires_at: string }): Session {
  const expiresAt = Date.parse(answer.expires_at);
  return { accessToken: answer.access_token, expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt };
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the stored session (another tab renewed or signed out). */
export function reloadSession(): void {
  const stored = readStored();
  if (stored?.accessToken === current?.accessToken && stored?.expiresAt === current?.expiresAt) return;
  const signedOutElsewhere = current != null && stored === null;
  current = stored;
  emit();
  if (signedOutElsewhere) for (const listener of remoteSignOutListeners) listener();
}

/** Called when another tab ends the session (this tab did not navigate anywhere itself). */
export function subscribeRemoteSignOut(listener: Listener): () => void {
  remoteSignOutListeners.add(listener);
  return () => remoteSignOutListeners.delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === SESSION_KEY || event.key === null) reloadSession();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
