/**
 * The database computes an issue's first-response deadline with portico_sla_due_at (migration
 * 0017); the screens and tests read the TypeScript rule. Both must give the same instant.
 */
import { slaDueAt } from "@portico/shared/rules/sla";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sqlDueAt(opened: Date, hours: number, coverage: string): Promise<string> {
  const result = (await t.db.execute(
    sql`select portico_sla_due_at(${opened.toISOString()}::timestamptz, ${hours}, ${coverage}) as due`,
  )) as unknown as { rows: { due: Date | string }[] };
  return new Date(result.rows[0]?.due ?? Number.NaN).toISOString();
}

describe("portico_sla_due_at", () => {
  it("agrees with the TypeScript rule around and across weekend windows", async () => {
    // Every 7 hours 13 minutes over three weeks: every weekday and hour, the window's edges near.
    const start = Date.parse("2026-11-13T00:00:00Z");
    for (let i = 0; i < 70; i++) {
      const opened = new Date(start + i * (7 * 3_600_000 + 13 * 60_000));
      for (const [hours, coverage] of [
        [1, "business-hours"],
        [8, "business-hours"],
        [48, "business-hours"],
        [121, "business-hours"],
        [4, "24x7"],
      ] as const) {
        expect(await sqlDueAt(opened, hours, coverage), `${opened.toISOString()} +${hours} ${coverage}`).toBe(
          slaDueAt(opened, hours, coverage).toISOString(),
        );
      }
    }
  });

  it("answers null without an SLA", async () => {
    const result = (await t.db.execute(
      sql`select portico_sla_due_at(now(), null, null) as due`,
    )) as unknown as { rows: { due: unknown }[] };
    expect(result.rows[0]?.due).toBeNull();
  });
});
