/**
 * The one way screens call the API. Sends the refresh cookie and the bearer access token, adds the
 * selected organization as `aid`, and throws ApiError (`{error, offline, status, code}`) for every
 * failure. Global reactions only (STYLE habit 6): 503 sends the user to /maintenance (not from the
 * engineer pages under /mnt); 401 follows spec §4 (renew once and retry, or sign out). Each form
 * shows its own errors. A failure's spec §8 alert text comes from the code the server sends, or
 * from the alert the caller names (`alert`), and `errorMessage` shows it.
 */
import { type Alert, ORGANIZATION_DISABLED } from "@portico/shared/errors";
import { ApiError, errorFromResponse, parseBody, type SendOptions, send } from "./http";
import { goToMaintenance } from "./navigation";
import { persistedStore } from "./persisted-store";
import { getSession, type Session } from "./session";
import { endSession, renewSession } from "./session-renewal";
import { on401Action } from "./token-rules";

export { ApiError, isApiError } from "./http";

export interface RequestOptions extends Omit<SendOptions, "token" | "aid"> {
  /** Send the access token, and treat a 401 as the end of the session (default true). */
  auth?: boolean;
  /** Account acted on; default the selected organization, false sends none. */
  aid?: number | false;
  /** React to 401 and 503 globally (default true). */
  global?: boolean;
  /** The spec §8 alert this call shows when it fails (e.g. ALERTS.FETCH_USER_INFO for code 2001). */
  alert?: Alert;
}

async function attempt<T>(path: string, options: RequestOptions, retried: boolean): Promise<T> {
  const session: Session | null = options.auth === false ? null : getSession();
  const aid = options.aid === false ? null : (options.aid ?? persistedStore.get("selectedAccountId"));
  const response = await send(path, { ...options, token: session?.accessToken ?? null, aid });
  if (response.ok) return parseBody<T>(response);

  const error = await errorFromResponse(response, options.alert);
  if (options.global === false) throw error;
  if (response.status === 503) goToMaintenance();
  if (response.status === 401 && options.auth !== false) {
    // Renewing cannot help a member of disabled organizations only: say why at once.
    if (error.error === ORGANIZATION_DISABLED) {
      endSession("disabled");
      throw error;
    }
    const action = on401Action({ expiresAt: session?.expiresAt ?? null, now: Date.now(), retried });
    if (action !== "renew") {
      endSession(action);
      throw error;
    }
    // Offline or server trouble during renewal rejects here and keeps the session.
    const renewed = await renewSession(session?.accessToken);
    if (renewed) return attempt<T>(path, options, true);
    endSession("expired");
  }
  throw error;
}

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return attempt<T>(path, options, false);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};

/** The message to show for any thrown value: the spec §8 alert text when the failure has one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.alert ?? error.error;
  if (error instanceof Error) return error.message;
  return "Something went wrong";
}
