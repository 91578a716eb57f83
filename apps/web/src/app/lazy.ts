/**
 * Lazy screens (spec §2.1): each screen is its own chunk; a chunk that has not arrived after 120 s
 * fails into the error screen, whose Retry button loads the page again.
 */
import type { ComponentType } from "react";
import { isChunkLoadMessage } from "../lib/error-filter";

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override name = "ChunkTimeoutError";
}

/** Wraps an import so that it rejects with ChunkTimeoutError when it takes longer than `ms`. */
export function withTimeout<T>(importFn: () => Promise<T>, ms: number = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkTimeoutError(`The screen did not load within ${ms / 1000} seconds`)),
        ms,
      );
      importFn().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  return error instanceof Error && isChunkLoadMessage(`${error.name} ${error.message}`);
}

/** A route `lazy` function for a module whose default export is the screen. */
export function lazyScreen(importFn: () => Promise<{ default: ComponentType }>) {
  const load = withTimeout(importFn);
  return async () => ({ Component: (await load()).default });
}

/** A route `lazy` function whose component is built from the loaded module. */
export function lazyWith<M>(importFn: () => Promise<M>, build: (module: M) => ComponentType) {
  const load = withTimeout(importFn);
  return async () => ({ Component: build(await load()) });
}
