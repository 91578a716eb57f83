/**
 * Attempt limits, in memory for one process or in Redis when REDIS_URL is set so that every
 * instance shares the counters.
 *
 * Credentials (password, one-time code, current password) are limited by their failures only,
 * per (account, address) pair and per address: an attacker is slowed on the addresses they use,
 * while the account's owner, signing in correctly from an address that has not been failing, is
 * never refused. Requests that cost us mail (codes, resets, sign-ups, invitations) are limited per
 * account or recipient and per address or sender, success or not.
 */
import type Redis from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { HttpError } from "./errors";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const RULES = {
  credentialFailuresPerAccountAddress: { points: 10, duration: 15 * MINUTE },
  credentialFailuresPerAddress: { points: 50, duration: 15 * MINUTE },
  otpSendPerAccount: { points: 6, duration: 15 * MINUTE },
  resetPerAccount: { points: 5, duration: HOUR },
  resetPerAddress: { points: 30, duration: HOUR },
  signupPerAccount: { points: 5, duration: HOUR },
  signupPerAddress: { points: 30, duration: HOUR },
  invitesPerInviter: { points: 100, duration: 24 * HOUR },
  invitesPerRecipient: { points: 3, duration: 24 * HOUR },
  /** Mentions send mail: one sender's notify calls. */
  notifyPerSender: { points: 60, duration: HOUR },
  /** Phone codes cost a text message: per user and per number called. */
  smsCodePerUser: { points: 5, duration: HOUR },
  smsCodePerNumber: { points: 5, duration: HOUR },
  /** A model's summary costs money: one user's summarize calls. */
  summariesPerUser: { points: 30, duration: HOUR },
  /** The contact-sales form reaches people (and a forward URL): one user's requests. */
  salesRequestsPerUser: { points: 10, duration: HOUR },
  /** Feedback is read by people: one user's sends. */
  feedbackPerUser: { points: 10, duration: HOUR },
} as const;

export type LimitName = keyof typeof RULES;
export type LimitCheck = [LimitName, string];
export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again later";

function tooMany(msBeforeNext: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, TOO_MANY_ATTEMPTS, undefined, { "retry-after": String(retryAfter) });
}

/** The counters a credential check uses: this account from this address, and this address. */
export function credentialKeys(account: string, address: string): LimitCheck[] {
  return [
    ["credentialFailuresPerAccountAddress", `${account}|${address}`],
    ["credentialFailuresPerAddress", address],
  ];
}

export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;

  constructor(redis?: Redis) {
    const entries = (Object.keys(RULES) as LimitName[]).map((name) => [
      name,
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `portico:rl:${name}`, ...RULES[name] })
        : new RateLimiterMemory({ keyPrefix: name, ...RULES[name] }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<LimitName, RateLimiterAbstract>;
  }

  /** Counts `points` attempts under each named limit; 429 with Retry-After once any is used up. */
  async consume(checks: LimitCheck[], points = 1): Promise<void> {
    for (const [name, key] of checks) {
      try {
        await this.limiters[name].consume(key.toLowerCase(), points);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
        throw err;
      }
    }
  }

  /** 429 when any named limit is already used up; counts nothing. */
  async assertOpen(checks: LimitCheck[]): Promise<void> {
    for (const [name, key] of checks) {
      const state = await this.limiters[name].get(key.toLowerCase());
      if (state && state.consumedPoints >= RULES[name].points) throw tooMany(state.msBeforeNext);
    }
  }

  /** Records one failure under each named limit, without refusing this request. */
  async fail(checks: LimitCheck[]): Promise<void> {
    await Promise.all(checks.map(([name, key]) => this.limiters[name].penalty(key.toLowerCase(), 1)));
  }

  /** Forgets the failures counted under one limit (a success from that account and address). */
  async clear([name, key]: LimitCheck): Promise<void> {
    await this.limiters[name].delete(key.toLowerCase());
  }

  /**
   * Runs a credential check under the failure limits of `checks`: refused while they are used up,
   * counted when `attempt` throws, and the pair's count cleared when it succeeds.
   */
  async guardCredential<T>(checks: LimitCheck[], attempt: () => Promise<T>): Promise<T> {
    await this.assertOpen(checks);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (err instanceof HttpError && (err.status === 400 || err.status === 401)) await this.fail(checks);
      throw err;
    }
    const [pair] = checks;
    if (pair) await this.clear(pair);
    return result;
  }
}
