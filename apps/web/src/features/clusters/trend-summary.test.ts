/** The trend charts' words: capacity change and days to full, problems, network errors, the forecast line's ends. */
import { describe, expect, it } from "vitest";
import type { THealthTrends } from "./api";
import { capacitySummary, forecastLine, networkSummary, problemsSummary } from "./trend-summary";

const TIB = 2 ** 40;
const DAY = 86_400_000;
const start = Date.parse("2026-10-01T00:00:00Z");

const point = (day: number, usedTib: number, over: Partial<THealthTrends["points"][number]> = {}) => ({
  report_id: day + 1,
  t: new Date(start + day * DAY).toISOString(),
  usable_total_bytes: 100 * TIB,
  usable_used_bytes: usedTib * TIB,
  drives_offline: 0,
  network_errors_delta: 0,
  failed_checks: 0,
  max_drive_usage_pct: 50,
  ...over,
});

const rising: THealthTrends = {
  points: [point(0, 40), point(15, 46), point(30, 52)],
  forecast: {
    from: new Date(start).toISOString(),
    slope_bytes_per_day: 0.4 * TIB,
    intercept_bytes: 40 * TIB,
    full_at: new Date(start + 150 * DAY).toISOString(),
  },
};

describe("trend summaries", () => {
  it("says how used capacity changed and when it will be full", () => {
    expect(capacitySummary(rising, start + 55 * DAY)).toBe(
      "Used grew from 40 TiB to 52 TiB in 30 days of 100 TiB usable; full in about 95 days.",
    );
    expect(capacitySummary({ points: [point(0, 52), point(7, 52)], forecast: null })).toBe(
      "Used stayed at 52 TiB for 7 days of 100 TiB usable; usage is not growing.",
    );
    expect(capacitySummary({ points: [], forecast: null })).toBe("No reports in this period.");
  });

  it("draws the forecast from the first point to full_at, capped one window past the last report", () => {
    expect(forecastLine(rising, 365)).toEqual([
      { t: start, forecast: 40 * TIB },
      { t: start + 150 * DAY, forecast: 100 * TIB },
    ]);
    const capped = forecastLine(rising, 30);
    expect(capped?.[1]).toEqual({ t: start + 60 * DAY, forecast: 64 * TIB });
    expect(forecastLine({ ...rising, forecast: null }, 30)).toBeNull();
  });

  it("counts offline drives, failing checks and network errors", () => {
    const points = [
      point(0, 1, { drives_offline: 3, failed_checks: 2, network_errors_delta: 5 }),
      point(1, 1, { drives_offline: 1, failed_checks: 1, network_errors_delta: 7 }),
    ];
    expect(problemsSummary(points)).toBe(
      "Drives offline now 1, at most 3 in this period. Failing checks now 1, at most 2.",
    );
    expect(networkSummary(points)).toBe("12 network errors in 2 reports; at most 7 in one report.");
    expect(networkSummary([point(0, 1)])).toBe("No network errors in 1 report.");
  });
});
