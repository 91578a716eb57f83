/** Build-time settings the browser may see (Vite exposes only VITE_-prefixed variables). */

export const DEFAULT_SUBSCRIBE_URL = "https://www.example.com/subscribe";

/** `/subscribe` sends the browser here: VITE_SUBSCRIBE_URL when it is an https address. */
export function subscribeUrl(configured: string | undefined = import.meta.env.VITE_SUBSCRIBE_URL): string {
  if (!configured) return DEFAULT_SUBSCRIBE_URL;
  try {
    const url = new URL(configured);
    return url.protocol === "https:" ? url.href : DEFAULT_SUBSCRIBE_URL;
  } catch {
    return DEFAULT_SUBSCRIBE_URL;
  }
}
