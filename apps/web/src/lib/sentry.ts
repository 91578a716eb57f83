/**
 * The error-reporting SDK, imported by name so the bundler keeps only what is used. Loaded on demand
 * by error-reporting.ts, in its own chunk.
 */
import { captureException, init } from "@sentry/react";
import { shouldDropEvent } from "./error-filter";

export interface ReporterSettings {
  dsn: string;
  environment: string;
  maxBreadcrumbs: number;
  bufferSize: number;
  /** Only errors from scripts under these addresses are reported. */
  allowUrls: string[];
}

export function initReporter(settings: ReporterSettings): (error: unknown) => void {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    maxBreadcrumbs: settings.maxBreadcrumbs,
    transportOptions: { bufferSize: settings.bufferSize },
    allowUrls: settings.allowUrls,
    beforeSend: (event) => (shouldDropEvent(event) ? null : event),
  });
  return (error) => {
    captureException(error);
  };
}
