import { DEFAULT_CUSTOMER_FILTER } from "@portico/shared/rules/roles";
import { describe, expect, it } from "vitest";
import type { CustomerListState } from "./list-api";
import { capacityFlag, customerListQuery } from "./list-api";

const base: CustomerListState = {
  filter: { ...DEFAULT_CUSTOMER_FILTER, plans: [] },
  following: false,
  q: "",
  sort: "company",
  order: "ASC",
};

describe("customerListQuery", () => {
  it("sends only what narrows the list: the default is active, sorted by company", () => {
    expect(customerListQuery({ ...base, filter: { ...base.filter } })).toEqual({
      q: undefined,
      quick_filter: undefined,
      engineer_id: undefined,
      status: "active",
      plans: undefined,
      trial: undefined,
      following: undefined,
      sort: "company",
      order: "ASC",
    });
  });

  it("sends a role with its engineer (none for 'Me'), plans as a list, flags as true", () => {
    const filter = {
      quickFilter: "customer_engineer",
      userId: 11,
      userName: "Grace Hopper",
      status: "disabled",
      plans: ["TRIAL", "CUSTOM"],
      trial: true,
    } as const;
    expect(
      customerListQuery({
        ...base,
        filter: { ...filter, plans: [...filter.plans] },
        following: true,
        q: "acme",
      }),
    ).toMatchObject({
      q: "acme",
      quick_filter: "customer_engineer",
      engineer_id: 11,
      status: "disabled",
      plans: "TRIAL,CUSTOM",
      trial: "true",
      following: "true",
    });
    const me = customerListQuery({ ...base, filter: { ...filter, plans: [], userId: null, userName: null } });
    expect(me.engineer_id).toBeUndefined();
    expect(me.quick_filter).toBe("customer_engineer");
  });

  it("never sends an engineer without a role filter", () => {
    expect(
      customerListQuery({ ...base, filter: { ...base.filter, userId: 11 } }).engineer_id,
    ).toBeUndefined();
  });
});

describe("capacityFlag", () => {
  it.each([
    [100, 101, "over"],
    [100, 100, "near"],
    [100, 90, "near"],
    [100, 89, null],
    [null, 50, null],
    [100, null, null],
    [0, 5, null],
  ] as const)("contract %s, reported %s: %s", (contract, reported, flag) => {
    expect(capacityFlag(contract, reported)).toBe(flag);
  });
});
