/**
 * Light and dark theme: follows the system setting unless the user picked one in the user menu
 * (persisted as `theme`). The `dark` class on <html> switches the design tokens of index.css;
 * public/theme.js applies the same rule before the app loads.
 */
import { useSyncExternalStore } from "react";
import { persistedStore, type ThemePreference, usePersisted } from "./persisted-store";

export type ResolvedTheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemQuery(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(DARK_QUERY)
    : null;
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

function currentTheme(): ResolvedTheme {
  return resolveTheme(persistedStore.get("theme"), systemQuery()?.matches ?? false);
}

function subscribe(listener: () => void): () => void {
  const query = systemQuery();
  query?.addEventListener("change", listener);
  const unsubscribe = persistedStore.subscribe("theme", listener);
  return () => {
    query?.removeEventListener("change", listener);
    unsubscribe();
  };
}

function apply(): void {
  document.documentElement.classList.toggle("dark", currentTheme() === "dark");
}

/** Keeps <html class="dark"> in step with the preference and the system; returns the stop function. */
export function startThemeSync(): () => void {
  apply();
  return subscribe(apply);
}

/** The theme in effect now ("light" or "dark"), re-rendering when it changes. */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, currentTheme, () => "light");
}

/** The user's choice ("system", "light" or "dark") and its setter. */
export function useThemePreference(): [ThemePreference, (value: ThemePreference) => void] {
  return usePersisted("theme");
}
