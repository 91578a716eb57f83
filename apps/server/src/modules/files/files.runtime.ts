/**
 * What the files module holds for the life of the app: the storage (the app's), the scanner and
 * its worker.
 */
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../platform/context";
import type { Storage } from "../../platform/storage";
import { BuiltinScanner } from "./scanning/builtin-scanner";
import { ClamdScanner } from "./scanning/clamd-scanner";
import type { Scanner } from "./scanning/scanner";

export class FilesRuntime {
  readonly scanner: Scanner;
  /** Set by the scan worker: runs a scan pass soon (after an upload completes). */
  kickScanner: () => void = () => undefined;

  constructor(
    readonly ctx: AppContext,
    readonly log: FastifyBaseLogger,
  ) {
    const { clamd, scanMaxBytes } = ctx.config.files;
    this.scanner = clamd
      ? new ClamdScanner(clamd.host, clamd.port, scanMaxBytes)
      : new BuiltinScanner(scanMaxBytes);
  }

  get storage(): Storage {
    return this.ctx.storage;
  }

  get config() {
    return this.ctx.config.files;
  }
}
