import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockDataDir } from "./lock";

let root: string;
let dataDir: string;
const releases: Array<() => Promise<void>> = [];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "portico-lock-"));
  dataDir = path.join(root, "data");
  mkdirSync(dataDir);
});
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  rmSync(root, { recursive: true, force: true });
});

const lock = async (dir: string) => {
  const release = await lockDataDir(dir);
  releases.push(release);
  return release;
};

describe("lockDataDir", () => {
  it("refuses a second server on the same folder", async () => {
    await lock(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `Another Portico server is already using the data folder ${dataDir}.`,
    );
  });

  it("refuses a second server that reaches the folder through a symbolic link", async () => {
    const link = path.join(root, "link-to-data");
    symlinkSync(dataDir, link, "dir");
    await lock(dataDir);
    await expect(lockDataDir(link)).rejects.toThrow(
      /Another Portico server is already using the data folder/,
    );
  });

  it("refuses the other way round, and through a path with .. in it", async () => {
    const link = path.join(root, "link-to-data");
    symlinkSync(dataDir, link, "dir");
    await lock(link);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/already using/);
    await expect(lockDataDir(path.join(root, "data", "..", "data"))).rejects.toThrow(/already using/);
  });

  it("lets the next server in once the first has stopped", async () => {
    const link = path.join(root, "link-to-data");
    symlinkSync(dataDir, link, "dir");
    const release = await lockDataDir(dataDir);
    await release();
    await lock(link);
  });

  it("lets two servers run on two different folders", async () => {
    const other = path.join(root, "other");
    await lock(dataDir);
    await lock(other);
  });
});
