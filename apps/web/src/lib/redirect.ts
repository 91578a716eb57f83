/** Where sign-in sends the user back to, and how the sign-in address carries it (spec §2.1, §2.3). */

export const DEFAULT_LANDING = "/issues";
export const REDIRECT_PARAM = "redirectTo";

/** Why the user is asked to sign in: the sign-in screen says it (`?expired=true`, …). */
export type SignInReason = "expired" | "unauthorized" | "disabled";

const PROBE_ORIGIN = "https://portico.invalid";

/**
 * Only same-origin relative paths: one leading "/" (never "//" or "/\", which browsers treat as
 * another host), no control characters, and the path must stay on this origin once resolved.
 */
export function isSafeRedirect(value: string | null | undefined): value is string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** Where to go after signing in: a safe redirectTo, else the issues page. */
export function redirectTarget(value: string | null | undefined): string {
  return isSafeRedirect(value) ? value : DEFAULT_LANDING;
}

export interface CurrentLocation {
  pathname: string;
  search: string;
}

/**
 * The sign-in address for a user who must sign in while at `current`: `/?expired=true&redirectTo=…`.
 * The path plus query string is carried, except that an earlier redirectTo already in the URL wins.
 */
export function buildRedirect(reason: SignInReason | null, current: CurrentLocation): string {
  const params = new URLSearchParams();
  if (reason) params.set(reason, "true");
  const earlier = new URLSearchParams(current.search).get(REDIRECT_PARAM);
  let target: string | null = null;
  if (isSafeRedirect(earlier)) target = earlier;
  else if (current.pathname !== "/") target = current.pathname + current.search;
  if (target && isSafeRedirect(target)) params.set(REDIRECT_PARAM, target);
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
