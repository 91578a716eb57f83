import { QueryClient } from "@tanstack/react-query";
import { type ApiError, isApiError } from "./http";

declare module "@tanstack/react-query" {
  interface Register {
    defaultError: ApiError;
  }
}

/**
 * Client errors (4xx) are answers, not hiccups, and 503 means maintenance: retry only network and
 * other server failures, twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== undefined && (error.status < 500 || error.status === 503)) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
