import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { Pump } from "./pump";

/** The pump only logs failed kicks; these tests await flush and see failures themselves. */
const silent = { error: () => undefined } as unknown as FastifyBaseLogger;

describe("Pump", () => {
  it("gives a call made during a pass one more pass, and settles only after it", async () => {
    const seen: number[] = [];
    let committed = 1;
    let release: () => void = () => undefined;
    const pump = new Pump(
      async () => {
        const snapshot = committed;
        if (seen.length === 0) await new Promise<void>((ok) => (release = ok));
        seen.push(snapshot);
      },
      silent,
      "test",
    );
    const first = pump.flush();
    committed = 2; // work committed after the first pass read its snapshot
    const second = pump.flush();
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([1, 2]);
  });

  it("never runs two passes at once", async () => {
    let active = 0;
    let most = 0;
    const pump = new Pump(
      async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((ok) => setTimeout(ok, 5));
        active--;
      },
      silent,
      "test",
    );
    await Promise.all([pump.flush(), pump.flush(), pump.flush()]);
    expect(most).toBe(1);
  });

  it("a failed pass rejects its callers and the next flush runs again", async () => {
    let calls = 0;
    const pump = new Pump(
      async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
      silent,
      "test",
    );
    await expect(pump.flush()).rejects.toThrow("boom");
    await pump.flush();
    expect(calls).toBe(2);
  });
});
