/**
 * Low-level HTTP for the API: builds the URL (with the optional `aid`), sends with the cookie and
 * bearer token, and turns every failure into an ApiError carrying `{error, offline, status, code}`
 * (ClientError of packages/shared/src/errors.ts) plus the spec §8 alert text it maps to. Global
 * reactions (401, 503) live in api-client.ts.
 */
import {
  type Alert,
  alertForCode,
  alertMessage,
  type ClientError,
  isApiErrorBody,
  OFFLINE_MESSAGE,
} from "@portico/shared/errors";

export const UNREACHABLE_MESSAGE = "Could not reach the server, please try again";

export class ApiError extends Error implements ClientError {
  readonly error: string;
  readonly offline: boolean;
  readonly status?: number;
  readonly code?: number;
  /** The spec §8 alert for this failure, with the server's reason: "Error while fetching users : …". */
  readonly alert?: string;

  constructor(init: ClientError & { alert?: string }) {
    super(init.error);
    this.name = "ApiError";
    this.error = init.error;
    this.offline = init.offline;
    if (init.status !== undefined) this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.alert !== undefined) this.alert = init.alert;
  }
}

/**
 * The alert a failed answer shows: the one the caller named for this call, else the default of the
 * code the server sent. A 401 or 503 has none: those end the session or show the maintenance page.
 */
function alertFor(
  status: number,
  code: number | undefined,
  callerAlert: Alert | undefined,
): Alert | undefined {
  if (status === 401 || status === 503) return undefined;
  return callerAlert ?? (code === undefined ? undefined : alertForCode(code));
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface SendOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON-encoded unless it is FormData (multipart). */
  body?: unknown;
  query?: Query;
  /** Account acted on; omitted when null. */
  aid?: number | null;
  token?: string | null;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query: Query | undefined, aid: number | null | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  if (aid != null && !params.has("aid")) params.set("aid", String(aid));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends one request. Network failures become ApiError without a status. */
export async function send(path: string, options: SendOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    return await fetch(buildUrl(path, options.query, options.aid), {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      credentials: "include",
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    throw new ApiError({ error: offline ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE, offline });
  }
}

/**
 * The ApiError for a non-2xx answer, using the server's `{error, status, code}` body when present;
 * `alert` is the spec §8 alert the caller shows for this call, if it names one.
 */
export async function errorFromResponse(response: Response, alert?: Alert): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status.
  }
  const status = response.status;
  const text = response.statusText ? `: ${response.statusText}` : "";
  const error = isApiErrorBody(body) ? body.error : `Request failed (${status}${text})`;
  const code = isApiErrorBody(body) ? body.code : undefined;
  const shown = alertFor(status, code, alert);
  return new ApiError({
    error,
    offline: false,
    status,
    ...(code === undefined ? {} : { code }),
    ...(shown ? { alert: alertMessage(shown, error) } : {}),
  });
}

/** Parses a 2xx answer: JSON when there is a body, undefined for 204 or an empty body. */
export async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({
      error: "The server sent an answer that could not be read",
      offline: false,
      status: response.status,
    });
  }
}
