/**
 * The browser's upload engine: tus 1.0 through tus-js-client at /api/uploads. Chunks of
 * UPLOAD_CHUNK_BYTES, retried with growing delays after a dropped connection; the upload's URL is
 * kept in localStorage (tus's fingerprint + urlStorage) so a reload can resume it. Every request
 * carries the bearer token, renewed before it runs out (a 5 GiB upload outlives a 15-minute token)
 * and once more after a 401.
 */
import { ALERTS, alertMessage, isApiErrorBody, OFFLINE_MESSAGE } from "@portico/shared/errors";
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from "@portico/shared/schemas/files";
import { type DetailedError, defaultOptions, type PreviousUpload, Upload } from "tus-js-client";
import { UNREACHABLE_MESSAGE } from "../../../lib/http";
import { getSession } from "../../../lib/session";
import { renewSession } from "../../../lib/session-renewal";
import { shouldRenew } from "../../../lib/token-rules";
import type { StoredUpload, UploadEngine } from "./upload-store";

/** Up to about two minutes of retries before an upload shows as failed (with Retry). */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

/** The access token for the next request; `rejected` is one a 401 refused (renew past it). */
export async function uploadToken(rejected: string | null): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (rejected === null && !shouldRenew(session.expiresAt, Date.now())) return session.accessToken;
  try {
    return (await renewSession(rejected ?? undefined))?.accessToken ?? null;
  } catch {
    // Offline or server trouble: try with what we have; tus retries.
    return session.accessToken;
  }
}

const PREFIX = `${ALERTS.UPLOAD_FILE.text} : `;

/** "Error while uploading file : …" (spec §8) from the server's answer, or why there was none. */
export function uploadErrorMessage(error: Error | DetailedError): string {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return alertMessage(ALERTS.UPLOAD_FILE, offline ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // Not JSON: tus answers some refusals in plain text.
  }
  if (isApiErrorBody(body)) {
    // The server's text already carries the alert's words when it names the upload failure.
    return body.error.startsWith(PREFIX) ? body.error : alertMessage(ALERTS.UPLOAD_FILE, body.error);
  }
  const text = response.getBody().trim();
  return alertMessage(ALERTS.UPLOAD_FILE, text || `Request failed (${response.getStatus()})`);
}

/** Retry what a later attempt can fix: no answer, a server error, a conflict or lock, a stale token. */
function retryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

function toPrevious(stored: StoredUpload): PreviousUpload {
  return {
    size: stored.size,
    metadata: stored.metadata,
    creationTime: "",
    urlStorageKey: stored.key,
    uploadUrl: stored.uploadUrl,
    parallelUploadUrls: null,
  };
}

/** The same upload: same account, type and issue (a file re-sent as another type starts anew). */
function sameTarget(a: Record<string, string>, b: Record<string, string>): boolean {
  return (["account_id", "file_type", "issue_number", "title", "cluster_id"] as const).every(
    (key) => (a[key] ?? "") === (b[key] ?? ""),
  );
}

async function authorizedHeaders(): Promise<Record<string, string>> {
  const token = await uploadToken(null);
  return { "Tus-Resumable": "1.0.0", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

export function createTusEngine(): UploadEngine {
  const storage = defaultOptions.urlStorage;
  return {
    create(file, metadata, callbacks, resume) {
      let rejectedToken: string | null = null;
      let aborted = false;
      const upload = new Upload(file, {
        endpoint: UPLOADS_PATH,
        metadata,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: async (request) => {
          const token = await uploadToken(rejectedToken);
          rejectedToken = null;
          if (token) request.setHeader("Authorization", `Bearer ${token}`);
        },
        onShouldRetry: (error, attempt) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          if (status === 401) {
            rejectedToken = getSession()?.accessToken ?? "";
            return attempt < 2;
          }
          return retryable(status);
        },
        onProgress: callbacks.onProgress,
        onUploadUrlAvailable: () => {
          if (upload.url) callbacks.onUrl(upload.url);
        },
        onSuccess: callbacks.onSuccess,
        onError: (error) => callbacks.onError(uploadErrorMessage(error)),
      });
      return {
        start() {
          if (resume) {
            upload.resumeFromPreviousUpload(toPrevious(resume));
            upload.start();
            return;
          }
          // The same file sent before (a failure, a reload): continue from the server's offset.
          upload.findPreviousUploads().then(
            (previous) => {
              const match = previous.find((p) => p.uploadUrl && sameTarget(p.metadata, metadata));
              if (aborted) return;
              if (match) upload.resumeFromPreviousUpload(match);
              upload.start();
            },
            () => {
              if (!aborted) upload.start();
            },
          );
        },
        abort(terminate) {
          aborted = true;
          return upload.abort(terminate).catch(() => undefined);
        },
      };
    },

    async listStored() {
      const all = await storage.findAllUploads();
      return all.flatMap((p) =>
        p.uploadUrl
          ? [{ key: p.urlStorageKey, uploadUrl: p.uploadUrl, size: p.size ?? 0, metadata: p.metadata }]
          : [],
      );
    },

    async offsetOf(stored) {
      const response = await fetch(stored.uploadUrl, {
        method: "HEAD",
        headers: await authorizedHeaders(),
        credentials: "include",
      });
      const offset = Number(response.headers.get("Upload-Offset"));
      // Gone (expired, deleted, someone else's) or already complete: nothing to resume.
      if (!response.ok || !Number.isFinite(offset) || offset >= stored.size) {
        if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 401)) {
          await storage.removeUpload(stored.key);
        }
        return null;
      }
      return offset;
    },

    async discard(stored) {
      await fetch(stored.uploadUrl, {
        method: "DELETE",
        headers: await authorizedHeaders(),
        credentials: "include",
      }).catch(() => undefined);
      await storage.removeUpload(stored.key);
    },
  };
}
