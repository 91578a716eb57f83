import { describe, expect, it } from "vitest";
import {
  ASSIGNMENT_FILTERS,
  canManageSubscription,
  DEFAULT_CUSTOMER_FILTER,
  ENGINEER_ROLE_FILTERS,
  isRestricted,
  parseCustomerFilter,
} from "./roles";

describe("canManageSubscription", () => {
  it.each<[boolean, string | null, boolean, boolean]>([
    [true, "SUBSCRIBED", false, true],
    [true, "SUBSCRIBED", true, false],
    [false, "SUBSCRIBED", false, false],
    [true, "CUSTOM", false, false],
    [true, null, false, false],
    [true, "subscribed", false, false], // account types are upper-case constants
  ])("owner %s, type %s, cancelled %s → %s", (isOwner, accountType, isCancelled, expected) => {
    expect(canManageSubscription({ isOwner, accountType, isCancelled })).toBe(expected);
  });
});

describe("isRestricted", () => {
  it.each<[boolean, string | null, boolean]>([
    [false, "canceled", true],
    [true, "canceled", false],
    [false, "active", false],
    [false, "past_due", false],
    [false, null, false],
  ])("engineer %s, plan %s → %s", (isEngineer, planStatus, expected) => {
    expect(isRestricted({ isEngineer, planStatus })).toBe(expected);
  });
});

describe("filter lists", () => {
  it("engineer roles with their labels", () => {
    expect(ENGINEER_ROLE_FILTERS).toEqual([
      { value: "account_manager", label: "Account manager" },
      { value: "field_architect", label: "Field architect" },
      { value: "customer_engineer", label: "Customer engineer" },
    ]);
  });

  it("assignment filters in the spec's order", () => {
    expect(ASSIGNMENT_FILTERS).toEqual([
      "unassigned",
      "assigned",
      "assignee",
      "following",
      "participating",
      "unread",
      "on_call",
      "all",
    ]);
  });

  it("default customer filter: all, active, no plans, not trial", () => {
    expect(DEFAULT_CUSTOMER_FILTER).toEqual({
      quickFilter: "all",
      userId: null,
      userName: null,
      status: "active",
      plans: [],
      trial: false,
    });
    expect(Object.isFrozen(DEFAULT_CUSTOMER_FILTER)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CUSTOMER_FILTER.plans)).toBe(true);
  });
});

describe("parseCustomerFilter", () => {
  const saved = {
    quickFilter: "field_architect",
    userId: 12,
    userName: "Ada",
    status: "disabled",
    plans: ["ENTERPRISE", "STANDARD"],
    trial: true,
  };

  it.each<[string, unknown, unknown]>([
    ["a valid saved filter", saved, saved],
    ["nothing saved", null, DEFAULT_CUSTOMER_FILTER],
    ["unknown quick filter", { ...saved, quickFilter: "sales" }, DEFAULT_CUSTOMER_FILTER],
    ["unknown plan", { ...saved, plans: ["GOLD"] }, DEFAULT_CUSTOMER_FILTER],
    ["bad status", { ...saved, status: "any" }, DEFAULT_CUSTOMER_FILTER],
  ])("%s", (_name, value, expected) => {
    expect(parseCustomerFilter(value)).toEqual(expected);
  });

  it("the fallback is a fresh copy", () => {
    const filter = parseCustomerFilter(undefined);
    filter.plans.push("ENTERPRISE");
    expect(DEFAULT_CUSTOMER_FILTER.plans).toEqual([]);
  });
});
