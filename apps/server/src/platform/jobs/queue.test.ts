import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (kind: string) => t.db.select().from(jobs).where(eq(jobs.kind, kind));

describe("a job's after-commit steps", () => {
  it("run once the batch has committed (the job is gone by then)", async () => {
    const seen: Promise<number>[] = [];
    t.app.ctx.jobs.register("test.after-commit", async (_tx, _payload, afterCommit) => {
      afterCommit(() => seen.push(rowsOf("test.after-commit").then((rows) => rows.length)));
    });
    await t.app.ctx.jobs.enqueue(t.db, "test.after-commit", {});
    await t.app.ctx.jobs.flush();
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toBe(0);
  });

  it("are dropped with a job that fails, which stays for a retry", async () => {
    let ran = 0;
    t.app.ctx.jobs.register("test.fails", async (_tx, _payload, afterCommit) => {
      afterCommit(() => {
        ran += 1;
      });
      throw new Error("boom");
    });
    await t.app.ctx.jobs.enqueue(t.db, "test.fails", {});
    await t.app.ctx.jobs.flush();
    expect(ran).toBe(0);
    const [row] = await rowsOf("test.fails");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain("boom");
  });
});
