/**
 * Attempt limits for sign-in, one-time codes, password resets and sign-ups, counted per account
 * (e-mail) and per client address. In memory for one process; in Redis when REDIS_URL is set so
 * that every instance shares the counters.
 */
import type Redis from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { HttpError } from "./errors";

const RULES = {
  loginPerAccount: { points: 10, duration: 15 * 60 },
  loginPerAddress: { points: 100, duration: 15 * 60 },
  otpPerAccount: { points: 10, duration: 15 * 60 },
  otpSendPerAccount: { points: 6, duration: 15 * 60 },
  resetPerAccount: { points: 5, duration: 60 * 60 },
  resetPerAddress: { points: 30, duration: 60 * 60 },
  signupPerAccount: { points: 5, duration: 60 * 60 },
  signupPerAddress: { points: 30, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof RULES;
export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again later";

export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;

  constructor(redis?: Redis) {
    const build = (name: LimitName): RateLimiterAbstract =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `portico:rl:${name}`, ...RULES[name] })
        : new RateLimiterMemory({ keyPrefix: name, ...RULES[name] });
    this.limiters = {
      loginPerAccount: build("loginPerAccount"),
      loginPerAddress: build("loginPerAddress"),
      otpPerAccount: build("otpPerAccount"),
      otpSendPerAccount: build("otpSendPerAccount"),
      resetPerAccount: build("resetPerAccount"),
      resetPerAddress: build("resetPerAddress"),
      signupPerAccount: build("signupPerAccount"),
      signupPerAddress: build("signupPerAddress"),
    };
  }

  /** Counts one attempt under each named limit; 429 with Retry-After once any is used up. */
  async consume(...checks: Array<[LimitName, string]>): Promise<void> {
    for (const [name, key] of checks) {
      try {
        await this.limiters[name].consume(key.toLowerCase());
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
          throw new HttpError(429, TOO_MANY_ATTEMPTS, undefined, { "retry-after": String(retryAfter) });
        }
        throw err;
      }
    }
  }
}
