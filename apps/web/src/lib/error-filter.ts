/**
 * Decisions of the error reporter, kept free of the reporting SDK so they are cheap to test and
 * never pull it into the first-load bundle.
 */

/** Error reporting runs only in production and staging, and only with a DSN (spec §7.3, §9). */
export function shouldStartErrorReporting(
  env: string | null | undefined,
  dsn: string | null | undefined,
): boolean {
  return (env === "production" || env === "staging") && typeof dsn === "string" && dsn.trim() !== "";
}

/** The part of a reported event the filter reads. */
export interface ReportedEvent {
  message?: string;
  exception?: { values?: Array<{ type?: string; value?: string }> };
}

/** A lazy screen's chunk failed to load: a network or deploy hiccup the Retry button handles. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed/i;
/** Browsers report a harmless notice when ResizeObserver callbacks resize observed elements. */
const RESIZE_OBSERVER_NOTICE =
  /ResizeObserver loop (completed with undelivered notifications|limit exceeded)/i;

function eventTexts(event: ReportedEvent): string[] {
  const texts = event.message ? [event.message] : [];
  for (const value of event.exception?.values ?? []) {
    if (value.type) texts.push(value.type);
    if (value.value) texts.push(value.value);
  }
  return texts;
}

export function isChunkLoadMessage(text: string): boolean {
  return CHUNK_LOAD_FAILURE.test(text);
}

/** The two product-specific checks of spec §8: drop chunk-load failures and ResizeObserver notices. */
export function shouldDropEvent(event: ReportedEvent): boolean {
  return eventTexts(event).some((text) => CHUNK_LOAD_FAILURE.test(text) || RESIZE_OBSERVER_NOTICE.test(text));
}
