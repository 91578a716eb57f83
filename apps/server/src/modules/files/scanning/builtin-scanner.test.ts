import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { zip } from "../files-test-kit";
import { BuiltinScanner, ZIP_BOMB } from "./builtin-scanner";
import { EICAR } from "./scanner";

const dir = mkdtempSync(path.join(tmpdir(), "portico-scanner-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function fileOf(data: Buffer): { file: string; size: number } {
  const file = path.join(dir, `f${n++}`);
  writeFileSync(file, data);
  return { file, size: data.length };
}
const scan = (data: Buffer, scanner = new BuiltinScanner(10 * 1024 * 1024)) => {
  const { file, size } = fileOf(data);
  return scanner.scan(file, size);
};
const eicar = Buffer.from(EICAR, "latin1");
const found = { status: "FOUND", threat: "Eicar-Test-Signature" };

describe("built-in scanner", () => {
  it("passes ordinary bytes and an ordinary archive", async () => {
    expect(await scan(randomBytes(200_000))).toEqual({ status: "OK" });
    expect(await scan(zip({ "a.txt": Buffer.from("hello"), "b.bin": randomBytes(5000) }))).toEqual({
      status: "OK",
    });
  });

  it("finds EICAR plain, inside other bytes, across a read boundary, zipped, double-zipped and renamed", async () => {
    expect(await scan(eicar)).toEqual(found);
    // 64 KiB is a read of the file stream: the signature straddles two reads.
    expect(await scan(Buffer.concat([randomBytes(65_536 - 30), eicar, randomBytes(100)]))).toEqual(found);
    expect(await scan(zip({ "eicar.com": eicar }))).toEqual(found);
    expect(await scan(zip({ "inner.zip": zip({ "eicar.com": eicar }) }))).toEqual(found);
    expect(await scan(zip({ "holiday.jpg": zip({ "notes.txt": eicar }) }, true))).toEqual(found);
  });

  it("refuses a file over its size limit without reading it", async () => {
    expect(await scan(randomBytes(2048), new BuiltinScanner(1024))).toEqual({ status: "SIZE_TOO_BIG" });
  });

  it("stops a zip bomb by its compression ratio", async () => {
    expect(await scan(zip({ "zeros.bin": Buffer.alloc(20 * 1024 * 1024) }))).toEqual({
      status: "FOUND",
      threat: ZIP_BOMB,
    });
  });

  it("stops archives nested deeper than the limit, too many entries and too many bytes", async () => {
    let nested = zip({ "a.txt": Buffer.from("deep") });
    for (let i = 0; i < 5; i++) nested = zip({ [`level${i}.zip`]: nested });
    expect(await scan(nested)).toEqual({ status: "SIZE_TOO_BIG" });
    const limits = { maxUncompressedBytes: 10_000, maxEntries: 3, maxDepth: 4, maxRatio: 200 };
    const scanner = new BuiltinScanner(10 * 1024 * 1024, limits);
    const many = zip(Object.fromEntries([1, 2, 3, 4].map((i) => [`f${i}.txt`, Buffer.from(`file ${i}`)])));
    expect(await scan(many, scanner)).toEqual({ status: "SIZE_TOO_BIG" });
    expect(await scan(zip({ "big.bin": randomBytes(20_000) }), scanner)).toEqual({ status: "SIZE_TOO_BIG" });
  });

  it("scans a broken archive's bytes as they are", async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(500)]);
    expect(await scan(broken)).toEqual({ status: "OK" });
  });
});
