import { describe, expect, it } from "vitest";
import {
  EXPIRED_GRACE_MS,
  on401Action,
  RENEWAL_CHECK_INTERVAL_MS,
  RENEWAL_THRESHOLD_MS,
  shouldRenew,
} from "./token-rules";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const now = Date.parse("2026-03-01T12:00:00Z");

describe("token constants (spec §9)", () => {
  it("checks every 60 s, renews under 6 minutes, and waits for renewal up to 7 days", () => {
    expect(RENEWAL_CHECK_INTERVAL_MS).toBe(60_000);
    expect(RENEWAL_THRESHOLD_MS).toBe(6 * MIN);
    expect(EXPIRED_GRACE_MS).toBe(7 * DAY);
  });
});

describe("shouldRenew", () => {
  it.each([
    ["15 minutes left", now + 15 * MIN, false],
    ["exactly 6 minutes left", now + 6 * MIN, false],
    ["5 min 59 s left", now + 6 * MIN - 1000, true],
    ["1 minute left", now + MIN, true],
    ["already expired", now - MIN, true],
  ])("%s → %s", (_label, expiresAt, expected) => {
    expect(shouldRenew(expiresAt, now)).toBe(expected);
  });

  it("a token issued for 15 minutes is renewed by the 10th one-minute check, not before", () => {
    const expiresAt = now + 15 * MIN;
    const firstDue = Array.from({ length: 15 }, (_, i) => now + (i + 1) * RENEWAL_CHECK_INTERVAL_MS).find(
      (t) => shouldRenew(expiresAt, t),
    );
    expect(firstDue).toBe(now + 10 * MIN);
  });
});

describe("on401Action", () => {
  it("without a token the user was never signed in: unauthorized", () => {
    expect(on401Action({ expiresAt: null, now, retried: false })).toBe("unauthorized");
  });

  it("a token that expired less than 7 days ago waits for renewal", () => {
    expect(on401Action({ expiresAt: now - 6 * DAY, now, retried: false })).toBe("renew");
    expect(on401Action({ expiresAt: now - MIN, now, retried: false })).toBe("renew");
  });

  it("a token not yet expired but refused is renewed once too", () => {
    expect(on401Action({ expiresAt: now + 5 * MIN, now, retried: false })).toBe("renew");
  });

  it("7 days or more after expiry the session is over", () => {
    expect(on401Action({ expiresAt: now - 7 * DAY, now, retried: false })).toBe("expired");
    expect(on401Action({ expiresAt: now - 30 * DAY, now, retried: false })).toBe("expired");
  });

  it("a 401 on the retry after a renewal ends the session instead of looping", () => {
    expect(on401Action({ expiresAt: now + 14 * MIN, now, retried: true })).toBe("expired");
  });
});
