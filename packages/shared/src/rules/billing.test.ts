/**
 * The money rules, checked against amounts worked out by hand (integer minor units; a term is 12
 * months; a change is prorated by the seconds left of the term, credit and charge each rounded
 * half up).
 */
import { describe, expect, it } from "vitest";
import {
  type Currency,
  type CurrentTerm,
  defaultSelfServeCapTib,
  divideRounded,
  estimateTerm,
  estimateUpgrade,
  formatMoney,
  isEnterprisePlan,
  judgeCapacity,
  type PlanPrice,
  termEnd,
  toTib,
} from "./billing";

const plan = (
  name: string,
  USD: number,
  EUR: number,
  minQuantity: number,
  selfServeCapTib: number,
  version = 1,
): PlanPrice => ({ plan: name, version, pricePerTibMonth: { USD, EUR }, minQuantity, selfServeCapTib });

// The seeded catalogue (0014_billing).
const STANDARD = plan("STANDARD", 1000, 920, 1, 25);
const LITE = plan("ENTERPRISE-LITE", 1500, 1380, 10, 400);
const ENTERPRISE = plan("ENTERPRISE", 2000, 1840, 25, 400);
const PLUS = plan("ENTERPRISE-PLUS", 3000, 2760, 100, 400);
const TRIAL = plan("TRIAL", 0, 0, 1, 0);
const CUSTOM = plan("CUSTOM", 0, 0, 1, 0);

const at = (iso: string) => new Date(iso);
/** 2025 is not a leap year: 365 days, 31 536 000 s. */
const year2025 = (price: PlanPrice, capacityTib: number): CurrentTerm => ({
  price,
  capacityTib,
  periodStart: at("2025-01-01T00:00:00Z"),
  periodEnd: at("2026-01-01T00:00:00Z"),
});
const HALF_2025 = at("2025-07-02T12:00:00Z"); // 182.5 days left
const QUARTER_2025 = at("2025-10-01T18:00:00Z"); // 91.25 days left

describe("estimateTerm", () => {
  it.each<[PlanPrice, number, Currency, number, number, number]>([
    // plan, TiB, currency, per TiB, monthly, term
    [STANDARD, 20, "USD", 1000, 20_000, 240_000],
    [STANDARD, 20, "EUR", 920, 18_400, 220_800],
    [STANDARD, 1, "USD", 1000, 1000, 12_000],
    [LITE, 100, "USD", 1500, 150_000, 1_800_000],
    [LITE, 100, "EUR", 1380, 138_000, 1_656_000],
    [ENTERPRISE, 100, "USD", 2000, 200_000, 2_400_000],
    [ENTERPRISE, 100, "EUR", 1840, 184_000, 2_208_000],
    [PLUS, 100, "USD", 3000, 300_000, 3_600_000],
    [PLUS, 100, "EUR", 2760, 276_000, 3_312_000],
    [TRIAL, 5, "USD", 0, 0, 0],
    [TRIAL, 5, "EUR", 0, 0, 0],
    [CUSTOM, 5, "USD", 0, 0, 0],
    [CUSTOM, 5, "EUR", 0, 0, 0],
    // The largest capacity an API call can name in TiB, exact.
    [PLUS, 999_999_999, "USD", 3000, 2_999_999_997_000, 35_999_999_964_000],
    [PLUS, 999_999_999, "EUR", 2760, 2_759_999_997_240, 33_119_999_966_880],
  ])("%o × %i TiB in %s", (price, capacityTib, currency, perTib, monthly, term) => {
    expect(estimateTerm(price, capacityTib, currency)).toEqual({
      plan: price.plan,
      planVersion: 1,
      currency,
      capacityTib,
      perTibMonthMinor: perTib,
      monthlyMinor: monthly,
      termMinor: term,
    });
  });

  it("refuses an amount too large to be exact rather than rounding it", () => {
    // 999 999 999 PiB = 1 023 999 998 976 TiB: 36 863 999 963 136 000 cents a term, above 2^53.
    expect(() => estimateTerm(PLUS, toTib(999_999_999, "PiB"), "USD")).toThrow(RangeError);
  });
});

describe("estimateUpgrade", () => {
  type Row = [
    label: string,
    current: CurrentTerm,
    target: { price: PlanPrice; capacityTib: number },
    now: Date,
    usd: [credit: number, charge: number, due: number, next: number],
    eur: [credit: number, charge: number, due: number, next: number],
  ];
  it.each<Row>([
    [
      "plan change half-way",
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      HALF_2025,
      [1_200_000, 1_800_000, 600_000, 3_600_000],
      [1_104_000, 1_656_000, 552_000, 3_312_000],
    ],
    [
      "capacity change with a quarter left",
      year2025(ENTERPRISE, 100),
      { price: ENTERPRISE, capacityTib: 150 },
      QUARTER_2025,
      [600_000, 900_000, 300_000, 3_600_000],
      [552_000, 828_000, 276_000, 3_312_000],
    ],
    [
      "plan and capacity with a quarter left",
      year2025(LITE, 50),
      { price: PLUS, capacityTib: 120 },
      QUARTER_2025,
      [225_000, 1_080_000, 855_000, 4_320_000],
      [207_000, 993_600, 786_600, 3_974_400],
    ],
    [
      "a cheaper change is negative (refused by the caller)",
      year2025(ENTERPRISE, 100),
      { price: STANDARD, capacityTib: 20 },
      HALF_2025,
      [1_200_000, 120_000, -1_080_000, 240_000],
      [1_104_000, 110_400, -993_600, 220_800],
    ],
    [
      "at the start of the term: the whole term",
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      at("2025-01-01T00:00:00Z"),
      [2_400_000, 3_600_000, 1_200_000, 3_600_000],
      [2_208_000, 3_312_000, 1_104_000, 3_312_000],
    ],
    [
      "before the term began: no more than the whole term",
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      at("2024-12-01T00:00:00Z"),
      [2_400_000, 3_600_000, 1_200_000, 3_600_000],
      [2_208_000, 3_312_000, 1_104_000, 3_312_000],
    ],
    [
      "at the end of the term: nothing now, the renewal pays the target",
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      at("2026-01-01T00:00:00Z"),
      [0, 0, 0, 3_600_000],
      [0, 0, 0, 3_312_000],
    ],
    [
      "after the end of the term",
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      at("2026-03-01T00:00:00Z"),
      [0, 0, 0, 3_600_000],
      [0, 0, 0, 3_312_000],
    ],
    [
      "a leap-year term (366 days), half-way",
      {
        price: ENTERPRISE,
        capacityTib: 100,
        periodStart: at("2024-01-01T00:00:00Z"),
        periodEnd: at("2025-01-01T00:00:00Z"),
      },
      { price: PLUS, capacityTib: 100 },
      // 183 of 366 days left.
      at("2024-07-02T00:00:00Z"),
      [1_200_000, 1_800_000, 600_000, 3_600_000],
      [1_104_000, 1_656_000, 552_000, 3_312_000],
    ],
    [
      // Terms of 12 and 36 cents (USD), 60 and 84 (EUR), one second of eight left: 1.5 → 2, 4.5 → 5;
      // 7.5 → 8, 10.5 → 11. Each line is rounded on its own, and the total is their difference.
      "rounding half up, each line on its own",
      {
        price: plan("TINY", 1, 5, 1, 25),
        capacityTib: 1,
        periodStart: at("2025-01-01T00:00:00Z"),
        periodEnd: at("2025-01-01T00:00:08Z"),
      },
      { price: plan("TINY-PLUS", 3, 7, 1, 25), capacityTib: 1 },
      at("2025-01-01T00:00:07Z"),
      [2, 5, 3, 36],
      [8, 11, 3, 84],
    ],
    [
      // Three seconds of seven left: 12·3/7 = 5.14 → 5, 36·3/7 = 15.43 → 15; 60·3/7 = 25.71 → 26, 84·3/7 = 36.
      "rounding below and above a half",
      {
        price: plan("TINY", 1, 5, 1, 25),
        capacityTib: 1,
        periodStart: at("2025-01-01T00:00:00Z"),
        periodEnd: at("2025-01-01T00:00:07Z"),
      },
      { price: plan("TINY-PLUS", 3, 7, 1, 25), capacityTib: 1 },
      at("2025-01-01T00:00:04Z"),
      [5, 15, 10, 36],
      [26, 36, 10, 84],
    ],
    [
      // 10 511 999 of 31 536 000 s left of a term of 23 999 999 976 000 cents: the products pass
      // 2^53, so only exact integer arithmetic gets the last cent right.
      "huge capacities, exact",
      year2025(ENTERPRISE, 999_999_999),
      { price: PLUS, capacityTib: 999_999_999 },
      at("2025-09-01T08:00:01Z"),
      [7_999_999_230_965, 11_999_998_846_447, 3_999_999_615_482, 35_999_999_964_000],
      [7_359_999_292_488, 11_039_998_938_732, 3_679_999_646_244, 33_119_999_966_880],
    ],
  ])("%s", (_label, current, target, now, usd, eur) => {
    for (const [currency, [credit, charge, due, next]] of [
      ["USD", usd],
      ["EUR", eur],
    ] as const) {
      const estimate = estimateUpgrade(current, target, currency, now);
      expect(
        {
          credit: estimate.creditMinor,
          charge: estimate.chargeMinor,
          due: estimate.amountDueMinor,
          next: estimate.nextRenewalMinor,
        },
        currency,
      ).toEqual({ credit, charge, due, next });
      expect(estimate.current.currency).toBe(currency);
      expect(estimate.target.capacityTib).toBe(target.capacityTib);
    }
  });

  it("counts the seconds left and the term's length", () => {
    const estimate = estimateUpgrade(
      year2025(ENTERPRISE, 100),
      { price: PLUS, capacityTib: 100 },
      "USD",
      HALF_2025,
    );
    expect(estimate.termSeconds).toBe(31_536_000);
    expect(estimate.remainingSeconds).toBe(15_768_000);
  });

  it("a term of no length prorates nothing", () => {
    const start = at("2025-01-01T00:00:00Z");
    const estimate = estimateUpgrade(
      { price: ENTERPRISE, capacityTib: 100, periodStart: start, periodEnd: start },
      { price: PLUS, capacityTib: 100 },
      "EUR",
      start,
    );
    expect([estimate.creditMinor, estimate.chargeMinor, estimate.amountDueMinor]).toEqual([0, 0, 0]);
  });
});

describe("divideRounded", () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
    [7n, 1n, 7n],
  ])("%s / %s → %s", (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });

  it("refuses a denominator that is not positive", () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
    expect(() => divideRounded(1n, -2n)).toThrow(RangeError);
  });
});

describe("termEnd", () => {
  it.each([
    ["2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
    ["2025-03-15T09:45:30.250Z", "2026-03-15T09:45:30.250Z"],
    // 29 February plus a year is 28 February, not 1 March.
    ["2024-02-29T10:30:00.000Z", "2025-02-28T10:30:00.000Z"],
    ["2023-02-28T00:00:00.000Z", "2024-02-28T00:00:00.000Z"],
    ["2023-03-01T00:00:00.000Z", "2024-03-01T00:00:00.000Z"],
    ["2024-01-31T23:59:59.000Z", "2025-01-31T23:59:59.000Z"],
    ["2024-12-31T23:59:59.999Z", "2025-12-31T23:59:59.999Z"],
  ])("%s → %s", (start, end) => {
    expect(termEnd(new Date(start)).toISOString()).toBe(end);
  });
});

describe("judgeCapacity", () => {
  it.each<[PlanPrice, number, ReturnType<typeof judgeCapacity>]>([
    [STANDARD, 1, { kind: "ok" }],
    [STANDARD, 25, { kind: "ok" }],
    [STANDARD, 26, { kind: "contact-sales", capTib: 25 }],
    [LITE, 9, { kind: "below-minimum", minQuantity: 10 }],
    [LITE, 10, { kind: "ok" }],
    [ENTERPRISE, 24, { kind: "below-minimum", minQuantity: 25 }],
    [ENTERPRISE, 25, { kind: "ok" }],
    [ENTERPRISE, 400, { kind: "ok" }],
    [ENTERPRISE, 401, { kind: "contact-sales", capTib: 400 }],
    [PLUS, 99, { kind: "below-minimum", minQuantity: 100 }],
    [PLUS, 100, { kind: "ok" }],
    [PLUS, 1024, { kind: "contact-sales", capTib: 400 }],
    [TRIAL, 1, { kind: "contact-sales", capTib: 0 }],
    [CUSTOM, 1000, { kind: "contact-sales", capTib: 0 }],
  ])("%o, %i TiB", (price, capacityTib, verdict) => {
    expect(judgeCapacity(price, capacityTib)).toEqual(verdict);
  });
});

describe("capacity units and plan families", () => {
  it.each([
    [5, "TiB", 5],
    [1, "PiB", 1024],
    [3, "PiB", 3072],
    [999_999_999, "PiB", 1_023_999_998_976],
  ] as const)("%i %s = %i TiB", (capacity, unit, tib) => {
    expect(toTib(capacity, unit)).toBe(tib);
  });

  it("knows the enterprise family and its default cap", () => {
    expect(["ENTERPRISE", "ENTERPRISE-LITE", "enterprise-plus"].map(isEnterprisePlan)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["STANDARD", "TRIAL", "CUSTOM"].map(isEnterprisePlan)).toEqual([false, false, false]);
    expect(defaultSelfServeCapTib("ENTERPRISE-PLUS")).toBe(400);
    expect(defaultSelfServeCapTib("STANDARD")).toBe(25);
  });

  it("formats minor units as money", () => {
    expect(formatMoney(123_456, "USD")).toBe("$1,234.56");
    expect(formatMoney(123_456, "EUR")).toBe("€1,234.56");
    expect(formatMoney(5, "USD")).toBe("$0.05");
  });
});
