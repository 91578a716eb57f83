/**
 * PGlite takes no lock on its folder, so a second server on the same DATA_DIR would corrupt it.
 * proper-lockfile keeps a lock directory fresh while we run and treats it as stale after a crash.
 * The lock is taken on the folder's real path, so a second server reaching the same folder
 * through a symbolic link (or a relative path) is refused too.
 */
import { mkdirSync } from "node:fs";
import lockfile from "proper-lockfile";

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { stale: 15_000, update: 5_000, realpath: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `Another Portico server is already using the data folder ${dataDir}. Stop it first, or start this one with a different DATA_DIR.`,
      );
    }
    throw err;
  }
}
