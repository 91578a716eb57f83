import { describe, expect, it } from "vitest";
import { BILLING_MESSAGES, ZEstimateQuery, zCapacity } from "./billing";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("zCapacity", () => {
  it.each<[unknown, number]>([
    ["1", 1],
    ["25", 25],
    ["007", 7],
    [" 42 ", 42],
    ["999999999", 999_999_999],
    ["0000000001", 1],
    [100, 100],
    [1e3, 1000],
  ])("%o → %i", (input, expected) => {
    expect(zCapacity.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    ["", BILLING_MESSAGES.capacityRequired],
    ["   ", BILLING_MESSAGES.capacityRequired],
    ["0", BILLING_MESSAGES.capacityRequired],
    ["000", BILLING_MESSAGES.capacityRequired],
    [0, BILLING_MESSAGES.capacityRequired],
    [undefined, BILLING_MESSAGES.capacityRequired],
    [null, BILLING_MESSAGES.capacityRequired],
    ["-5", BILLING_MESSAGES.capacityInvalid],
    [-5, BILLING_MESSAGES.capacityInvalid],
    ["12.5", BILLING_MESSAGES.capacityInvalid],
    [12.5, BILLING_MESSAGES.capacityInvalid],
    ["1e3", BILLING_MESSAGES.capacityInvalid],
    ["abc", BILLING_MESSAGES.capacityInvalid],
    ["10 TiB", BILLING_MESSAGES.capacityInvalid],
    ["0x10", BILLING_MESSAGES.capacityInvalid],
    // Not a number at all to zod (JSON cannot carry it either): as if nothing were sent.
    [Number.NaN, BILLING_MESSAGES.capacityRequired],
    [1e21, BILLING_MESSAGES.capacityInvalid],
    ["1234567890", BILLING_MESSAGES.capacityTooLong],
    [1_234_567_890, BILLING_MESSAGES.capacityTooLong],
  ])("%o is refused: %s", (input, message) => {
    expect(firstMessage(zCapacity.safeParse(input))).toBe(message);
  });
});

describe("ZEstimateQuery", () => {
  it("reads a query string: capacity as a number, TiB by default, currency optional", () => {
    expect(ZEstimateQuery.parse({ service_type: "ENTERPRISE", capacity: "0100" })).toEqual({
      service_type: "ENTERPRISE",
      capacity: 100,
      unit: "TiB",
    });
    expect(
      ZEstimateQuery.parse({ service_type: "STANDARD", capacity: "2", unit: "PiB", currency: "EUR" }),
    ).toEqual({ service_type: "STANDARD", capacity: 2, unit: "PiB", currency: "EUR" });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ service_type: "GOLD", capacity: "10" }, BILLING_MESSAGES.planNotFound],
    [{ capacity: "10" }, BILLING_MESSAGES.planNotFound],
    [{ service_type: "STANDARD" }, BILLING_MESSAGES.capacityRequired],
    [{ service_type: "STANDARD", capacity: "12.5" }, BILLING_MESSAGES.capacityInvalid],
    [{ service_type: "STANDARD", capacity: "10", unit: "EiB" }, BILLING_MESSAGES.unit],
    [{ service_type: "STANDARD", capacity: "10", unit: "tib" }, BILLING_MESSAGES.unit],
    [{ service_type: "STANDARD", capacity: "10", currency: "GBP" }, BILLING_MESSAGES.currency],
    [{ service_type: "STANDARD", capacity: "10", currency: "usd" }, BILLING_MESSAGES.currency],
  ])("%o is refused: %s", (query, message) => {
    expect(firstMessage(ZEstimateQuery.safeParse(query))).toBe(message);
  });
});
