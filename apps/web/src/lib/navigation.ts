/**
 * Lets code outside React (the API client) change the route. The router registers its navigate
 * function at start; until then (and in tests) a full page load is used.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentLocation(): { pathname: string; search: string } {
  return { pathname: window.location.pathname, search: window.location.search };
}

/** Engineer maintenance pages stay reachable while maintenance is on (spec §2.3). */
export function isMaintenanceExempt(pathname: string): boolean {
  return pathname === "/mnt" || pathname.startsWith("/mnt/") || pathname === "/maintenance";
}

const RETURN_KEY = "portico.maintenanceReturn";

/** A path of this app (not another site's "//host" or a scheme), safe to return to. */
const isAppPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

/** Remembers (per tab) where to return when maintenance ends; the maintenance pages themselves are not. */
export function rememberMaintenanceReturn(path: string): void {
  if (!isAppPath(path) || isMaintenanceExempt(path.split(/[?#]/)[0] ?? "")) return;
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage refused (private mode): the user returns to the start page instead.
  }
}

/** Where the user was when maintenance began ("/" if unknown), forgotten once read. */
export function takeMaintenanceReturn(): string {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return path && isAppPath(path) ? path : "/";
  } catch {
    return "/";
  }
}

/** Sends the user to /maintenance, remembering where they were (not from /mnt or /maintenance). */
export function goToMaintenance(): void {
  const { pathname, search } = currentLocation();
  if (isMaintenanceExempt(pathname)) return;
  rememberMaintenanceReturn(pathname + search);
  navigateTo("/maintenance");
}
