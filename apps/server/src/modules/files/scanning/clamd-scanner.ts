/**
 * ClamAV's daemon over TCP (CLAMD_HOST/CLAMD_PORT) through the `clamscan` client: the file is
 * streamed with INSTREAM. A daemon that cannot be reached throws (the file stays SCAN_FAILED and
 * is retried); a file over clamd's StreamMaxLength is SIZE_TOO_BIG.
 */
import { createReadStream } from "node:fs";
import NodeClam from "clamscan";
import type { Scanner, ScanVerdict } from "./scanner";

export class ClamdScanner implements Scanner {
  readonly name = "clamd";
  private client: Promise<NodeClam> | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly maxBytes: number,
  ) {}

  private connect(): Promise<NodeClam> {
    this.client ??= new NodeClam().init({
      preference: "clamdscan",
      clamdscan: {
        host: this.host,
        port: this.port,
        timeout: 120_000,
        localFallback: false,
        bypassTest: true,
      },
    });
    return this.client;
  }

  private async alive(): Promise<boolean> {
    try {
      const socket = await (await this.connect()).ping();
      socket.end();
      return true;
    } catch {
      return false;
    }
  }

  async scan(file: string, size: number): Promise<ScanVerdict> {
    if (size > this.maxBytes) return { status: "SIZE_TOO_BIG" };
    try {
      const clam = await this.connect();
      const result = await clam.scanStream(createReadStream(file));
      if (result.isInfected) return { status: "FOUND", threat: result.viruses[0] ?? "unknown" };
      if (result.isInfected === null) throw new Error("clamd gave no verdict");
      return { status: "OK" };
    } catch (err) {
      if (/size limit exceeded/i.test(String((err as Error).message ?? err)))
        return { status: "SIZE_TOO_BIG" };
      // clamd hangs up in the middle of a stream longer than its StreamMaxLength: if it still
      // answers a PING, that is what happened; otherwise it is down.
      if ((err as { code?: string }).code === "EPIPE" && (await this.alive()))
        return { status: "SIZE_TOO_BIG" };
      this.client = undefined;
      throw err;
    }
  }
}
