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
