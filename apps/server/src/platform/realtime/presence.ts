/**
 * Who is connected, across instances: each instance counts its own sockets per user; with Redis,
 * it also keeps one entry per (user, instance) in a sorted set scored by expiry, refreshed by a
 * heartbeat, so an instance that dies without cleaning up stops counting within a minute.
 */
import type Redis from "ioredis";

const TTL_MS = 60_000;
const REFRESH_MS = 20_000;

export class Presence {
  private readonly local = new Map<number, number>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly key: string,
    private readonly instanceId: string,
  ) {
    if (redis) {
      this.timer = setInterval(() => void this.refresh().catch(() => {}), REFRESH_MS);
      this.timer.unref();
    }
  }

  private member(userId: number) {
    return `${userId}:${this.instanceId}`;
  }

  /** Counts a socket of the user; true when the user just came online on this instance. */
  async connected(userId: number): Promise<boolean> {
    const count = (this.local.get(userId) ?? 0) + 1;
    this.local.set(userId, count);
    if (count > 1) return false;
    await this.redis?.zadd(this.key, Date.now() + TTL_MS, this.member(userId));
    return true;
  }

  /** Uncounts a socket; true when the user has no socket left on any instance. */
  async disconnected(userId: number): Promise<boolean> {
    const count = (this.local.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.local.set(userId, count);
      return false;
    }
    this.local.delete(userId);
    if (!this.redis) return true;
    await this.redis.zrem(this.key, this.member(userId));
    return !(await this.onlineUsers()).has(userId);
  }

  async onlineUsers(): Promise<Set<number>> {
    if (!this.redis) return new Set(this.local.keys());
    const members = await this.redis.zrangebyscore(this.key, Date.now(), "+inf");
    return new Set(members.map((m) => Number(m.split(":")[0])));
  }

  private async refresh() {
    if (!this.redis) return;
    const now = Date.now();
    await this.redis.zremrangebyscore(this.key, "-inf", now);
    if (this.local.size === 0) return;
    const args = [...this.local.keys()].flatMap((id) => [now + TTL_MS, this.member(id)]);
    await this.redis.zadd(this.key, ...args);
  }

  /** Forgets this instance's entries (shutting down). */
  async close() {
    if (this.timer) clearInterval(this.timer);
    const mine = [...this.local.keys()].map((id) => this.member(id));
    this.local.clear();
    if (this.redis && mine.length > 0) await this.redis.zrem(this.key, ...mine).catch(() => {});
  }
}
