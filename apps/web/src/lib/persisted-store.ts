/**
 * One small typed store for the client-persisted state of spec §3 (sidebar mini state, selected
 * organization, theme, and later issue tabs, reply drafts, issue sort/filter and the customer filter).
 * Values live in localStorage as JSON under `portico.<key>`; a value that fails its check
 * (corrupted, or written by an older release) reads as the default.
 */
// Types only: the shared rules pull zod, which must stay out of the first-load bundle. The
// customer list reads the stored filter through parseCustomerFilter itself.
import type { CustomerFilter } from "@portico/shared/rules/roles";
import { useCallback, useSyncExternalStore } from "react";

export type { CustomerFilter };

/** "system" follows the operating system's light or dark setting. */
export type ThemePreference = "system" | "light" | "dark";
export const THEME_PREFERENCES: readonly ThemePreference[] = ["system", "light", "dark"];

export interface PersistedState {
  sidebarMini: boolean;
  /** Read before the app starts by public/theme.js too (key `portico.theme`), to avoid a flash. */
  theme: ThemePreference;
  /** Organization acted on (sent as `aid`); null means the user's default account. */
  selectedAccountId: number | null;
  issueTabs: number[];
  replyDrafts: Record<string, string>;
  /** "ASC" (spec §9) or "sla" (the SLA deadline order, issue 18); null for the default (DESC, §4 order). */
  issuesSort: string | null;
  /** The assignment filter of the issues list (spec §9), null for the default ("all"). */
  issuesFilter: string | null;
  /** The customer list's filter (spec §3); null for the default (DEFAULT_CUSTOMER_FILTER). */
  customerFilter: CustomerFilter | null;
}

type Key = keyof PersistedState;
type Check<K extends Key> = (value: unknown) => value is PersistedState[K];

const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const CHECKS: { [K in Key]: Check<K> } = {
  sidebarMini: isBoolean,
  theme: (v): v is ThemePreference => THEME_PREFERENCES.includes(v as ThemePreference),
  selectedAccountId: (v): v is number | null => v === null || (Number.isInteger(v) && (v as number) > 0),
  issueTabs: (v): v is number[] => Array.isArray(v) && v.every(Number.isInteger),
  replyDrafts: (v): v is Record<string, string> =>
    isObject(v) && Object.values(v).every((d) => typeof d === "string"),
  issuesSort: (v): v is string | null => v === null || typeof v === "string",
  issuesFilter: (v): v is string | null => v === null || typeof v === "string",
  customerFilter: (v): v is CustomerFilter | null => v === null || isObject(v),
};

export const DEFAULTS: PersistedState = {
  sidebarMini: false,
  theme: "system",
  selectedAccountId: null,
  issueTabs: [],
  replyDrafts: {},
  issuesSort: null,
  issuesFilter: null,
  customerFilter: null,
};

const PREFIX = "portico.";

export interface PersistedStore {
  get<K extends Key>(key: K): PersistedState[K];
  set<K extends Key>(key: K, value: PersistedState[K]): void;
  remove(key: Key): void;
  subscribe(key: Key, listener: () => void): () => void;
}

export function createPersistedStore(storage: () => Storage | undefined): PersistedStore {
  const listeners = new Map<Key, Set<() => void>>();
  // Reads are cached so useSyncExternalStore sees a stable value between writes.
  const cache = new Map<Key, unknown>();

  const notify = (key: Key) => {
    for (const listener of listeners.get(key) ?? []) listener();
  };

  const read = <K extends Key>(key: K): PersistedState[K] => {
    if (cache.has(key)) return cache.get(key) as PersistedState[K];
    let value: PersistedState[K] = DEFAULTS[key];
    try {
      const raw = storage()?.getItem(PREFIX + key);
      if (raw != null) {
        const parsed: unknown = JSON.parse(raw);
        if (CHECKS[key](parsed)) value = parsed;
      }
    } catch {
      // Unreadable storage or JSON: fall back to the default.
    }
    cache.set(key, value);
    return value;
  };

  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (!event.key?.startsWith(PREFIX)) return;
      const key = event.key.slice(PREFIX.length) as Key;
      if (!(key in DEFAULTS)) return;
      cache.delete(key);
      notify(key);
    });
  }

  return {
    get: read,
    set(key, value) {
      cache.set(key, value);
      try {
        storage()?.setItem(PREFIX + key, JSON.stringify(value));
      } catch {
        // Quota exceeded or storage disabled: keep the value for this page only.
      }
      notify(key);
    },
    remove(key) {
      cache.delete(key);
      try {
        storage()?.removeItem(PREFIX + key);
      } catch {
        // Storage disabled: nothing to remove.
      }
      notify(key);
    },
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export const persistedStore = createPersistedStore(() =>
  typeof localStorage === "undefined" ? undefined : localStorage,
);

/** React binding: the value and a setter, re-rendering on changes from this tab or another. */
export function usePersisted<K extends Key>(
  key: K,
  store: PersistedStore = persistedStore,
): [PersistedState[K], (value: PersistedState[K]) => void] {
  const value = useSyncExternalStore(
    useCallback((listener) => store.subscribe(key, listener), [store, key]),
    () => store.get(key),
    () => DEFAULTS[key],
  );
  const setValue = useCallback((next: PersistedState[K]) => store.set(key, next), [store, key]);
  return [value, setValue];
}
