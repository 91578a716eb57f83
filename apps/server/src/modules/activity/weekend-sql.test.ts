/** The weekend window in SQL (weekend-sql.ts) agrees with the shared rule, at every hour and on the edges. */
import { isWeekendWindow } from "@portico/shared/rules/weekend";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import { inWeekendWindow, weekendWindowEnd } from "./weekend-sql";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function judge(instants: string[]) {
  const at = sql`x.at`;
  const result = (await t.db.execute(
    sql`select x.at, ${inWeekendWindow(at)} as weekend, ${weekendWindowEnd(at)} as window_end
        from unnest(${`{${instants.join(",")}}`}::timestamptz[]) with ordinality as x(at, n) order by x.n`,
  )) as unknown as { rows: { weekend: boolean; window_end: Date | string }[] };
  return result.rows.map((r) => ({ weekend: r.weekend, end: new Date(r.window_end).toISOString() }));
}

/** The Monday 04:00 UTC that ends the window holding `at`, or the next one. */
function expectedEnd(at: Date): string {
  const end = new Date(at);
  end.setUTCHours(4, 0, 0, 0);
  while (end.getUTCDay() !== 1 || end <= at) end.setUTCDate(end.getUTCDate() + 1);
  return end.toISOString();
}

describe("the weekend window in SQL", () => {
  it("agrees with isWeekendWindow every 17 minutes over two weeks and a second either side of each edge", async () => {
    const start = Date.parse("2026-11-09T00:00:00Z");
    const instants: string[] = [];
    for (let ms = start; ms < start + 14 * 86_400_000; ms += 17 * 60_000)
      instants.push(new Date(ms).toISOString());
    for (const edge of [
      "2026-11-14T04:00:00Z",
      "2026-11-16T04:00:00Z",
      "2026-11-21T04:00:00Z",
      "2026-11-23T04:00:00Z",
    ]) {
      for (const delta of [-1000, -1, 0, 1, 1000])
        instants.push(new Date(Date.parse(edge) + delta).toISOString());
    }
    const answers = await judge(instants);
    const weekendCount = answers.filter((a) => a.weekend).length;
    expect(weekendCount).toBeGreaterThan(200);
    instants.forEach((at, i) => {
      expect(answers[i]?.weekend, at).toBe(isWeekendWindow(at));
      expect(answers[i]?.end, at).toBe(expectedEnd(new Date(at)));
    });
  });
});
