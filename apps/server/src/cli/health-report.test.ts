import { analyseReport } from "@portico/shared/rules/health-analysis";
import { healthReportJsonSchema, parseHealthReport } from "@portico/shared/schemas/health-report";
import { describe, expect, it } from "vitest";
import { healthReportCli } from "./health-report";

const at = "2026-11-20T12:00:00.000Z";

function report(...args: string[]) {
  const parsed = parseHealthReport(healthReportCli(["--at", at, ...args]).text, new Date(at));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.report;
}

describe("health-report CLI", () => {
  it("prints a valid healthy report sized by the options", () => {
    const r = report("--deployment-id", "dep-1", "--nodes", "2", "--drives", "4", "--used", "0.7");
    expect(r.deployment_id).toBe("dep-1");
    expect(r.nodes.map((n) => n.drives.length)).toEqual([4, 4]);
    expect(analyseReport({ report: r, previous: null, history: [] }).checks.every((c) => c.passed)).toBe(
      true,
    );
  });

  it("--broken fails four checks; --faults adds more", () => {
    const failed = (r: ReturnType<typeof report>) =>
      analyseReport({ report: r, previous: null, history: [] })
        .checks.filter((c) => !c.passed)
        .map((c) => c.id);
    expect(failed(report("--deployment-id", "d", "--broken"))).toEqual([
      "drives_offline",
      "drive_usage",
      "version_skew",
      "clock_drift",
      "erasure_sets",
    ]);
    expect(failed(report("--deployment-id", "d", "--faults", "full_drive"))).toEqual(["drive_usage"]);
  });

  it("names where to write and refuses bad options clearly", () => {
    expect(healthReportCli(["--deployment-id", "d", "--out", "/tmp/x.json"]).out).toBe("/tmp/x.json");
    expect(healthReportCli(["--help"]).text).toMatch(/^Usage: health-report/);
    expect(JSON.parse(healthReportCli(["--schema"]).text)).toEqual(healthReportJsonSchema());
    expect(() => healthReportCli([])).toThrow("--deployment-id is required");
    expect(() => healthReportCli(["--deployment-id", "d", "--faults", "fire"])).toThrow(
      'Unknown fault "fire"',
    );
    expect(() => healthReportCli(["--deployment-id", "d", "--used", "2"])).toThrow(
      "--used must be a number from 0 to 1",
    );
    expect(() => healthReportCli(["--deployment-id", "d", "--nodes", "1.5"])).toThrow(
      "--nodes must be a whole number",
    );
    expect(() => healthReportCli(["--deployment-id", "d", "--colour"])).toThrow();
  });
});
