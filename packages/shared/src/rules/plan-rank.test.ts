import { describe, expect, it } from "vitest";
import { planRank, planRankKey } from "./plan-rank";

describe("planRank", () => {
  it.each<[string | null | undefined, boolean, number]>([
    ["STANDARD", false, 1],
    ["standard", false, 1],
    ["ENTERPRISE", false, 2],
    ["ENTERPRISE-LITE", false, 3],
    ["enterprise_lite", false, 3],
    ["ENTERPRISE-PLUS", false, 4],
    [" Enterprise-Plus ", false, 4],
    ["ENTERPRISE-PLUS", true, 5],
    ["ENTERPRISE-LITE", true, 6],
    ["TRIAL", false, 7],
    ["TRIAL", true, 7],
    ["STANDARD", true, 7],
    ["ENTERPRISE", true, 7],
    [null, true, 7],
    [null, false, 8],
    [undefined, false, 8],
    ["", false, 8],
    ["CUSTOM", false, 8],
    ["platinum", false, 8],
  ])("(%s, trial %s) → %i", (serviceType, isTrial, rank) => {
    expect(planRank(serviceType, isTrial)).toBe(rank);
  });

  it("defaults to not trial", () => {
    expect(planRank("ENTERPRISE-PLUS")).toBe(4);
  });

  it("names the table row", () => {
    expect(planRankKey("enterprise-plus", true)).toBe("trial enterprise-plus");
  });
});
