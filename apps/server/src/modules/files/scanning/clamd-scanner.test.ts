/**
 * The clamd path against Debian's ClamAV daemon, started here with a signature database this test
 * writes itself (the EICAR file's MD5; no download). Where clamd is not installed the test says so
 * and does not run (.ci/run installs clamav-daemon).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClamdScanner } from "./clamd-scanner";
import { EICAR } from "./scanner";

const CLAMD = "/usr/sbin/clamd";
const installed = existsSync(CLAMD);
if (!installed) console.log(`clamd test not run: ${CLAMD} is not installed (apt-get install clamav-daemon)`);

const dir = mkdtempSync(path.join(tmpdir(), "portico-clamd-"));
const port = 20_000 + Math.floor(Math.random() * 20_000);
let clamd: ChildProcess | undefined;

const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

beforeAll(async () => {
  if (!installed) return;
  const eicar = Buffer.from(EICAR, "latin1");
  const db = path.join(dir, "db");
  rmSync(db, { recursive: true, force: true });
  mkdirSync(db);
  writeFileSync(
    path.join(db, "test.hdb"),
    `${createHash("md5").update(eicar).digest("hex")}:${eicar.length}:Eicar-Test-Signature\n`,
  );
  writeFileSync(
    path.join(dir, "clamd.conf"),
    [
      "Foreground yes",
      `TCPSocket ${port}`,
      "TCPAddr 127.0.0.1",
      "User root",
      `DatabaseDirectory ${db}`,
      "LogFile /dev/null",
      "StreamMaxLength 1M",
    ].join("\n"),
  );
  clamd = spawn(CLAMD, ["-c", path.join(dir, "clamd.conf")], { stdio: "ignore" });
  for (let i = 0; i < 120 && !(await listening()); i++) await new Promise((r) => setTimeout(r, 500));
}, 90_000);

afterAll(() => {
  clamd?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function fileOf(data: Buffer): string {
  const file = path.join(dir, randomBytes(6).toString("hex"));
  writeFileSync(file, data);
  return file;
}

describe.runIf(installed)("clamd scanner (Debian clamav-daemon)", () => {
  it("finds EICAR, passes clean bytes, and calls a file over StreamMaxLength too big", async () => {
    const scanner = new ClamdScanner("127.0.0.1", port, 1024 ** 3);
    const eicar = Buffer.from(EICAR, "latin1");
    const verdict = await scanner.scan(fileOf(eicar), eicar.length);
    expect(verdict.status).toBe("FOUND");
    expect(verdict.status === "FOUND" && verdict.threat).toMatch(/^Eicar-Test-Signature/);
    expect(await scanner.scan(fileOf(randomBytes(5000)), 5000)).toEqual({ status: "OK" });
    expect(await scanner.scan(fileOf(randomBytes(2 * 1024 * 1024)), 2 * 1024 * 1024)).toEqual({
      status: "SIZE_TOO_BIG",
    });
  });

  it("throws while the daemon is down (the file stays SCAN_FAILED)", async () => {
    const scanner = new ClamdScanner("127.0.0.1", port + 1, 1024 ** 3);
    await expect(scanner.scan(fileOf(randomBytes(10)), 10)).rejects.toThrow();
  });
});
