import type { Config } from "../../config";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export type { ByteRange, Storage } from "./storage";
export { Meter, spool, TooLargeError } from "./storage";

/** S3 when the four S3_* variables are set, otherwise DATA_DIR/files. */
export function createStorage(files: Config["files"]): Storage {
  return files.s3
    ? new S3Storage(files.s3, files.uploadExpiryMs)
    : new LocalStorage(files.directory, files.uploadExpiryMs);
}
