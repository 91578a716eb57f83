/**
 * Error reporting (spec §7.3, §8, §9). At start the app asks the server for its deployment
 * environment; only in production and staging with a DSN is the SDK loaded (a separate chunk,
 * never in the first-load bundle) and started.
 *
 * Reporter defaults of spec §9: 100 breadcrumbs, a 64-item send buffer, and a 60 s back-off after
 * a rate-limited (429) answer. The SDK has no option for the last one because it is built in:
 * @sentry/core's transport honours Retry-After / X-Sentry-Rate-Limits and, without them, pauses
 * for DEFAULT_RETRY_AFTER = 60 s (core/src/utils/ratelimit.ts), dropping events meanwhile.
 */
import { api } from "./api-client";
import { shouldStartErrorReporting } from "./error-filter";

export const REPORTER_OPTIONS = { maxBreadcrumbs: 100, bufferSize: 64, rateLimitBackoffMs: 60_000 } as const;

interface DeployEnvAnswer {
  env: string;
  sentry_dsn: string | null;
}

let capture: ((error: unknown) => void) | null = null;

/** Reports an error caught by an error screen, once reporting runs. */
export function reportError(error: unknown): void {
  capture?.(error);
}

export async function startErrorReporting(): Promise<boolean> {
  let answer: DeployEnvAnswer;
  try {
    answer = await api.get<DeployEnvAnswer>("/api/auth/deploy_env", {
      auth: false,
      aid: false,
      global: false,
    });
  } catch (error) {
    console.error("Could not read the deployment environment; error reporting stays off.", error);
    return false;
  }
  if (!shouldStartErrorReporting(answer.env, answer.sentry_dsn)) return false;
  const { initReporter } = await import("./sentry");
  capture = initReporter({
    dsn: answer.sentry_dsn ?? "",
    environment: answer.env,
    maxBreadcrumbs: REPORTER_OPTIONS.maxBreadcrumbs,
    bufferSize: REPORTER_OPTIONS.bufferSize,
    // Only errors whose source is our own hosted scripts (spec §9).
    allowUrls: [`${window.location.origin}/assets/`],
  });
  return true;
}
